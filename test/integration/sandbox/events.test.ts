import { afterEach, beforeAll, beforeEach, afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Booking, Money, Transaction } from '../../../contract/partner/index.ts';
import {
  DEMO,
  DEMO_2,
  LIVE,
  OTHER,
  contact,
  expectData,
  expectProblem,
  fieldsOf,
  passenger,
  startTestSandbox,
  type TestSandbox,
} from './helpers.ts';
import { deliveries, expectSigned, register, startReceiver, waitForDeliveries, type Receiver } from './receiver.ts';

// Webhooks over real HTTP: endpoints registered through the control API, every event type
// delivered to a local receiver that checks signatures with the `standardwebhooks` package,
// retries on the simulated clock, pausing after 25 failures in a row, and delivery that never
// slows the API.

let sbx: TestSandbox;
const receivers: Receiver[] = [];
beforeAll(async () => {
  sbx = await startTestSandbox();
});
afterAll(() => sbx.close());
beforeEach(() => sbx.reset());
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

async function receiver(): Promise<Receiver> {
  const r = await startReceiver();
  receivers.push(r);
  return r;
}

const RETRIES_S = [5, 300, 1800, 7200, 18_000, 36_000, 50_400, 72_000, 86_400];

async function topUp(clientId = DEMO, amount = 100): Promise<void> {
  expect((await sbx.control('POST', '/wallet/topup', { client_id: clientId, amount_minor: amount })).status).toBe(200);
}

describe('POST /_sandbox/webhooks', () => {
  it('registers an endpoint with a whsec_ secret of 24+ random bytes; the same URL again is the same endpoint', async () => {
    const r = await receiver();
    const first = await register(sbx, DEMO, r.url);
    expect(first.id).toMatch(/^ep_/);
    expect(first.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(first.secret.slice('whsec_'.length), 'base64').length).toBeGreaterThanOrEqual(24);
    expect(await register(sbx, DEMO, r.url)).toEqual(first);
    const other = await register(sbx, DEMO, `${r.url}/other`);
    expect(other.id).not.toBe(first.id);
    expect(other.secret).not.toBe(first.secret);
  });

  it('refuses non-https URLs other than loopback, bad bodies and unknown client ids', async () => {
    for (const url of ['http://example.com/hooks', 'ftp://127.0.0.1/x', 'not a url', '/relative', 'http://10.0.0.1/x']) {
      expect(fieldsOf(await sbx.control('POST', '/webhooks', { client_id: DEMO, url }))).toEqual(['url']);
    }
    for (const url of ['https://partner.example/hooks', 'http://localhost:9/x', 'http://127.0.0.1:9/x', 'http://[::1]:9/x']) {
      expect((await sbx.control('POST', '/webhooks', { client_id: DEMO, url })).status).toBe(200);
    }
    expect(fieldsOf(await sbx.control('POST', '/webhooks', { client_id: DEMO }))).toEqual(['url']);
    expect(fieldsOf(await sbx.control('POST', '/webhooks', { client_id: DEMO, url: 'https://a.example', extra: 1 }))).toContain('extra');
    expectProblem(await sbx.control('POST', '/webhooks', { client_id: 'cid_sandbox_nobody', url: 'https://a.example' }), 404, 'invalid_reference');
  });
});

