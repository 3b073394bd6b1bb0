// Stuck sales: a supervisor sees the sales still without a final answer and resolves one: asks
// the API again, or abandons one the API never received. Abandoning is refused while an attempt
// may still land, for a pending booking, and when the account holds a booking of its travellers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../sandbox/server.ts';
import { startCounter, type Counter } from '../../../main/counter.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import { caller, findOffer, keychainWith, sandbox, sellOneSeat, tempDir, type Caller, type Control } from '../main/helpers.ts';

let api: RunningSandbox & { control: Control };
let counter: Counter;
let c: Caller;
const tmp = tempDir('shubbak-stuck-');
let now = Date.now();
/** A power cut right after the intent is written (before anything is sent), or right after the booking request went out, once. */
let cutAfterIntent = false;
/** Every POST /bookings the counter sends. */
let bookingPosts = 0;
let cutAfterSend = false;

beforeAll(async () => {
  api = await sandbox();
  counter = await startCounter({
    dataDir: tmp.dir,
    version: '0.1.0',
    keychain: memoryKeychain(keychainWith('cid_sandbox_demo', api.baseUrl)),
    clock: { now: () => new Date(now) },
    fetch: async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if ((init?.method ?? 'GET') === 'POST' && new URL(url).pathname.endsWith('/bookings')) bookingPosts++;
      return fetch(input, init);
    },
    timeoutMs: 400,
    resumeEveryMs: 3_600_000,
    faults: (point) => {
      if (point === 'after-intent' && cutAfterIntent) {
        cutAfterIntent = false;
        throw new Error('power cut');
      }
      if (point === 'after-send' && cutAfterSend) {
        cutAfterSend = false;
        throw new Error('power cut');
      }
    },
  });
  c = caller(counter.dispatch);
});
afterAll(async () => {
  await counter?.close();
  await api?.close();
  tmp.cleanup();
});

/** A sale cut by a power cut at `point` (so it is left open), of one free seat. */
async function sellCut(name: string, point: 'after-intent' | 'after-send') {
  const { priced, detail } = await findOffer(c, 1);
  const seat = detail.offer.seats.find((s) => s.available)!;
  if (point === 'after-intent') cutAfterIntent = true;
  else cutAfterSend = true;
  return c.raw('sell', {
    saleId: crypto.randomUUID(),
    offerId: priced.offer.id,
    passengers: [{ full_name: name, seat: seat.number }],
    contact: { name: 'A B', phone: '+201001234567' },
    language: 'en',
    cashTenderedMinor: 100_000_00,
  });
}

describe('stuck sales', () => {
  it('abandons a sale the API never received (nothing was sent): failed, no cash, never sent again', async () => {
    const { priced, detail } = await findOffer(c, 1);
    cutAfterIntent = true;
    const seat = detail.offer.seats.find((s) => s.available)!;
    const sale = await c.raw('sell', {
      saleId: crypto.randomUUID(),
      offerId: priced.offer.id,
      passengers: [{ full_name: 'Never Received', seat: seat.number }],
      contact: { name: 'A B', phone: '+201001234567' },
      language: 'en',
      cashTenderedMinor: 100_000_00,
    });
    const open = await c.ok('openSales');
    expect(open).toHaveLength(1);
    const saleId = open[0]!.saleId;
    expect(sale.ok ? sale.value.status : 'error').not.toBe('confirmed');
    expect((await c.err('resolveSale', { saleId, action: 'abandon', reason: '   ' } as never)).code).toBe('invalid_argument');
    const done = await c.ok('resolveSale', { saleId, action: 'abandon', reason: 'The operator never got it: 503 all along' });
    expect(done).toMatchObject({ status: 'failed', cashRecorded: false, charged: false, error: { code: 'sale_abandoned' } });
    expect(await c.ok('openSales')).toEqual([]);
    expect((await c.err('resolveSale', { saleId, action: 'ask', reason: 'again' })).code).toBe('conflict');
    await counter.resume();
    expect((await c.ok('getSale', { saleId })).status).toBe('failed');
  });

  it('refuses to abandon a sale whose attempt may have landed, and finds its booking on the account; asking again settles it', async () => {
    await sellCut('Maybe Landed', 'after-send');
    const [open] = await c.ok('openSales');
    expect(open).toBeDefined();
    const saleId = open!.saleId;
    const refused = await c.err('resolveSale', { saleId, action: 'abandon', reason: 'looks lost' });
    expect(refused).toMatchObject({ code: 'conflict', retryable: true });
    // A day later (on the counter's clock) the key may be gone: the account is searched instead.
    now += 25 * 3_600_000;
    const found = await c.err('resolveSale', { saleId, action: 'abandon', reason: 'looks lost' });
    expect(found.code).toBe('conflict');
    expect(found.bookingReference).toMatch(/^PB-/);
    now -= 25 * 3_600_000;
    const settled = await c.ok('resolveSale', { saleId, action: 'ask', reason: 'ask again' });
    expect(settled.status).toBe('confirmed');
    expect(settled.booking?.id).toBe(found.bookingReference);
    expect(await c.ok('openSales')).toEqual([]);
  });

  it('past the key retention, an in-doubt sale is settled from the account, never sent again', async () => {
    await sellCut('Long Forgotten', 'after-send');
    const [open] = await c.ok('openSales');
    // A day passes on both clocks: the API has forgotten the key (and the offer has lapsed), so
    // sending again could only book twice or fail a sale the account holds.
    now += 25 * 3_600_000;
    await api.control.advance(25 * 3_600);
    try {
      const posts = bookingPosts;
      await counter.resume();
      expect(bookingPosts, 'nothing sent again past the key retention').toBe(posts);
      const sale = await c.ok('getSale', { saleId: open!.saleId });
      expect(sale.status).toBe('confirmed');
      expect(sale.cashRecorded).toBe(true);
      // one booking of these travellers on the account: nothing was booked twice
      const token = (await (await fetch(`${api.baseUrl}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_id: 'cid_sandbox_demo', client_secret: 'sk_sandbox_demo' }) })).json()) as { access_token: string };
      const all = (await (await fetch(`${api.baseUrl}/bookings?limit=200`, { headers: { authorization: `Bearer ${token.access_token}` } })).json()) as { data: { passengers: { full_name: string }[] }[] };
      expect(all.data.filter((b) => b.passengers[0]?.full_name === 'Long Forgotten')).toHaveLength(1);
    } finally {
      now -= 25 * 3_600_000;
    }
  });

  it('refuses to abandon a pending booking', async () => {
    const pending = await sellOneSeat(c, 'Hany TEST PENDING', 0);
    expect(pending.status).toBe('pending');
    expect((await c.err('resolveSale', { saleId: pending.saleId, action: 'abandon', reason: 'no' })).code).toBe('conflict');
    expect((await c.ok('verifyJournal')).ok).toBe(true);
  });
});
