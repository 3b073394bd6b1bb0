import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Booking, TicketList } from '../../../contract/partner/index.ts';
import { cairoDate } from '../../../core/cairo-time.ts';
import { pdfPages, rasterise, squash } from '../../unit/pdf/pdf-tools.ts';
import { DEMO, LIVE, contact, expectData, expectProblem, fieldsOf, passenger, startTestSandbox, type TestSandbox } from './helpers.ts';
import { register, startReceiver, type Receiver } from './receiver.ts';

// The operator's disruptions through the control API: reschedule and cancel-trip change the
// booking, the ticket list and the PDFs (new version, new ETag) and fire trip.* and
// booking.ticket_updated.

const OUT = path.resolve(import.meta.dirname, '../../../test-results/tickets-http');
const IGNORED = /[\s\u064b-\u0652()]/gu;
const has = (page: string, needle: string) => squash(page).replace(IGNORED, '').includes(needle.replace(IGNORED, ''));

let sbx: TestSandbox;
let hooks: Receiver;
beforeAll(async () => {
  sbx = await startTestSandbox();
});
afterAll(() => sbx.close());
beforeEach(async () => {
  await sbx.reset();
  hooks = await startReceiver();
  await register(sbx, DEMO, hooks.url);
});
afterEach(() => hooks.close());

async function book(clientId = DEMO): Promise<Booking> {
  const { detail } = await sbx.pickOffer({ clientId });
  const seat = detail.seats.find((s) => s.available)!;
  return sbx.bookOk({ offer_id: detail.id, passengers: [passenger('Mona Hassan', { seat: seat.number })], contact }, { clientId });
}

async function read(reference: string, clientId = DEMO): Promise<{ booking: Booking; list: TicketList }> {
  const token = await sbx.token(clientId);
  return {
    booking: expectData(await sbx.call('GET', `/bookings/${reference}`, { token }), Booking),
    list: expectData(await sbx.call('GET', `/bookings/${reference}/tickets`, { token }), TicketList),
  };
}

async function pdf(url: string, clientId = DEMO): Promise<{ text: string; etag: string; body: Buffer }> {
  const reply = await sbx.download(url, { token: await sbx.token(clientId) });
  expect(reply.status).toBe(200);
  return { text: pdfPages(reply.body).join('\f'), etag: reply.headers.get('etag')!, body: reply.body };
}

const reschedule = (reference: string, body: unknown) => sbx.control('POST', `/bookings/${reference}/reschedule`, body);
const cancelTrip = (reference: string) => sbx.control('POST', `/bookings/${reference}/cancel-trip`);

