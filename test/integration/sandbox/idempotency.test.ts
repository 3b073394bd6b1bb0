import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Booking, Problem, Transaction } from '../../../contract/partner/index.ts';
import { LIVE, OTHER, contact, expectData, expectPage, expectProblem, fieldsOf, passenger, startTestSandbox, type TestSandbox } from './helpers.ts';

let sbx: TestSandbox;
beforeAll(async () => {
  sbx = await startTestSandbox();
});
afterAll(() => sbx.close());
beforeEach(() => sbx.reset());

const lines = async () => expectPage(await sbx.call('GET', '/wallet/transactions', { token: await sbx.token() }), Transaction).data.length;
const bookingBody = async (name = 'Mona Hassan') => {
  const { detail } = await sbx.pickOffer();
  return { offer_id: detail.id, passengers: [passenger(name)], contact };
};

describe('Idempotency-Key on POST /bookings', () => {
  it('is required: 422 invalid_request naming Idempotency-Key', async () => {
    expect(fieldsOf(await sbx.book(await bookingBody(), { key: null }))).toEqual(['Idempotency-Key']);
    expect(fieldsOf(await sbx.book(await bookingBody(), { key: '' }))).toEqual(['Idempotency-Key']);
  });

  it('is at most 120 characters', async () => {
    const body = await bookingBody();
    expect(fieldsOf(await sbx.book(body, { key: 'k'.repeat(121) }))).toEqual(['Idempotency-Key']);
    await sbx.bookOk(body, { key: 'k'.repeat(120) });
  });

  it('names the key and the body errors together', async () => {
    const fields = fieldsOf(await sbx.book({ offer_id: 'x' }, { key: null }));
    expect(fields).toEqual(['Idempotency-Key', 'passengers', 'contact']);
  });

  it('replays the original 201 for the same key and body, charging once', async () => {
    const body = await bookingBody();
    const first = await sbx.book(body, { key: 'replay-1' });
    const count = await lines();
    const second = await sbx.book(body, { key: 'replay-1' });
    expect(second.status).toBe(201);
    expect(second.text).toBe(first.text);
    expectData(second, Booking, 201);
    expect(await lines()).toBe(count);
  });

  it('treats the same JSON with another key order and spacing as the same body', async () => {
    const body = await bookingBody();
    const first = await sbx.book(body, { key: 'order-1' });
    const reordered = { contact: body.contact, passengers: body.passengers, offer_id: body.offer_id };
    const second = await sbx.book(reordered, { key: 'order-1' });
    expect(second.text).toBe(first.text);
  });

  it('replays refusals too: the original 409 of a failed booking and the original 422', async () => {
    const failed = await bookingBody('TEST FAIL');
    const first = await sbx.book(failed, { key: 'fail-1' });
    expectProblem(first, 409, 'provider_rejected');
    const again = await sbx.book(failed, { key: 'fail-1' });
    expect([again.status, again.text]).toEqual([409, first.text]);

    const invalid = { offer_id: failed.offer_id, passengers: [], contact };
    const bad = await sbx.book(invalid, { key: 'bad-1' });
    expect((await sbx.book(invalid, { key: 'bad-1' })).text).toBe(bad.text);
  });

  it('replays a 402 even after a top-up: a new attempt needs a new key', async () => {
    const { detail } = await sbx.pickOffer({ clientId: LIVE });
    const body = { offer_id: detail.id, passengers: [passenger()], contact };
    const first = await sbx.book(body, { key: 'broke-1', clientId: LIVE });
    expectProblem(first, 402, 'insufficient_funds');
    await sbx.control('POST', '/wallet/topup', { client_id: LIVE, amount_minor: 10_000_000 });
    const again = await sbx.book(body, { key: 'broke-1', clientId: LIVE });
    expect([again.status, again.text]).toEqual([402, first.text]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expectData(await sbx.book(body, { key: 'broke-2', clientId: LIVE }), Booking, 201);
  });

  it('answers 422 idempotency_key_reused for the same key with a different body', async () => {
    const body = await bookingBody();
    await sbx.bookOk(body, { key: 'reuse-1' });
    const count = await lines();
    const problem = expectProblem(await sbx.book({ ...body, passengers: [passenger('Someone Else')] }, { key: 'reuse-1' }), 422, 'idempotency_key_reused');
    // Errors § 1: a 422 carries `errors[]`, one entry per invalid field; here the header.
    expect(problem.errors?.map((e) => e.field)).toEqual(['Idempotency-Key']);
    expect(await lines()).toBe(count);
  });

  it('answers 409 request_in_progress to an identical request still in flight', async () => {
    const body = await bookingBody();
    // The twin goes once the sandbox holds the first in flight: two sent at once could also arrive one after the other.
    await sbx.config({ latency_ms: 1000 });
    const first = sbx.book(body, { key: 'twin-1' });
    await vi.waitFor(async () => expect(await sbx.bookingsInFlight()).toEqual(['twin-1']), { timeout: 5_000, interval: 10 });
    const b = await sbx.book(body, { key: 'twin-1' });
    const a = await first;
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([201, 409]);
    expectProblem(a.status === 409 ? a : b, 409, 'request_in_progress');
    expect((await sbx.call('GET', '/bookings', { token: await sbx.token() })).json).toMatchObject({ meta: { count: 1 } });
  });

  it('keeps the key in flight for the whole simulated latency', async () => {
    const body = await bookingBody();
    await sbx.config({ latency_ms: 1000 });
    const first = sbx.book(body, { key: 'slow-1' });
    // The twin goes once the sandbox holds the first in flight (not after a guessed delay).
    await vi.waitFor(async () => expect(await sbx.bookingsInFlight()).toEqual(['slow-1']), { timeout: 5_000, interval: 10 });
    expectProblem(await sbx.book(body, { key: 'slow-1' }), 409, 'request_in_progress');
    expect((await first).status).toBe(201);
    expect(await sbx.bookingsInFlight()).toEqual([]);
    expect((await sbx.book(body, { key: 'slow-1' })).status).toBe(201);
  });

  it('does not store a 503: the same key and body try again', async () => {
    const body = await bookingBody('TEST TIMEOUT');
    const first = Problem.parse((await sbx.book(body, { key: 'timeout-1' })).json);
    const second = await sbx.book(body, { key: 'timeout-1' });
    const problem = expectProblem(second, 503, 'service_unavailable');
    expect(problem.request_id).not.toBe(first.request_id); // a fresh answer, not a replay
  });

  it('scopes keys per account: another account may use the same key', async () => {
    const body = await bookingBody();
    await sbx.bookOk(body, { key: 'shared-key' });
    const { detail } = await sbx.pickOffer({ clientId: OTHER });
    await sbx.bookOk({ offer_id: detail.id, passengers: [passenger()], contact }, { key: 'shared-key', clientId: OTHER });
  });
});
