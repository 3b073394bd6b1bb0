import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Transaction } from '../../../contract/partner/index.ts';
import { DEMO, LIVE, OTHER, READONLY, contact, expectData, expectPage, expectProblem, fieldsOf, passenger, startTestSandbox, type TestSandbox } from './helpers.ts';
import { z } from 'zod';

let sbx: TestSandbox;
beforeAll(async () => {
  sbx = await startTestSandbox();
});
afterAll(() => sbx.close());
beforeEach(() => sbx.reset());

const statement = async (clientId = DEMO) =>
  expectPage(await sbx.call('GET', '/wallet/transactions', { token: await sbx.token(clientId) }), Transaction).data;

describe('GET /wallet', () => {
  it('starts the demo sandbox wallet with EGP 100,000.00 play credit, credit limit 0, threshold EGP 5,000.00', async () => {
    const wallet = await sbx.wallet();
    expect(wallet.balance).toEqual({ amount_minor: 10_000_000, currency: 'EGP' });
    expect(wallet.credit_limit).toEqual({ amount_minor: 0, currency: 'EGP' });
    expect(wallet.low_balance_threshold).toEqual({ amount_minor: 500_000, currency: 'EGP' });
    expect(wallet.updated_at).not.toBeNull();
  });

  it('starts the live wallet at zero and keeps it apart from sandbox', async () => {
    expect((await sbx.wallet(LIVE)).balance.amount_minor).toBe(0);
    await sbx.control('POST', '/wallet/topup', { client_id: LIVE, amount_minor: 5000 });
    expect((await sbx.wallet(LIVE)).balance.amount_minor).toBe(5000);
    expect((await sbx.wallet()).balance.amount_minor).toBe(10_000_000);
  });

  it('is per account, and readable with wallet.read only', async () => {
    const { detail } = await sbx.pickOffer();
    await sbx.bookOk({ offer_id: detail.id, passengers: [passenger()], contact });
    expect((await sbx.wallet(OTHER)).balance.amount_minor).toBe(10_000_000);
    expect((await sbx.wallet(READONLY)).balance.amount_minor).toBeLessThan(10_000_000);
  });

  it('needs a token', async () => {
    expectProblem(await sbx.call('GET', '/wallet'), 401, 'unauthorized');
  });
});

describe('GET /wallet/transactions', () => {
  it('lists signed lines newest first, each with the balance after it', async () => {
    const { detail } = await sbx.pickOffer();
    const booking = await sbx.bookOk({ offer_id: detail.id, passengers: [passenger()], contact });
    await sbx.control('POST', '/wallet/topup', { client_id: DEMO, amount_minor: 20_000 });
    await sbx.control('POST', '/wallet/adjust', { client_id: DEMO, amount_minor: -1_500, reason: 'Late cancellation fee' });
    const lines = await statement();
    expect(lines.map((l) => l.type)).toEqual(['ADJUSTMENT', 'TOPUP', 'DEBIT', 'TOPUP']);
    expect(lines.map((l) => l.amount_minor)).toEqual([-1_500, 20_000, -booking.total_charged.amount_minor, 10_000_000]);
    expect(lines[0]!.reason).toBe('Late cancellation fee');
    expect(lines[2]!.booking_ref).toBe(booking.id);
    // Each balance is the previous one plus the line's amount.
    for (let i = 0; i < lines.length - 1; i++) {
      expect(lines[i]!.balance_after_minor).toBe(lines[i + 1]!.balance_after_minor + lines[i]!.amount_minor);
    }
    expect(lines[0]!.balance_after_minor).toBe((await sbx.wallet()).balance.amount_minor);
    for (const line of lines) {
      expect(line.currency).toBe('EGP');
      expect(line.id).toEqual(expect.any(String));
    }
  });

  it('keeps separate statements per environment', async () => {
    expect(await statement(LIVE)).toEqual([]);
    expect(await statement()).toHaveLength(1);
  });
});

describe('control API wallet lines', () => {
  it('top-up answers { data } with the wallet and the TOPUP line', async () => {
    const reply = await sbx.control('POST', '/wallet/topup', { client_id: DEMO, amount_minor: 100 });
    const data = expectData(reply, z.object({ balance: z.object({ amount_minor: z.int() }), transaction: Transaction }));
    expect(data.balance.amount_minor).toBe(10_000_100);
    expect(data.transaction).toMatchObject({ type: 'TOPUP', amount_minor: 100, balance_after_minor: 10_000_100 });
  });

  it('refuses an unknown client or a non-positive top-up', async () => {
    expectProblem(await sbx.control('POST', '/wallet/topup', { client_id: 'cid_nobody', amount_minor: 100 }), 404, 'invalid_reference');
    expectProblem(await sbx.control('POST', '/wallet/topup', { client_id: DEMO, amount_minor: 0 }), 422, 'invalid_request');
    expectProblem(await sbx.control('POST', '/wallet/topup', { client_id: DEMO, amount_minor: 1.5 }), 422, 'invalid_request');
    expectProblem(await sbx.control('POST', '/wallet/adjust', { client_id: DEMO, amount_minor: 5 }), 422, 'invalid_request');
  });
});

describe('control API: the account manager settles a claim', () => {
  it('writes an ADJUSTMENT carrying the booking reference and the reason', async () => {
    const { detail } = await sbx.pickOffer();
    const booking = await sbx.bookOk({ offer_id: detail.id, passengers: [passenger()], contact });
    const reply = await sbx.control('POST', '/wallet/adjust', { client_id: DEMO, amount_minor: 4_321, reason: 'Cancelled departure', booking_ref: booking.id });
    const data = expectData(reply, z.object({ transaction: Transaction }));
    expect(data.transaction).toMatchObject({ type: 'ADJUSTMENT', amount_minor: 4_321, booking_ref: booking.id, reason: 'Cancelled departure' });
    const [line] = await statement();
    expect(line).toMatchObject({ type: 'ADJUSTMENT', booking_ref: booking.id, reason: 'Cancelled departure' });
  });

  it('leaves booking_ref null without one, and refuses a booking of another account or an unknown one', async () => {
    await sbx.control('POST', '/wallet/adjust', { client_id: DEMO, amount_minor: 100, reason: 'Goodwill' });
    expect((await statement())[0]).toMatchObject({ type: 'ADJUSTMENT', booking_ref: null });
    const { detail } = await sbx.pickOffer();
    const booking = await sbx.bookOk({ offer_id: detail.id, passengers: [passenger()], contact });
    // "a booking of that account, else 422" (sandbox-interface.md, Control API)
    for (const [client_id, booking_ref] of [[OTHER, booking.id], [LIVE, booking.id], [DEMO, 'PB-NOPE']] as const) {
      const reply = await sbx.control('POST', '/wallet/adjust', { client_id, amount_minor: 100, reason: 'x', booking_ref });
      expectProblem(reply, 422, 'invalid_request');
      expect(fieldsOf(reply)).toEqual(['booking_ref']);
    }
    expect((await statement(OTHER)).some((l) => l.type === 'ADJUSTMENT')).toBe(false);
  });

  it('describes itself at GET /_sandbox/, adjust with booking_ref included', async () => {
    const reply = await sbx.control('GET', '/');
    const data = expectData(reply, z.array(z.object({ method: z.string(), path: z.string(), body: z.string().nullable(), answer: z.string() })));
    const adjust = data.find((c) => c.path === '/_sandbox/wallet/adjust');
    expect(adjust?.body).toContain('booking_ref');
    expect(data.every((c) => c.path.startsWith('/_sandbox/'))).toBe(true);
  });
});
