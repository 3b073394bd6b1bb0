import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_AGENT } from '../../../../main/journal/agents.ts';
import { PartnerClient } from '../../../../main/partner/client.ts';
import { MarkupRules } from '../../../../main/pricing/rules.ts';
import { ReferenceService } from '../../../../main/reference/service.ts';
import { OfferBook } from '../../../../main/selling/offers.ts';
import { SaleService } from '../../../../main/selling/sales.ts';
import { idempotencyKeyOf, type SellArgs } from '../../../../main/selling/sale-request.ts';
import { outcomeOf, SalesStore } from '../../../../main/selling/store.ts';
import { fakeFetch, json, networkError, problem, token, type Reply, type SeenRequest } from '../partner/fake-fetch.ts';
import { manualClock, openTempJournal } from '../journal/helpers.ts';
import { booking, OFFER_ID, offerDetail } from './fixtures.ts';
import { journalDatabase } from '../../../../main/journal/journal.ts';

type Script = (req: SeenRequest) => Reply;

let t: ReturnType<typeof openTempJournal>;
afterEach(() => t?.cleanup());

/** A sale service over a real journal and a real client whose fetch answers from `bookings`. */
function setup(bookings: Script) {
  t = openTempJournal(manualClock());
  const clock = manualClock();
  const api = fakeFetch((req) => {
    if (req.url.endsWith('/oauth/token')) return token();
    if (req.url.endsWith(`/offers/${OFFER_ID}`)) return json(200, { data: offerDetail });
    return bookings(req);
  });
  const client = new PartnerClient({
    baseUrl: 'http://127.0.0.1:9/v1',
    credentials: [{ clientId: 'cid_sandbox_x', clientSecret: 'sk_sandbox_x' }],
    version: '0',
    clock,
    sleep: async () => {},
    fetch: api.fetch,
  });
  const rules = new MarkupRules(t.journal);
  rules.ensureDefault(DEFAULT_AGENT);
  const reference = new ReferenceService({ journal: t.journal, client, clock, log: () => {} });
  const store = new SalesStore(t.journal);
  const make = (faults?: (p: string) => void) =>
    new SaleService({
      store,
      client,
      offers: new OfferBook(rules, reference),
      clock,
      sleep: async () => {},
      agent: () => DEFAULT_AGENT,
      environment: 'TRAINING',
      station: () => 'Test counter',
      log: () => {},
      faults,
      pollEveryMs: 0,
    });
  const posts = () => api.seen.filter((r) => r.method === 'POST' && r.url.endsWith('/bookings'));
  return { sales: make(), make, store, posts, seen: api.seen };
}

const args = (over: Partial<SellArgs> = {}): SellArgs => ({
  saleId: randomUUID(),
  offerId: OFFER_ID,
  passengers: [{ full_name: 'Ahmed Ali', seat: '3' }],
  contact: { name: 'Ahmed Ali', phone: '+201001234567' },
  language: 'ar',
  cashTenderedMinor: 40000,
  ...over,
});

const types = () => [...t.journal.entries()].map((e) => e.type);
const cashRows = () => (journalDatabase(t.journal).prepare('SELECT count(*) AS n FROM cash_movements').get() as { n: number }).n;