describe('POST /_sandbox/bookings/{reference}/reschedule', () => {
  it('moves the departure on the booking, the ticket list and both PDFs, with a new version and ETag', async () => {
    const booking = await book();
    const before = await read(booking.id);
    const enBefore = await pdf(`/bookings/${booking.id}/tickets.pdf`);
    const arBefore = await pdf(`/bookings/${booking.id}/tickets/0.pdf?lang=ar`);

    // Two days and 47 minutes later, written in UTC: kept in Cairo time with its offset.
    const moved = Date.parse(booking.departure_at!) + (2 * 24 * 60 + 47) * 60_000;
    const answer = expectData(await reschedule(booking.id, { departure_at: new Date(moved).toISOString() }), Booking);
    expect(Date.parse(answer.departure_at!)).toBe(moved);
    expect(answer.departure_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+0[23]:00$/);
    expect(answer.origin.departs_at).toBe(answer.departure_at);
    expect(answer.travel_date).toBe(cairoDate(moved));
    expect(answer.travel_date).not.toBe(booking.travel_date);
    if (booking.arrival_at) {
      expect(Date.parse(answer.arrival_at!) - Date.parse(booking.arrival_at)).toBe(moved - Date.parse(booking.departure_at!));
      expect(answer.destination.arrives_at).toBe(answer.arrival_at);
      expect(Date.parse(answer.arrival_at!) - moved).toBe(booking.duration_minutes! * 60_000);
    }

    const after = await read(booking.id);
    expect(after.booking).toEqual(answer);
    expect(after.booking.tickets!.version).toBe('2');
    expect(after.list).toMatchObject({ version: '2', ready: true, valid_for_travel: false });
    expect(Date.parse(after.list.updated_at)).toBeGreaterThan(Date.parse(before.list.updated_at));
    // The booking list shows the same version.
    const listed = (await sbx.call('GET', `/bookings?travel_date=${answer.travel_date}`, { token: await sbx.token() })).json as { data: Booking[] };
    expect(listed.data.find((b) => b.id === booking.id)?.tickets?.version).toBe('2');

    const time = answer.departure_at!.slice(11, 16);
    const en = await pdf(`/bookings/${booking.id}/tickets.pdf`);
    expect(en.etag).not.toBe(enBefore.etag);
    expect(en.text).toContain(time);
    expect(en.text).toContain('Notice');
    expect(has(en.text, `The operator moved this departure. New departure:`)).toBe(true);
    expect(en.text).toContain('Ticket version 2');
    expect(en.text).not.toContain('CANCELLED');
    const ar = await pdf(`/bookings/${booking.id}/tickets/0.pdf?lang=ar`);
    expect(ar.etag).not.toBe(arBefore.etag);
    expect(ar.text).toContain(time);
    expect(has(ar.text, 'غيرت شركة النقل موعد هذه الرحلة')).toBe(true);
    rasterise(en.body, OUT, 'rescheduled-en', 80);

    // A conditional GET with the old ETag now gets the new PDF.
    const conditional = await sbx.download(`/bookings/${booking.id}/tickets.pdf`, { token: await sbx.token(), headers: { 'if-none-match': enBefore.etag } });
    expect(conditional.status).toBe(200);

    const [trip] = await hooks.waitForType('trip.rescheduled');
    const [updated] = await hooks.waitForType('booking.ticket_updated');
    expect(trip!.event.data).toMatchObject({ booking_reference: booking.id, previous_departure_at: booking.departure_at, departure_at: answer.departure_at });
    expect(updated!.event.data).toMatchObject({ booking_reference: booking.id, version: '2', previous_version: '1' });
  });

  it('changes nothing (no version, no event) when the departure does not move', async () => {
    const booking = await book();
    const same = expectData(await reschedule(booking.id, { departure_at: booking.departure_at }), Booking);
    expect(same.tickets!.version).toBe('1');
    await hooks.waitForType('booking.confirmed');
    expect(hooks.of('trip.rescheduled')).toEqual([]);
  });

  it('validates departure_at and the reference', async () => {
    const booking = await book();
    for (const departure_at of ['2026-07-01T10:00:00', 'tomorrow', 42, '2026-13-01T10:00:00+02:00', null]) {
      expect(fieldsOf(await reschedule(booking.id, { departure_at }))).toEqual(['departure_at']);
    }
    expect(fieldsOf(await reschedule(booking.id, { departure_at: new Date(Date.now() - 3600_000).toISOString() }))).toEqual(['departure_at']);
    expect(fieldsOf(await reschedule(booking.id, {}))).toEqual(['departure_at']);
    expect(fieldsOf(await reschedule(booking.id, { departure_at: booking.departure_at, extra: 1 }))).toContain('extra');
    expectProblem(await reschedule('PB-UNKNOWN00', { departure_at: booking.departure_at }), 404, 'invalid_reference');
  });
});

