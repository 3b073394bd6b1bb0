import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCounter, type Counter } from '../../../main/counter.ts';
import { systemClock } from '../../../main/clock.ts';
import { PartnerClient } from '../../../main/partner/client.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import { caller, contact, findOffer, keychainWith, sandbox, tempDir, type Caller } from './helpers.ts';

// Every booking outcome, through the whole counter (startCounter + dispatch) with a SANDBOX
// credential pointing at a sandbox on a free port, checked against the sandbox's own ledger.

let sbx: Awaited<ReturnType<typeof sandbox>>;
const tmp = tempDir();
let counter: Counter;
let c: Caller;
let ledger: PartnerClient;

beforeAll(async () => {
  sbx = await sandbox();
  counter = await startCounter({ dataDir: tmp.dir, version: '0.1.0', keychain: memoryKeychain(keychainWith('cid_sandbox_demo', sbx.baseUrl)) });
  c = caller(counter.dispatch);
  ledger = new PartnerClient({
    baseUrl: sbx.baseUrl,
    credentials: [{ clientId: 'cid_sandbox_demo', clientSecret: 'sk_sandbox_demo' }],
    version: 'test',
    clock: systemClock,
    sleep: async () => {},
  });
});
afterAll(async () => {
  await counter.close();
  await sbx.close();
  tmp.cleanup();
});

async function sell(name: string) {
  const { priced, detail } = await findOffer(c);
  const seat = detail.offer.seats.find((s) => s.available)!;
  const retail = detail.retailBySeat[seat.number]!;
  const saleId = randomUUID();
  const outcome = await c.ok('sell', {
    saleId,
    offerId: priced.offer.id,
    passengers: [{ full_name: name, seat: seat.number }],
    contact,
    language: 'en',
    cashTenderedMinor: retail + 1000,
  });
  return { saleId, outcome, retail };
}

const linesOf = async (ref: string) => (await ledger.transactions({ limit: 200 })).data.filter((t) => t.booking_ref === ref).map((t) => t.type);

describe('booking outcomes', () => {
  it('201 confirmed: charged, cash and change recorded, one DEBIT', async () => {
    expect(counter.info.environment).toBe('SANDBOX');
    const { outcome, retail } = await sell('Ahmed Ali');
    expect(outcome).toMatchObject({ status: 'confirmed', charged: true, cashRecorded: true, retailTotalMinor: retail, changeMinor: 1000, error: null });
    expect(await linesOf(outcome.booking!.id)).toEqual(['DEBIT']);
  });

  it('409 TEST CLASH: failed seats_unavailable with its booking reference, uncharged (DEBIT + REVERSAL), no cash', async () => {
    const { outcome } = await sell('Mona TEST CLASH');
    expect(outcome).toMatchObject({ status: 'failed', charged: false, cashRecorded: false, error: { code: 'seats_unavailable' } });
    const ref = outcome.error!.bookingReference!;
    expect(ref).toMatch(/^PB-/);
    expect(outcome.booking).toMatchObject({ id: ref, status: 'failed' });
    expect((await linesOf(ref)).sort()).toEqual(['DEBIT', 'REVERSAL']);
  });

  it('409 TEST FAIL: failed provider_rejected, uncharged, no cash', async () => {
    const { outcome } = await sell('Omar TEST FAIL');
    expect(outcome).toMatchObject({ status: 'failed', charged: false, cashRecorded: false, error: { code: 'provider_rejected' } });
    expect((await linesOf(outcome.error!.bookingReference!)).sort()).toEqual(['DEBIT', 'REVERSAL']);
  });

  it('503 TEST TIMEOUT: failed service_unavailable, retryable, nothing booked; pressing again gives the same answer', async () => {
    const before = (await ledger.transactions({ limit: 200 })).data.length;
    const { outcome, saleId } = await sell('Sara TEST TIMEOUT');
    expect(outcome).toMatchObject({ status: 'failed', charged: false, cashRecorded: false, booking: null, error: { code: 'service_unavailable', retryable: true } });
    const again = await c.ok('getSale', { saleId });
    expect(again.status).toBe('failed');
    expect((await ledger.transactions({ limit: 200 })).data.length).toBe(before);
  });

  it('TEST PENDING: pending and charged, no cash; confirmed 30 simulated seconds later, then the cash', async () => {
    const { outcome, saleId } = await sell('Hany TEST PENDING');
    expect(outcome).toMatchObject({ status: 'pending', charged: true, cashRecorded: false, error: null });
    expect(await linesOf(outcome.booking!.id)).toEqual(['DEBIT']);
    await sbx.control.advance(31);
    await counter.resume();
    const later = await c.ok('getSale', { saleId });
    expect(later).toMatchObject({ status: 'confirmed', charged: true, cashRecorded: true });
    expect(later.booking!.confirmed_at! > later.booking!.created_at).toBe(true);
  });

  it('402 insufficient_funds: the wallet adjusted down, failed and uncharged', async () => {
    const w = await c.ok('wallet');
    await sbx.control.adjust('cid_sandbox_demo', -w.balanceMinor, 'drain for test');
    const { outcome } = await sell('Laila Hassan');
    expect(outcome).toMatchObject({ status: 'failed', charged: false, cashRecorded: false, booking: null, error: { code: 'insufficient_funds' } });
    await sbx.control.adjust('cid_sandbox_demo', w.balanceMinor, 'refill');
  });

  it('the journal holds every sale once, its cash only for the confirmed ones, and verifies', async () => {
    const sales = await c.ok('listSales', { limit: 200 });
    expect(sales.map((s) => s.status).sort()).toEqual(['confirmed', 'confirmed', 'failed', 'failed', 'failed', 'failed']);
    expect((await c.ok('verifyJournal')).ok).toBe(true);
  });
});

describe('a LIVE credential with an empty wallet', () => {
  it('402: the booking is declined, not sold on credit', async () => {
    const dir = tempDir();
    const live = await startCounter({ dataDir: dir.dir, version: '0.1.0', keychain: memoryKeychain(keychainWith('cid_live_demo', sbx.baseUrl)) });
    try {
      expect(live.info.environment).toBe('LIVE');
      const lc = caller(live.dispatch);
      expect((await lc.ok('wallet')).balanceMinor).toBe(0);
      const { priced } = await findOffer(lc);
      const outcome = await lc.ok('sell', {
        saleId: randomUUID(),
        offerId: priced.offer.id,
        passengers: [{ full_name: 'Karim Adel' }],
        contact,
        language: 'ar',
        cashTenderedMinor: 10_000_000,
      });
      expect(outcome).toMatchObject({ status: 'failed', charged: false, cashRecorded: false, error: { code: 'insufficient_funds' } });
    } finally {
      await live.close();
      dir.cleanup();
    }
  });
});
