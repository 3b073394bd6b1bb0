import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Hold, Transaction } from '../../../contract/partner/index.ts';
import { DEMO, contact, expectData, expectPage, expectProblem, passenger, startTestSandbox, type TestSandbox } from './helpers.ts';

let sbx: TestSandbox;
beforeAll(async () => {
  sbx = await startTestSandbox();
});
afterAll(() => sbx.close());
beforeEach(() => sbx.reset());

const Now = z.object({ now: z.iso.datetime() });

describe('control API (/_sandbox)', () => {
  it('reset returns to the seeded state: wallets, bookings, holds, clock offset, config', async () => {
    const { detail } = await sbx.pickOffer();
    await sbx.bookOk({ offer_id: detail.id, passengers: [passenger()], contact });
    await sbx.call('POST', '/holds', { token: await sbx.token(), body: { offer_id: detail.id } });
    await sbx.config({ latency_ms: 5, fault_rate: 0.5 });
    await sbx.advance(3 * 86_400);
    expectData(await sbx.control('POST', '/reset'), z.object({ now: z.string() }));
    expect((await sbx.wallet()).balance.amount_minor).toBe(10_000_000);
    const token = await sbx.token();
    expect((await sbx.call('GET', '/bookings', { token })).json).toMatchObject({ data: [] });
    expect((await sbx.call('GET', '/holds', { token })).json).toMatchObject({ data: [] });
    expect(Math.abs((await sbx.now()) - Date.now())).toBeLessThan(5000);
    const config = expectData(await sbx.control('GET', '/config'), z.object({ latency_ms: z.int(), fault_rate: z.number() }));
    expect(config).toMatchObject({ latency_ms: 0, fault_rate: 0 });
  });

  it('reset after a clock advance stamps the opening TOPUP with the reset clock, not the advanced one', async () => {
    await sbx.advance(3 * 86_400);
    await sbx.reset();
    const now = await sbx.now();
    const statement = expectPage(await sbx.call('GET', '/wallet/transactions', { token: await sbx.token() }), Transaction);
    expect(statement.data).toHaveLength(1);
    expect(statement.data[0]!.type).toBe('TOPUP');
    expect(Date.parse(statement.data[0]!.created_at)).toBeLessThanOrEqual(now);
  });

  it('reads and advances the simulated clock; holds and offers follow it', async () => {
    const before = Date.parse(expectData(await sbx.control('GET', '/clock'), Now).now);
    const after = Date.parse(expectData(await sbx.control('POST', '/clock/advance', { seconds: 3600 }), Now).now);
    expect(after - before).toBeGreaterThanOrEqual(3600_000);
    expect(after - before).toBeLessThan(3605_000);
    sbx.forgetTokens(); // their hour is over
    const { detail } = await sbx.pickOffer();
    const hold = expectData(await sbx.call('POST', '/holds', { token: await sbx.token(), body: { offer_id: detail.id } }), Hold, 201);
    expect(Date.parse(hold.expires_at) - after).toBeGreaterThanOrEqual(20 * 60_000 - 1000);
  });

  it.each([{ seconds: 0 }, { seconds: -5 }, { seconds: 'ten' }, {}, { seconds: 1, extra: true }])(
    'refuses clock/advance %j with 422',
    async (body) => {
      expectProblem(await sbx.control('POST', '/clock/advance', body), 422, 'invalid_request');
    },
  );

  it('latency_ms delays /v1 answers', async () => {
    await sbx.config({ latency_ms: 150 });
    const started = performance.now();
    await sbx.call('GET', '/health');
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('lists the POST /bookings in flight by their Idempotency-Key', async () => {
    const InFlight = z.array(z.strictObject({ account_id: z.string(), environment: z.string(), key: z.string() }));
    const inFlight = async () => expectData(await sbx.control('GET', '/bookings/in-flight'), InFlight);
    expect(await inFlight()).toEqual([]);
    const { detail } = await sbx.pickOffer();
    await sbx.token();
    await sbx.config({ latency_ms: 1000 });
    const booking = sbx.book({ offer_id: detail.id, passengers: [passenger()], contact }, { key: 'in-flight-1' });
    await vi.waitFor(async () => expect(await inFlight()).toHaveLength(1), { timeout: 5_000, interval: 10 });
    expect(await inFlight()).toEqual([{ account_id: expect.any(String), environment: 'SANDBOX', key: 'in-flight-1' }]);
    expect((await booking).status).toBe(201);
    expect(await inFlight()).toEqual([]);
    expect(expectData(await sbx.control('POST', '/settle'), Now).now).toMatch(/Z$/);
  });

  it('fault_rate 1 answers 503 service_unavailable before doing anything', async () => {
    await sbx.config({ fault_rate: 1 });
    const token = await sbx.token().catch(() => '');
    expectProblem(await sbx.call('GET', '/reference/cities', { token }), 503, 'service_unavailable');
    // Every /v1 call, the unauthenticated /health and /openapi.json included (sandbox-interface.md).
    expectProblem(await sbx.call('GET', '/health'), 503, 'service_unavailable');
    expectProblem(await sbx.call('GET', '/openapi.json'), 503, 'service_unavailable');
    expectProblem(await sbx.call('POST', '/oauth/token', { body: { client_id: DEMO, client_secret: 'sk_sandbox_demo' } }), 503, 'service_unavailable');
    const before = await sbx.control('GET', '/clock'); // the control API is not affected
    expect(before.status).toBe(200);
    await sbx.config({ fault_rate: 0 });
    expect((await sbx.call('GET', '/reference/cities', { token: await sbx.token() })).status).toBe(200);
  });

  it('config validates its body and answers the whole config', async () => {
    expectProblem(await sbx.control('PUT', '/config', { fault_rate: 2 }), 422, 'invalid_request');
    expectProblem(await sbx.control('PUT', '/config', { rate_limits: { booking: { limit: 1 } } }), 422, 'invalid_request');
    const config = expectData(
      await sbx.control('PUT', '/config', { rate_limits: { search: { limit: 5 } } }),
      z.object({ rate_limits: z.record(z.string(), z.object({ limit: z.int(), window_s: z.int() })) }),
    );
    expect(config.rate_limits).toEqual({
      search: { limit: 5, window_s: 60 },
      reference: { limit: 600, window_s: 60 },
      default: { limit: 300, window_s: 60 },
    });
  });

  it('lives outside /v1', async () => {
    expect((await sbx.control('POST', '/reset')).status).toBe(200);
    expectProblem(await fetchV1('/_sandbox/reset'), 404, 'invalid_reference');
  });

  it('tops up any seeded credential wallet by client_id', async () => {
    expectData(await sbx.control('POST', '/wallet/topup', { client_id: DEMO, amount_minor: 1 }), z.unknown());
    expect((await sbx.wallet()).balance.amount_minor).toBe(10_000_001);
  });
});

async function fetchV1(path: string) {
  const response = await fetch(`${sbx.base}${path}`, { method: 'POST' });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: JSON.parse(text) as unknown };
}
