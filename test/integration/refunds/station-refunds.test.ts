// A ticket is refunded at most once across the counters of a station (real PostgreSQL): two
// counters on one account linked to one station database; A sells, the operator cancels, B pays
// the traveller back from the station's copy of A's sale, and neither A nor B pays it again, even
// when both press at the same moment. Unlinked, a counter refunds only its own sales and says why.
// The station report sums the refunds over the counters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCounter, type Counter } from '../../../main/counter.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import type { RunningSandbox } from '../../../sandbox/server.ts';
import { startPostgres, type TestPostgres } from '../../support/postgres.ts';
import { caller, keychainWith, sandbox, tempDir, type Caller } from '../main/helpers.ts';
import { sellSeats } from './helpers.ts';

let api: RunningSandbox;
let db: TestPostgres;
const dirs = [tempDir('shubbak-rf-a-'), tempDir('shubbak-rf-b-'), tempDir('shubbak-rf-c-')];
const counters: Counter[] = [];
const [A, B, C] = [0, 1, 2];
const c: Caller[] = [];

beforeAll(async () => {
  api = await sandbox();
  db = await startPostgres({ station: true });
  for (const d of dirs) {
    const counter = await startCounter({ dataDir: d.dir, version: '0.1.0', keychain: memoryKeychain(keychainWith('cid_sandbox_demo', api.baseUrl)), shipEveryMs: 200 });
    counters.push(counter);
    c.push(caller(counter.dispatch));
  }
  // A and B belong to the station; C stays alone.
  for (const i of [A, B]) {
    await c[i]!.ok('connectStation', { stationId: 'stn_cairo', stationName: 'Cairo Gateway', host: db.host, port: db.port, database: db.database, user: db.user, tls: false });
  }
});
afterAll(async () => {
  for (const k of counters) await k.close();
  db?.destroy();
  await api?.close();
  for (const d of dirs) d.cleanup();
});


const cancel = (ref: string) => fetch(`${api.origin}/_sandbox/bookings/${ref}/cancel-trip`, { method: 'POST' }).then((r) => expect(r.ok).toBe(true));
const shipped = async (i: number) =>
  expect.poll(async () => c[i]!.ok('stationStatus').then((s) => `${s.shipping}:${s.backlog}`), { timeout: 10_000 }).toBe('synced:0');

describe('one ticket, one refund, across the station', () => {
  let sale: Awaited<ReturnType<typeof sellSeats>>;

  it('another counter of the linked station refunds a sale of A from the station database', async () => {
    sale = await sellSeats(c[A]!, ['Hoda Salem', 'Karim Nabil'], 3);
    await cancel(sale.ref);
    await shipped(A);
    const quote = await c[B]!.ok('refundQuote', { bookingReference: sale.ref });
    expect(quote).toMatchObject({ saleId: sale.saleId, otherCounter: true, cancelled: true });
    expect(quote.tickets.map((t) => t.name)).toEqual(['Hoda Salem', 'Karim Nabil']);
    const { refund } = await c[B]!.ok('refund', { bookingReference: sale.ref, passengerIndexes: [0], language: 'en' });
    expect(refund).toMatchObject({ saleId: sale.saleId, claimable: true, travellers: [{ name: 'Hoda Salem' }] });
  });

  it('refuses the same ticket again on the same counter and on the counter that sold it', async () => {
    expect((await c[B]!.err('refund', { bookingReference: sale.ref, passengerIndexes: [0], language: 'en' })).code).toBe('ticket_already_refunded');
    expect((await c[A]!.err('refund', { saleId: sale.saleId, passengerIndexes: [0], language: 'en' })).code).toBe('ticket_already_refunded');
    expect((await c[A]!.ok('refundQuote', { saleId: sale.saleId })).tickets.map((t) => t.refunded)).toEqual([true, false]);
  });

  it('when two windows press at the same moment, exactly one pays', async () => {
    const results = await Promise.all([
      c[A]!.raw('refund', { saleId: sale.saleId, passengerIndexes: [1], language: 'en' }),
      c[B]!.raw('refund', { bookingReference: sale.ref, passengerIndexes: [1], language: 'en' }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => (r.ok ? null : r.error.code))).toEqual(['ticket_already_refunded']);
  });

  it('with the station database down, a linked counter refunds its own sales only, and says why for the others', async () => {
    const mine = await sellSeats(c[A]!, ['Nour Hassan'], 6);
    const theirs = await sellSeats(c[B]!, ['Hala Farouk'], 6);
    await cancel(mine.ref);
    await cancel(theirs.ref);
    await shipped(B);
    db.stop();
    try {
      expect((await c[A]!.err('refund', { bookingReference: theirs.ref, language: 'en' })).code).toBe('refund_not_sold_here');
      expect((await c[A]!.ok('refund', { saleId: mine.saleId, language: 'en' })).refund.amountMinor).toBe(mine.total);
    } finally {
      db.start();
    }
    await shipped(A);
    // Once A's refund made offline has reached the station, B does not pay that ticket again.
    expect((await c[B]!.err('refund', { bookingReference: mine.ref, language: 'en' })).code).toBe('ticket_already_refunded');
  });

  it('a counter without the station refunds only its own sales, and says why for the others', async () => {
    const other = await sellSeats(c[A]!, ['Omar Fathy'], 4);
    await cancel(other.ref);
    expect((await c[C]!.err('refund', { bookingReference: other.ref, language: 'en' })).code).toBe('refund_not_sold_here');
    const own = await sellSeats(c[C]!, ['Laila Mahmoud'], 5);
    await cancel(own.ref);
    expect((await c[C]!.ok('refund', { saleId: own.saleId, language: 'en' })).refund.amountMinor).toBe(own.total);
  });

  it('the station report sums the refunds of its counters', async () => {
    await shipped(A);
    await shipped(B);
    const report = await c[A]!.ok('stationReport');
    // Both tickets of the first sale (at B, then at A or B) and A's own refund made while the station was down.
    const paid = report.refunds!.paid.amountMinor;
    expect(report.refunds!.paid).toMatchObject({ count: 3, tickets: 3, claimable: { count: 3, amountMinor: paid } });
    expect(paid).toBeGreaterThan(sale.total);
    expect(report.refunds!.netCashMinor).toBe(report.totals.cashMinor - paid);
  });
});