describe('POST /_sandbox/bookings/{reference}/cancel-trip', () => {
  it('marks the tickets not valid for travel with a do-not-travel notice, in the list and both PDFs', async () => {
    const booking = await book();
    const enBefore = await pdf(`/bookings/${booking.id}/tickets.pdf`);
    const answer = expectData(await cancelTrip(booking.id), Booking);
    expect(answer).toMatchObject({ status: 'confirmed', tickets: { valid_for_travel: false, version: '2' } });
    const { list } = await read(booking.id);
    expect(list).toMatchObject({ ready: true, valid_for_travel: false, version: '2', reason: 'The operator cancelled this departure. Do not travel.' });

    const en = await pdf(`/bookings/${booking.id}/tickets.pdf`);
    expect(en.etag).not.toBe(enBefore.etag);
    expect(en.text).toContain('DEPARTURE CANCELLED — DO NOT TRAVEL');
    expect(en.text).toContain('The operator cancelled this departure. Do not travel.');
    expect(en.text).toContain('NOT VALID FOR TRAVEL — SANDBOX');
    const ar = await pdf(`/bookings/${booking.id}/tickets.pdf?lang=ar`);
    expect(has(ar.text, 'تم إلغاء الرحلة — لا تسافر')).toBe(true);
    expect(has(ar.text, 'ألغت شركة النقل هذه الرحلة. لا تسافر.')).toBe(true);
    // Kept as artefacts (looked at): the cancelled ticket in both languages.
    rasterise(en.body, OUT, 'cancelled-en', 80);
    rasterise(ar.body, OUT, 'cancelled-ar', 80);

    const [trip] = await hooks.waitForType('trip.cancelled');
    expect(trip!.event.data).toMatchObject({ booking_reference: booking.id, reason: 'The operator cancelled this departure. Do not travel.' });
    const [updated] = await hooks.waitForType('booking.ticket_updated');
    expect(updated!.event.data).toMatchObject({ version: '2', previous_version: '1', valid_for_travel: false });
    // trip.cancelled comes before the ticket change it causes.
    expect(hooks.received.findIndex((r) => r.event.type === 'trip.cancelled')).toBeLessThan(
      hooks.received.findIndex((r) => r.event.type === 'booking.ticket_updated'),
    );
  });

  it('turns a valid LIVE ticket invalid', async () => {
    await sbx.control('POST', '/wallet/topup', { client_id: LIVE, amount_minor: 5_000_000 });
    const booking = await book(LIVE);
    expect((await read(booking.id, LIVE)).list).toMatchObject({ valid_for_travel: true, reason: null });
    expectData(await cancelTrip(booking.id), Booking);
    expect((await read(booking.id, LIVE)).list).toMatchObject({ valid_for_travel: false, reason: expect.stringMatching(/do not travel/i) });
    const en = await pdf(`/bookings/${booking.id}/tickets.pdf`, LIVE);
    expect(en.text).toContain('DEPARTURE CANCELLED — DO NOT TRAVEL');
    expect(en.text).not.toContain('SANDBOX');
  });

  it('refuses a second cancellation, a reschedule after it, and bookings that are not confirmed (409)', async () => {
    const booking = await book();
    expectData(await cancelTrip(booking.id), Booking);
    expect((await cancelTrip(booking.id)).json).toMatchObject({ status: 409, code: 'trip_cancelled' });
    expect((await reschedule(booking.id, { departure_at: booking.departure_at })).json).toMatchObject({ status: 409, code: 'trip_cancelled' });

    const { detail } = await sbx.pickOffer();
    const pending = await sbx.bookOk({ offer_id: detail.id, passengers: [passenger('Hany TEST PENDING')], contact });
    expectProblem(await cancelTrip(pending.id), 409, 'booking_not_confirmed');
    expectProblem(await reschedule(pending.id, { departure_at: booking.departure_at }), 409, 'booking_not_confirmed');
    const failed = expectProblem(await sbx.book({ offer_id: detail.id, passengers: [passenger('Omar TEST FAIL')], contact }), 409, 'provider_rejected');
    expectProblem(await cancelTrip(failed.booking_reference as string), 409, 'booking_not_confirmed');
    expectProblem(await cancelTrip('PB-UNKNOWN00'), 404, 'invalid_reference');
    // Once the pending booking is confirmed, it can be disrupted.
    await sbx.advance(31);
    expect(expectData(await cancelTrip(pending.id), Booking).tickets?.valid_for_travel).toBe(false);
  });
});