describe('selling', () => {
  it('commits the intent (key and exact body) before POST /bookings, then the outcome and the cash', async () => {
    let atPost: unknown[] = [];
    const s = setup(() => {
      atPost = [...t.journal.entries(['sale.intent'])].map((e) => [e.payload.idempotencyKey, e.payload.requestBody]);
      return json(201, { data: booking('confirmed') });
    });
    const a = args();
    const out = await s.sales.sell(a);
    const post = s.posts()[0]!;
    expect(atPost).toEqual([[post.headers.get('idempotency-key'), post.body]]);
    expect(post.headers.get('idempotency-key')).toBe(idempotencyKeyOf(a.saleId));
    expect(JSON.parse(post.body!)).toEqual({
      offer_id: OFFER_ID,
      passengers: [{ full_name: 'Ahmed Ali', seat: '3' }],
      // the class quoted (the named seat's), sent so the API charges what the traveller was told
      fare_class: 'Elite',
      contact: { name: 'Ahmed Ali', phone: '+201001234567' },
    });
    // Seat 3 is Elite: NET 330.00, +10 % = 363.00 retail; 400.00 tendered, 37.00 change.
    expect(out).toMatchObject({
      status: 'confirmed',
      charged: true,
      retailTotalMinor: 36300,
      netTotalMinor: 33000,
      cashTenderedMinor: 40000,
      changeMinor: 3700,
      cashRecorded: true,
      error: null,
    });
    expect(types()).toEqual(['markup.changed', 'shift.opened', 'sale.intent', 'sale.attempt', 'sale.outcome', 'cash.received']);
    expect(t.journal.verify().ok).toBe(true);
  });

  it('sends the class it quoted when the agent named neither a class nor seats, so the API cannot charge another', async () => {
    const s = setup(() => json(201, { data: booking('confirmed') }));
    const out = await s.sales.sell(args({ passengers: [{ full_name: 'Ahmed Ali' }, { full_name: 'Mona Ali' }], cashTenderedMinor: 80_000 }));
    expect(JSON.parse(s.posts()[0]!.body!)).toMatchObject({ fare_class: 'Elite', passengers: [{ full_name: 'Ahmed Ali' }, { full_name: 'Mona Ali' }] });
    expect(out.netTotalMinor).toBe(2 * 33000);
  });

  it('refuses cash below the retail total before anything is written or sent', async () => {
    const s = setup(() => json(201, { data: booking('confirmed') }));
    await expect(s.sales.sell(args({ cashTenderedMinor: 36299 }))).rejects.toMatchObject({ error: { code: 'invalid_argument' } });
    expect(s.posts()).toHaveLength(0);
    expect(types()).toEqual(['markup.changed']);
  });

  it('answers a double press with the same sale: one booking request, one cash entry', async () => {
    const s = setup(() => json(201, { data: booking('confirmed') }));
    const a = args();
    const [x, y] = await Promise.all([s.sales.sell(a), s.sales.sell(a)]);
    const z = await s.sales.sell(a);
    expect(s.posts()).toHaveLength(1);
    expect(x).toEqual(y);
    expect(z).toEqual(x);
    expect(cashRows()).toBe(1);
    await expect(s.sales.sell({ ...a, cashTenderedMinor: 50000 })).rejects.toMatchObject({ error: { code: 'conflict' } });
  });

  it('maps 402, 409 CLASH with its booking and 422 to failed, uncharged, without cash', async () => {
    for (const [reply, code, ref] of [
      [problem(402, 'insufficient_funds'), 'insufficient_funds', null],
      [problem(409, 'seats_unavailable', {}, { booking_reference: 'PB-CLASH' }), 'seats_unavailable', 'PB-CLASH'],
      [problem(422, 'invalid_request'), 'invalid_request', null],
    ] as const) {
      const s = setup((req) => (req.method === 'GET' ? json(200, { data: booking('failed', 'PB-CLASH') }) : reply.clone()));
      const out = await s.sales.sell(args());
      expect(out).toMatchObject({ status: 'failed', charged: false, cashRecorded: false, error: { code } });
      expect(out.booking?.id ?? null).toBe(ref);
      if (ref) expect(out.error?.bookingReference).toBe(ref);
      await s.sales.resumeAll();
      expect(s.posts()).toHaveLength(1);
      t.cleanup();
    }
  });

  it('maps a 201 failed booking to failed with the booking', async () => {
    const s = setup(() => json(201, { data: booking('failed') }));
    expect(await s.sales.sell(args())).toMatchObject({ status: 'failed', charged: false, error: { code: 'provider_rejected', bookingReference: 'PB-TEST1' } });
  });

  it('503 on every send of a first attempt: failed, uncharged, retryable; pressing again re-sends the same key and body', async () => {
    let n = 0;
    const s = setup(() => (++n <= 3 ? problem(503, 'service_unavailable', { 'Retry-After': '1' }) : json(201, { data: booking('confirmed') })));
    const a = args();
    const first = await s.sales.sell(a);
    expect(first).toMatchObject({ status: 'failed', charged: false, cashRecorded: false, error: { code: 'service_unavailable', retryable: true } });
    await s.sales.resumeAll(); // a final failure is not resumed
    expect(s.posts()).toHaveLength(3);
    const again = await s.sales.sell(a);
    expect(again).toMatchObject({ status: 'confirmed', cashRecorded: true });
    const sent = s.posts();
    expect(new Set(sent.map((p) => p.headers.get('idempotency-key'))).size).toBe(1);
    expect(new Set(sent.map((p) => p.body)).size).toBe(1);
  });

  it('a network error leaves the sale unknown (in doubt); a later 503 does not close it; the resume confirms it once', async () => {
    let n = 0;
    const s = setup(() => {
      n++;
      if (n <= 3) return networkError();
      if (n <= 6) return problem(503, 'service_unavailable');
      return json(201, { data: booking('confirmed') });
    });
    const a = args();
    expect(await s.sales.sell(a)).toMatchObject({ status: 'unknown', charged: false, cashRecorded: false, error: { code: 'network' } });
    await s.sales.resumeAll();
    expect(outcomeOf(s.store.get(a.saleId)!)).toMatchObject({ status: 'unknown', error: { code: 'service_unavailable' } });
    await s.sales.resumeAll();
    expect(outcomeOf(s.store.get(a.saleId)!)).toMatchObject({ status: 'confirmed', cashRecorded: true });
    await s.sales.resumeAll();
    expect(s.posts()).toHaveLength(7);
    expect(cashRows()).toBe(1);
  });

  it('a sale interrupted after it was marked sending is in doubt: a 503 on resume does not close it', async () => {
    let n = 0;
    const s = setup(() => (++n <= 3 ? problem(503, 'service_unavailable') : json(201, { data: booking('confirmed') })));
    const a = args();
    const dying = s.make((p) => {
      if (p === 'before-send') throw new Error('killed');
    });
    await expect(dying.sell(a)).rejects.toThrow('killed');
    expect(s.store.get(a.saleId)).toMatchObject({ status: 'sending', in_doubt: 1, attempts: 1 });
    const restarted = s.make();
    await restarted.resumeAll();
    expect(outcomeOf(s.store.get(a.saleId)!)).toMatchObject({ status: 'unknown', charged: false, error: { code: 'service_unavailable' } });
    await restarted.resumeAll();
    expect(outcomeOf(s.store.get(a.saleId)!)).toMatchObject({ status: 'confirmed', cashRecorded: true });
    expect(new Set(s.posts().map((p) => p.body)).size).toBe(1);
  });

  it('an intent committed but never sent is sent on resume, and a first 503 then is final', async () => {
    const s = setup(() => problem(503, 'service_unavailable'));
    const a = args();
    const dying = s.make((p) => {
      if (p === 'after-intent') throw new Error('killed');
    });
    await expect(dying.sell(a)).rejects.toThrow('killed');
    expect(s.store.get(a.saleId)).toMatchObject({ status: 'sending', in_doubt: 0, attempts: 0 });
    await s.make().resumeAll();
    expect(s.store.get(a.saleId)).toMatchObject({ status: 'failed', charged: 0 });
  });

  it('pending: charged, no cash; polled until confirmed, then the cash once', async () => {
    let polls = 0;
    const s = setup((req) => {
      if (req.method === 'POST') return json(201, { data: booking('pending') });
      return json(200, { data: booking(++polls < 2 ? 'pending' : 'confirmed') });
    });
    const a = args();
    expect(await s.sales.sell(a)).toMatchObject({ status: 'pending', charged: true, cashRecorded: false });
    expect(await s.sales.getSale(a.saleId)).toMatchObject({ status: 'pending' });
    expect(await s.sales.getSale(a.saleId)).toMatchObject({ status: 'confirmed', cashRecorded: true });
    await s.sales.resumeAll();
    expect(s.posts()).toHaveLength(1);
    expect(cashRows()).toBe(1);
    expect(types().filter((x) => x === 'sale.outcome')).toHaveLength(2); // pending, confirmed
  });

  it('request_in_progress is not an answer: sent again', async () => {
    let n = 0;
    const s = setup(() => (++n === 1 ? problem(409, 'request_in_progress', { 'Retry-After': '1' }) : json(201, { data: booking('confirmed') })));
    expect(await s.sales.sell(args())).toMatchObject({ status: 'confirmed' });
    expect(s.posts()).toHaveLength(2);
  });
});
