import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking, TicketList } from '../../../contract/partner/index.ts';
import { createSandbox, type Sandbox } from '../../../sandbox/context.ts';
import type { InventoryStation } from '../../../sandbox/inventory/types.ts';
import { buildApp } from '../../../sandbox/server.ts';
import { pdfPages } from '../../unit/pdf/pdf-tools.ts';
import { TestSandbox, contact, expectData, passenger } from './helpers.ts';

// "A station verified later appears from then on" (partner-api.md § Booking), and the ticket
// version changes whenever anything printed changes. The inventory is fixed per seed, so this
// test reaches into the running sandbox to change a boarding point's verified position.

let sandbox: Sandbox;
let sbx: TestSandbox;
beforeAll(async () => {
  sandbox = createSandbox({ dbPath: ':memory:' });
  const app = buildApp(sandbox);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  sandbox.baseUrl = `${origin}/v1`;
  sbx = new TestSandbox({
    origin,
    baseUrl: sandbox.baseUrl,
    port,
    close: async () => {
      await app.close();
      sandbox.db.close();
    },
  });
});
afterAll(() => sbx.close());

function ticketUpdates(reference: string): { version: string; previous_version: string }[] {
  return (sandbox.db.prepare("SELECT data FROM events WHERE type = 'booking.ticket_updated' ORDER BY seq").all() as { data: string }[])
    .map((row) => JSON.parse(row.data) as { booking_reference: string; version: string; previous_version: string })
    .filter((d) => d.booking_reference === reference)
    .map(({ version, previous_version }) => ({ version, previous_version }));
}

describe('a boarding point whose position changes after the sale', () => {
  it('shows on the booking and the ticket from then on, with a new version each time and booking.ticket_updated', async () => {
    const { detail } = await sbx.pickOffer();
    const booking = await sbx.bookOk({ offer_id: detail.id, passengers: [passenger()], contact });
    const stationId = sandbox.bookings.store.getAny(booking.id)!.journey.origin.stationId!;
    const verified = sandbox.inventory.stationById.get(stationId)!;
    expect(verified.latitude).not.toBeNull();
    const unverified: InventoryStation = { ...verified, latitude: null, longitude: null, address: null, address_ar: null };
    const token = await sbx.token();
    const read = async () => ({
      booking: expectData(await sbx.call('GET', `/bookings/${booking.id}`, { token }), Booking),
      list: expectData(await sbx.call('GET', `/bookings/${booking.id}/tickets`, { token }), TicketList),
      pdf: await sbx.download(`/bookings/${booking.id}/tickets.pdf`, { token }),
    });

    try {
      // The position is withdrawn: no coordinates, no map link, version 2.
      sandbox.inventory.stationById.set(stationId, unverified);
      const before = await read();
      expect(before.booking.origin).toMatchObject({ latitude: null, longitude: null, address: null });
      expect(before.booking.tickets!.version).toBe('2');
      expect(before.list.version).toBe('2');
      expect(pdfPages(before.pdf.body)[0]).not.toContain('google.com/maps');

      // Verified (again) later: it appears from then on, version 3.
      sandbox.inventory.stationById.set(stationId, verified);
      const after = await read();
      expect(after.booking.origin).toMatchObject({ latitude: verified.latitude, longitude: verified.longitude, address: verified.address });
      expect(after.list.version).toBe('3');
      expect(after.pdf.headers.get('etag')).not.toBe(before.pdf.headers.get('etag'));
      expect(pdfPages(after.pdf.body)[0]).toContain(`https://www.google.com/maps?q=${verified.latitude},${verified.longitude}`);
      // Reading again changes nothing.
      expect((await read()).list.version).toBe('3');
      expect(ticketUpdates(booking.id)).toEqual([
        { version: '2', previous_version: '1' },
        { version: '3', previous_version: '2' },
      ]);
    } finally {
      sandbox.inventory.stationById.set(stationId, verified);
    }
  });
});
