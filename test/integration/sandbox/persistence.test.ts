import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Booking, Hold, Transaction } from '../../../contract/partner/index.ts';
import { DEMO, contact, expectData, expectPage, passenger, startTestSandbox, type TestSandbox } from './helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-persist-'));
const dbPath = join(dir, 'sandbox.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('persistence across restart on the same --db file', () => {
  it('keeps wallets, ledger, holds, bookings, idempotency records, clock offset and tokens', async () => {
    let sbx: TestSandbox = await startTestSandbox({ dbPath });
    const { detail } = await sbx.pickOffer();
    const token = await sbx.token();
    await sbx.control('POST', '/wallet/topup', { client_id: DEMO, amount_minor: 777 });
    const hold = expectData(await sbx.call('POST', '/holds', { token, body: { offer_id: detail.id } }), Hold, 201);
    const body = { offer_id: detail.id, passengers: [passenger()], contact };
    const first = await sbx.book(body, { key: 'persist-1' });
    const booking = expectData(first, Booking, 201);
    await sbx.advance(600);
    const clockBefore = await sbx.now();
    const walletBefore = await sbx.wallet();
    const linesBefore = expectPage(await sbx.call('GET', '/wallet/transactions', { token: await sbx.token() }), Transaction).data;
    await sbx.close();

    sbx = await startTestSandbox({ dbPath });
    try {
      expect(Math.abs((await sbx.now()) - clockBefore)).toBeLessThan(5000);
      expect(await sbx.wallet()).toEqual(walletBefore);
      expect(expectPage(await sbx.call('GET', '/wallet/transactions', { token: await sbx.token() }), Transaction).data).toEqual(linesBefore);
      expect(expectData(await sbx.call('GET', `/holds/${hold.id}`, { token: await sbx.token() }), Hold)).toEqual(hold);
      const reread = expectData(await sbx.call('GET', `/bookings/${booking.id}`, { token: await sbx.token() }), Booking);
      // Ticket links follow the server's current address (a new port here); the rest is as it was.
      expect({ ...reread, tickets: null }).toEqual({ ...booking, tickets: null });
      expect(reread.tickets?.list_url).toBe(`${sbx.base}/bookings/${booking.id}/tickets`);
      expect(reread.tickets?.version).toBe(booking.tickets?.version);
      const replay = await sbx.book(body, { key: 'persist-1' });
      expect([replay.status, replay.text]).toEqual([201, first.text]);
      // The held and booked seats are still taken after the restart.
      const after = await sbx.offer(detail.id);
      expect(after.seats_available).toBeLessThanOrEqual(detail.seats_available! - 2);
      // The token secret is kept with the database.
      expect((await sbx.call('GET', '/wallet', { token })).status).toBe(200);
    } finally {
      await sbx.close();
    }
  });
});