describe('delivery', () => {
  it('delivers every event type of the account and environment, signed (Standard Webhooks)', async () => {
    const demo = await receiver();
    const other = await receiver();
    const live = await receiver();
    const { secret } = await register(sbx, DEMO, demo.url);
    await register(sbx, OTHER, other.url);
    await register(sbx, LIVE, live.url);

    const { detail } = await sbx.pickOffer();
    const booking = await sbx.bookOk({ offer_id: detail.id, passengers: [passenger()], contact });
    const failed = await sbx.book({ offer_id: detail.id, passengers: [passenger('Omar TEST FAIL')], contact });
    const failedRef = expectProblem(failed, 409, 'provider_rejected').booking_reference;
    await topUp(DEMO, 2500);
    const balance = (await sbx.wallet()).balance.amount_minor;
    await sbx.control('POST', '/wallet/adjust', { client_id: DEMO, amount_minor: 400_000 - balance, reason: 'Settlement' });
    const departure = new Date(Date.parse(booking.departure_at!) + 90 * 60_000).toISOString();
    expect((await sbx.control('POST', `/bookings/${booking.id}/reschedule`, { departure_at: departure })).status).toBe(200);
    expect((await sbx.control('POST', `/bookings/${booking.id}/cancel-trip`)).status).toBe(200);

    const types = [
      'booking.confirmed',
      'booking.failed',
      'wallet.topped_up',
      'wallet.low_balance',
      'trip.rescheduled',
      'booking.ticket_updated',
      'trip.cancelled',
      'booking.ticket_updated',
    ];
    await demo.waitFor((all) => all.length >= types.length);
    await sbx.settle(); // anything else due would have been sent and answered by now
    expect(demo.received.map((r) => r.event.type)).toEqual(types);
    const now = await sbx.now();
    for (const r of demo.received) {
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.id).toBe(r.event.id);
      expect(r.id).toMatch(/^evt_/);
      expect(Object.keys(r.event)).toEqual(['id', 'type', 'created_at', 'data']);
      expect(r.event.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
      expect(Math.abs(r.timestamp * 1000 - now)).toBeLessThan(10_000);
      expectSigned(secret, r);
    }
    expect(new Set(demo.received.map((r) => r.id)).size).toBe(types.length);
    // Nothing of demo's sandbox events reaches another account or demo's live endpoint.
    expect(other.received).toEqual([]);
    expect(live.received).toEqual([]);

    const [confirmed, failedEvent, topped, low, rescheduled, updated, cancelled, updatedAgain] = demo.received.map((r) => r.event.data);
    expect(Booking.parse(confirmed!.booking)).toMatchObject({ id: booking.id, status: 'confirmed' });
    expect(Booking.parse(failedEvent!.booking)).toMatchObject({ id: failedRef, status: 'failed', total_charged: { amount_minor: 0 } });
    expect(topped).toEqual({
      environment: 'SANDBOX',
      amount: { amount_minor: 2500, currency: 'EGP' },
      balance: { amount_minor: balance, currency: 'EGP' },
      transaction: Transaction.parse(topped!.transaction),
    });
    expect(z.strictObject({ environment: z.literal('SANDBOX'), balance: Money, low_balance_threshold: Money }).parse(low)).toEqual({
      environment: 'SANDBOX',
      balance: { amount_minor: 400_000, currency: 'EGP' },
      low_balance_threshold: { amount_minor: 500_000, currency: 'EGP' },
    });
    expect(rescheduled).toMatchObject({
      booking_reference: booking.id,
      environment: 'SANDBOX',
      previous_departure_at: booking.departure_at,
      departure_at: expect.stringMatching(/\+0[23]:00$/),
    });
    expect(Date.parse(rescheduled!.departure_at as string)).toBe(Date.parse(departure));
    expect(Booking.parse(rescheduled!.booking).departure_at).toBe(rescheduled!.departure_at);
    expect(cancelled).toMatchObject({ booking_reference: booking.id, environment: 'SANDBOX', reason: expect.stringMatching(/do not travel/i) });
    expect(Booking.parse(cancelled!.booking).tickets?.valid_for_travel).toBe(false);

    // booking.ticket_updated exactly as the contract's table.
    const base = `${sbx.base}/bookings/${booking.id}/tickets`;
    expect(updated).toEqual({
      booking_reference: booking.id,
      environment: 'SANDBOX',
      version: '2',
      previous_version: '1',
      updated_at: expect.stringMatching(/Z$/),
      valid_for_travel: false,
      tickets: { list_url: base, pdf_url: `${base}.pdf`, passengers: [{ passenger_index: 0, pdf_url: `${base}/0.pdf` }] },
    });
    expect(updatedAgain).toMatchObject({ version: '3', previous_version: '2', valid_for_travel: false });

    const list = await deliveries(sbx);
    expect(list).toHaveLength(types.length);
    expect(list.map((d) => d.type).reverse()).toEqual(types); // newest first
    for (const d of list) {
      expect(d).toEqual({ event_id: d.event_id, type: d.type, url: demo.url, attempts: 1, last_status_code: 200, state: 'delivered', next_retry_at: null });
    }
    expect(list.map((d) => d.event_id).reverse()).toEqual(demo.received.map((r) => r.id));
  });

  it('lists one delivery per event and endpoint: every endpoint of the account, through either credential', async () => {
    const a = await receiver();
    const b = await receiver();
    await register(sbx, DEMO, a.url);
    await register(sbx, DEMO_2, b.url);
    await topUp();
    await a.waitForType('wallet.topped_up');
    await b.waitForType('wallet.topped_up');
    expect(a.received[0]!.id).toBe(b.received[0]!.id);
    const list = await waitForDeliveries(sbx, (l) => l.length === 2 && l.every((d) => d.state === 'delivered'));
    expect(list.map((d) => d.url).sort()).toEqual([a.url, b.url].sort());
    expect(new Set(list.map((d) => d.event_id)).size).toBe(1);
  });

  it('fires booking.confirmed of a pending booking once, when it confirms 30 simulated seconds later', async () => {
    const r = await receiver();
    await register(sbx, DEMO, r.url);
    const { detail } = await sbx.pickOffer();
    const pending = await sbx.bookOk({ offer_id: detail.id, passengers: [passenger('Hany TEST PENDING')], contact });
    expect(pending.status).toBe('pending');
    // `settle` runs what the sandbox's timers run (the pending-booking sweep, the webhook sender), at once.
    await sbx.settle();
    expect(r.of('booking.confirmed')).toEqual([]);
    await sbx.advance(29);
    await sbx.settle();
    expect(r.of('booking.confirmed')).toEqual([]);
    await sbx.advance(2);
    const [event] = await r.waitForType('booking.confirmed');
    const booking = Booking.parse(event!.event.data.booking);
    expect(booking).toMatchObject({ id: pending.id, status: 'confirmed' });
    expect(Date.parse(booking.confirmed_at!) - Date.parse(booking.created_at)).toBe(30_000);
    // Reads, clock moves and the timer all confirm due bookings: still one event.
    for (let i = 0; i < 3; i++) {
      await sbx.call('GET', `/bookings/${pending.id}`, { token: await sbx.token() });
      await sbx.advance(1);
      await sbx.settle();
    }
    expect(r.of('booking.confirmed')).toHaveLength(1);
    expect((await deliveries(sbx)).filter((d) => d.type === 'booking.confirmed')).toHaveLength(1);
  });

  it('never slows the API call that caused the event, whatever the receiver does', async () => {
    const slow = await receiver();
    const answer = slow.hold(); // the receiver answers nothing until the three bookings are made
    await register(sbx, DEMO, slow.url);
    const { detail } = await sbx.pickOffer();
    const cls = detail.fare_classes[0]!.name;
    const seats = detail.seats.filter((s) => s.available && s.class === cls);
    for (let i = 0; i < 3; i++) {
      await sbx.bookOk({ offer_id: detail.id, passengers: [passenger('Mona Hassan', { seat: seats[i]!.number })], contact });
    }
    // All three bookings are answered while the first delivery still waits for the receiver's
    // answer: none of them waited for it (how fast they are is test/bench/sandbox.bench.ts's).
    await slow.waitFor((all) => all.length === 1);
    const during = await deliveries(sbx);
    expect(during.filter((d) => d.state === 'delivered')).toEqual([]);
    answer();
    const done = await waitForDeliveries(sbx, (l) => l.length === 3 && l.every((d) => d.state === 'delivered'), 15_000);
    expect(done.every((d) => d.last_status_code === 200)).toBe(true);
    expect(slow.received.map((r) => r.event.type)).toEqual(['booking.confirmed', 'booking.confirmed', 'booking.confirmed']);
  });
});

describe('retries', () => {
  it('retries a failed delivery with the same webhook-id when the simulated clock passes 5 s', async () => {
    const r = await receiver();
    let calls = 0;
    r.respond = () => (++calls === 1 ? 500 : 200);
    const { secret } = await register(sbx, DEMO, r.url);
    await topUp();
    const [first] = await r.waitFor((all) => all.length === 1);
    const retrying = await waitForDeliveries(sbx, (l) => l[0]?.state === 'retrying');
    expect(retrying).toEqual([
      { event_id: first!.id, type: 'wallet.topped_up', url: r.url, attempts: 1, last_status_code: 500, state: 'retrying', next_retry_at: expect.any(String) },
    ]);
    const retryIn = Date.parse(retrying[0]!.next_retry_at!) - first!.timestamp * 1000;
    expect(retryIn).toBeGreaterThanOrEqual(5000);
    expect(retryIn).toBeLessThan(6000);

    await sbx.advance(6);
    const [, second] = await r.waitFor((all) => all.length === 2);
    expect(second!.id).toBe(first!.id);
    expect(second!.body).toBe(first!.body);
    // Signed with the real time of each attempt, so real receivers accept a retry too.
    expect(second!.timestamp).toBeGreaterThanOrEqual(first!.timestamp);
    expect(Math.abs(second!.timestamp - Date.now() / 1000)).toBeLessThan(60);
    expectSigned(secret, first!);
    expectSigned(secret, second!);
    expect(await waitForDeliveries(sbx, (l) => l[0]?.state === 'delivered')).toEqual([
      { event_id: first!.id, type: 'wallet.topped_up', url: r.url, attempts: 2, last_status_code: 200, state: 'delivered', next_retry_at: null },
    ]);
  });

  it('follows the schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h after the first attempt), then fails', async () => {
    const r = await receiver();
    r.respond = 503;
    const { secret } = await register(sbx, DEMO, r.url);
    await topUp();
    const [first] = await r.waitFor((all) => all.length === 1);
    const firstAt = first!.timestamp * 1000;
    for (let attempt = 1; attempt <= RETRIES_S.length; attempt++) {
      const [entry] = await waitForDeliveries(sbx, (l) => l[0]?.attempts === attempt && l[0].state === 'retrying');
      expect(entry!.last_status_code).toBe(503);
      const offset = Date.parse(entry!.next_retry_at!) - firstAt;
      expect(offset).toBeGreaterThanOrEqual(RETRIES_S[attempt - 1]! * 1000);
      expect(offset).toBeLessThan(RETRIES_S[attempt - 1]! * 1000 + 1000);
      await sbx.advance(Math.ceil((Date.parse(entry!.next_retry_at!) - (await sbx.now())) / 1000) + 1);
    }
    const [final] = await waitForDeliveries(sbx, (l) => l[0]?.state === 'failed');
    expect(final).toMatchObject({ attempts: 10, last_status_code: 503, state: 'failed', next_retry_at: null });
    expect(r.received).toHaveLength(10);
    expect(new Set(r.received.map((x) => x.id))).toEqual(new Set([first!.id]));
    for (const x of r.received) expectSigned(secret, x);
    await sbx.advance(3 * 86_400);
    await sbx.settle();
    expect(r.received).toHaveLength(10);
  });

  it('counts a refused connection as a failure without a status code', async () => {
    const r = await receiver();
    const url = r.url;
    await r.close();
    await register(sbx, DEMO, url);
    await topUp();
    expect((await waitForDeliveries(sbx, (l) => l[0]?.state === 'retrying'))[0]).toMatchObject({ attempts: 1, last_status_code: null });
  });

  it('pauses an endpoint after 25 failed deliveries in a row until it is registered again', async () => {
    const r = await receiver();
    r.respond = 500;
    const registration = await register(sbx, DEMO, r.url);
    for (let i = 0; i < 25; i++) await topUp();
    await r.waitFor((all) => all.length >= 25);
    const paused = await waitForDeliveries(sbx, (l) => l.length === 25 && l.every((d) => d.state === 'paused'));
    expect(paused.reduce((n, d) => n + d.attempts, 0)).toBe(25);
    expect(paused.every((d) => d.next_retry_at === null && d.last_status_code === 500)).toBe(true);

    // Paused: new events are listed but not sent, whatever the clock does.
    await topUp();
    await sbx.advance(2 * 86_400);
    await sbx.settle();
    expect(r.received).toHaveLength(25);
    const still = await deliveries(sbx);
    expect(still).toHaveLength(26);
    expect(still[0]).toMatchObject({ type: 'wallet.topped_up', attempts: 0, last_status_code: null, state: 'paused' });

    // Registering it again resumes it: everything paused is delivered.
    r.respond = 200;
    expect(await register(sbx, DEMO, r.url)).toEqual(registration);
    const resumed = await waitForDeliveries(sbx, (l) => l.every((d) => d.state === 'delivered'));
    expect(resumed).toHaveLength(26);
    expect(new Set(r.received.filter((x) => x.headers['webhook-id']).map((x) => x.id)).size).toBe(26);
    for (const x of r.received) expectSigned(registration.secret, x);
  });
});

describe('GET /_sandbox/webhooks/deliveries', () => {
  it('is empty without endpoints and after a reset', async () => {
    await topUp();
    expect(await deliveries(sbx)).toEqual([]);
    const r = await receiver();
    await register(sbx, DEMO, r.url);
    await topUp();
    await waitForDeliveries(sbx, (l) => l.length === 1);
    await sbx.reset();
    expect(await deliveries(sbx)).toEqual([]);
    await topUp();
    await sbx.settle();
    expect(await deliveries(sbx)).toEqual([]); // the endpoint went with the reset too
    expect(expectData(await sbx.control('GET', '/webhooks/deliveries'), z.array(z.unknown()))).toEqual([]);
  });
});
