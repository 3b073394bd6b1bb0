// A ticket is refunded at most once across the counters of a station (real PostgreSQL): two
// counters on one account linked to one station database; A sells, the operator cancels, B pays
// the traveller back from the station's copy of A's sale, and neither A nor B pays it again, even
// when both press at the same moment, nor when the station database is down. Unlinked, a counter
// refunds only its own sales and says why.
// The station report sums the refunds over the counters. A LIVE counter linked to the same station
// id keeps apart: play money never leaves a real drawer, and its report counts its own journal only.
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalPath } from '../../../main/session.ts';
import { stationPool } from '../../../main/station/database.ts';
import { startCounter, type Counter } from '../../../main/counter.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import type { RunningSandbox } from '../../../sandbox/server.ts';
import { startPostgres, type TestPostgres } from '../../support/postgres.ts';
import { caller, keychainWith, sandbox, tempDir, type Caller } from '../main/helpers.ts';
import { cancelTrip, closeStationFile, sellSeats, shippedAll } from './helpers.ts';
import { appendByHand } from '../../support/append-by-hand.ts';
import { stationCli } from '../../support/station-owner.ts';

let api: RunningSandbox;
let db: TestPostgres;
const dirs = [tempDir('shubbak-rf-a-'), tempDir('shubbak-rf-b-'), tempDir('shubbak-rf-c-'), tempDir('shubbak-rf-l-')];
const counters: Counter[] = [];
const keychains: ReturnType<typeof memoryKeychain>[] = [];
const [A, B, C, L] = [0, 1, 2, 3];
const c: Caller[] = [];

/** Starts counter `i` on its data folder and keychain (again, after a close). */
async function start(i: number): Promise<void> {
  counters[i] = await startCounter({ dataDir: dirs[i]!.dir, version: '0.1.0', keychain: keychains[i]!, shipEveryMs: 200 });
  c[i] = caller(counters[i].dispatch);
}

beforeAll(async () => {
  api = await sandbox();
  db = await startPostgres({ station: true });
  for (const i of dirs.keys()) {
    const clientId = i === L ? 'cid_live_demo' : 'cid_sandbox_demo';
    keychains.push(memoryKeychain(keychainWith(clientId, api.baseUrl)));
    await start(i);
  }
  expect(counters.map((k) => k.info.environment)).toEqual(['SANDBOX', 'SANDBOX', 'SANDBOX', 'LIVE']);
  // A and B belong to the station, and L of the same station id in LIVE; C stays alone.
  for (const i of [A, B, L]) {
    await c[i]!.ok('connectStation', { stationId: 'stn_cairo', stationName: 'Cairo Gateway', host: db.host, port: db.port, database: db.database, user: db.user, tls: false });
  }
});
afterAll(() => closeStationFile({ counters, db, api, dirs }));

const cancel = (ref: string) => cancelTrip(api.origin, ref);
const shipped = (i: number) => shippedAll(c[i]!);
/** An account manager's ADJUSTMENT of the wallet (the sandbox's control API). */
const adjust = (body: object) =>
  fetch(`${api.origin}/_sandbox/wallet/adjust`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_id: 'cid_sandbox_demo', ...body }) }).then((r) => expect(r.ok).toBe(true));

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

  it('with the station database down, a linked counter refunds only its own sales the station has not received, and says why for the others', async () => {
    const shippedSale = await sellSeats(c[A]!, ['Nour Hassan'], 6);
    const theirs = await sellSeats(c[B]!, ['Hala Farouk'], 6);
    await cancel(shippedSale.ref);
    await cancel(theirs.ref);
    await shipped(A);
    // B pays A's traveller back from the station's copy.
    expect((await c[B]!.ok('refund', { bookingReference: shippedSale.ref, language: 'en' })).refund.amountMinor).toBe(shippedSale.total);
    await shipped(B);
    db.stop();
    let offline: Awaited<ReturnType<typeof sellSeats>>;
    try {
      expect((await c[A]!.err('refund', { bookingReference: theirs.ref, language: 'en' })).code).toBe('refund_not_sold_here');
      // A's own sale, but the station holds it: another window paid it, and A cannot know: it waits.
      expect((await c[A]!.err('refund', { saleId: shippedSale.saleId, language: 'en' })).code).toBe('station_unreachable');
      // A sale made while the station is down is A's alone: refunded on what A knows.
      offline = await sellSeats(c[A]!, ['Sherif Adel'], 7);
      await cancel(offline.ref);
      expect((await c[A]!.ok('refund', { saleId: offline.saleId, language: 'en' })).refund.amountMinor).toBe(offline.total);
    } finally {
      db.start();
    }
    await shipped(A);
    // Once A's refund made offline has reached the station, B does not pay that ticket again; nor A B's.
    expect((await c[B]!.err('refund', { bookingReference: offline.ref, language: 'en' })).code).toBe('ticket_already_refunded');
    expect((await c[A]!.err('refund', { saleId: shippedSale.saleId, language: 'en' })).code).toBe('ticket_already_refunded');
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
    // Both tickets of the first sale (at B, then at A or B), A's sale paid back at B, and A's own refund made while the station was down.
    const paid = report.refunds!.paid.amountMinor;
    expect(report.refunds!.paid).toMatchObject({ count: 4, tickets: 4, claimable: { count: 4, amountMinor: paid } });
    expect(paid).toBeGreaterThan(sale.total);
    expect(report.refunds!.netCashMinor).toBe(report.totals.cashMinor - paid);
  });

  it("a station claim left by a refund its counter never wrote (it stopped in between) is given back at that counter's next refund look", async () => {
    const stranded = await sellSeats(c[A]!, ['Rania Fouad'], 8);
    await cancel(stranded.ref);
    await shipped(A);
    const { counterId } = await c[A]!.ok('stationStatus');
    // What a counter stopped between the station's claim and its refund.paid leaves behind: the
    // claim at the station, and its note in the journal's meta (kept before the claim is asked).
    const refundId = randomUUID();
    const pool = stationPool({ host: db.host, port: db.port, database: db.database, user: db.user });
    const file = new Database(journalPath(dirs[A]!.dir, 'SANDBOX'));
    try {
      await pool.query('SELECT claim_ticket_refunds($1, $2, $3::int[], $4)', [counterId, stranded.ref, [0], refundId]);
      file.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('refund_claims_out', ?)").run(JSON.stringify([{ refundId, bookingReference: stranded.ref }]));
    } finally {
      file.close();
      await pool.end();
    }
    expect((await c[B]!.err('refund', { bookingReference: stranded.ref, language: 'en' })).code).toBe('ticket_already_refunded');
    // A's next look at any refund gives the claim back (nothing was paid on it: no refund.paid).
    expect((await c[A]!.ok('refundQuote', { saleId: stranded.saleId })).tickets.map((t) => t.refunded)).toEqual([false]);
    expect((await c[B]!.ok('refund', { bookingReference: stranded.ref, language: 'en' })).refund.amountMinor).toBe(stranded.total);
    expect((await c[A]!.err('refund', { saleId: stranded.saleId, language: 'en' })).code).toBe('ticket_already_refunded');
  });

  it("the claims are the station's: one booking's tickets paid back at two windows make one claim, one ADJUSTMENT settles it once, a line matched by hand at one window is not matched again at another", async () => {
    const split = await sellSeats(c[A]!, ['Laila Hany', 'Tamer Hany'], 9);
    await cancel(split.ref);
    await shipped(A);
    await c[B]!.ok('refund', { bookingReference: split.ref, passengerIndexes: [0], language: 'en' });
    await c[A]!.ok('refund', { saleId: split.saleId, passengerIndexes: [1], language: 'en' });
    await shipped(A);
    await shipped(B);
    const claimOf = async (i: number) => (await c[i]!.ok('claims')).claims.find((x) => x.bookingReference === split.ref);
    // Both windows see the booking's whole claim: the NET the station paid for both tickets.
    for (const i of [A, B]) expect(await claimOf(i)).toMatchObject({ claimedMinor: split.net, settledMinor: 0, status: 'open' });
    await adjust({ amount_minor: split.net, reason: 'Cancelled departure', booking_ref: split.ref });
    for (const i of [A, B]) expect(await claimOf(i)).toMatchObject({ claimedMinor: split.net, settledMinor: split.net, status: 'settled' });

    // A lump sum without a reference, matched by hand at A: B sees it matched, and cannot match it again.
    const lump = await sellSeats(c[A]!, ['Samia Adel'], 10);
    await cancel(lump.ref);
    await c[A]!.ok('refund', { saleId: lump.saleId, language: 'en' });
    await adjust({ amount_minor: lump.net, reason: 'Settlement, week 48' });
    const line = (await c[A]!.ok('claims')).unmatched.find((u) => u.amountMinor === lump.net && u.bookingReference === null)!;
    await c[A]!.ok('matchAdjustment', { transactionId: line.transactionId, bookingReference: lump.ref, note: null });
    await shipped(A);
    const atB = await c[B]!.ok('claims');
    expect(atB.station).toEqual({ stationError: null, leftOut: null });
    expect(atB.unmatched.map((u) => u.transactionId)).not.toContain(line.transactionId);
    expect(atB.claims.find((x) => x.bookingReference === lump.ref)).toMatchObject({ settledMinor: lump.net, status: 'settled' });
    expect((await c[B]!.err('matchAdjustment', { transactionId: line.transactionId, bookingReference: split.ref, note: null })).code).toBe('conflict');
  });

  it('a LIVE counter of the same station id neither finds nor pays back a SANDBOX sale', async () => {
    const open = await sellSeats(c[A]!, ['Omar Said'], 4);
    await shipped(A);
    expect((await c[L]!.err('refundQuote', { bookingReference: open.ref })).code).toBe('refund_not_sold_here');
    const desk = await c[L]!.ok('createFirstSupervisor', { name: 'Live Boss', pin: '43210987' });
    await c[L]!.ok('openShift', { float: {} });
    const approval = { supervisorId: desk.signedIn!.id, pin: '43210987', reason: 'goodwill' };
    expect((await c[L]!.err('refund', { bookingReference: open.ref, language: 'en', approval })).code).toBe('refund_not_sold_here');
  });

  it('the LIVE station report counts neither the SANDBOX sales nor their refunds', async () => {
    const live = await c[L]!.ok('stationReport');
    expect(live.environment).toBe('LIVE');
    expect(live.totals.sales).toBe(0);
    expect(live.refunds?.paid.count ?? 0).toBe(0);
    const sandbox = await c[A]!.ok('stationReport');
    expect(sandbox.environment).toBe('SANDBOX');
    expect(sandbox.totals.sales).toBeGreaterThan(0);
    expect(sandbox.refunds?.paid.count).toBe(8);
  });

  it('two windows matching one lump sum at the same moment: exactly one writes it; a claim of a line left by a match never written is given back', async () => {
    const lump = await sellSeats(c[A]!, ['Nour Samy'], 11);
    await cancel(lump.ref);
    await c[A]!.ok('refund', { saleId: lump.saleId, language: 'en' });
    await shipped(A);
    await adjust({ amount_minor: lump.net, reason: 'Settlement, week 49' });
    const lineAt = async (i: number) => (await c[i]!.ok('claims')).unmatched.find((u) => u.amountMinor === lump.net && u.bookingReference === null)!;
    const line = await lineAt(A);
    expect((await lineAt(B)).transactionId).toBe(line.transactionId);
    const both = await Promise.all([A, B].map((i) => c[i]!.raw('matchAdjustment', { transactionId: line.transactionId, bookingReference: lump.ref, note: null })));
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.filter((r) => !r.ok).map((r) => (r.ok ? null : r.error.code))).toEqual(['conflict']);
    expect(both.find((r) => !r.ok)).toMatchObject({ error: { message: expect.stringMatching(/at counter ctr_/) } });
    await shipped(A);
    await shipped(B);
    const matchesOf = async (i: number) => {
      const file = new Database(journalPath(dirs[i]!.dir, 'SANDBOX'), { readonly: true });
      try {
        return (file.prepare("SELECT count(*) AS n FROM entries WHERE type = 'claim.matched' AND payload ->> '$.transactionId' = ?").get(line.transactionId) as { n: number }).n;
      } finally {
        file.close();
      }
    };
    expect((await matchesOf(A)) + (await matchesOf(B))).toBe(1);
    for (const i of [A, B]) expect((await c[i]!.ok('claims')).claims.find((x) => x.bookingReference === lump.ref)).toMatchObject({ settledMinor: lump.net, status: 'settled' });

    // A counter stopped between the station's claim of a line and its claim.matched leaves the claim behind.
    const other = await sellSeats(c[A]!, ['Hany Fawzy'], 12);
    await cancel(other.ref);
    await c[A]!.ok('refund', { saleId: other.saleId, language: 'en' });
    await shipped(A);
    await adjust({ amount_minor: other.net, reason: 'Settlement, week 50' });
    const next = (await c[A]!.ok('claims')).unmatched.find((u) => u.amountMinor === other.net && u.bookingReference === null)!;
    const { counterId } = await c[A]!.ok('stationStatus');
    const pool = stationPool({ host: db.host, port: db.port, database: db.database, user: db.user });
    try {
      await pool.query('SELECT claim_wallet_line_match($1, $2, $3, $4)', [counterId, next.transactionId, other.ref, randomUUID()]);
    } finally {
      await pool.end();
    }
    expect((await c[B]!.ok('claims')).unmatched.map((u) => u.transactionId)).toContain(next.transactionId);
    const held = await c[B]!.err('matchAdjustment', { transactionId: next.transactionId, bookingReference: other.ref, note: null });
    expect(held).toMatchObject({ code: 'conflict', counterId });
    await c[A]!.ok('claims'); // A's next look gives the line back: no match of it was written there
    await c[B]!.ok('matchAdjustment', { transactionId: next.transactionId, bookingReference: other.ref, note: 'week 50' });
  });

  it('what a counter left claimed when it stopped (tickets, a wallet line) is given back when it starts again, before anyone looks at a refund or a claim there', async () => {
    const stranded = await sellSeats(c[A]!, ['Nadia Samir'], 13);
    await cancel(stranded.ref);
    const lump = await sellSeats(c[A]!, ['Tarek Samir'], 14);
    await cancel(lump.ref);
    await c[A]!.ok('refund', { saleId: lump.saleId, language: 'en' });
    await shipped(A);
    await adjust({ amount_minor: lump.net, reason: 'Settlement, week 51' });
    const line = (await c[B]!.ok('claims')).unmatched.find((u) => u.amountMinor === lump.net && u.bookingReference === null)!;
    const { counterId } = await c[A]!.ok('stationStatus');

    // A stops between the station's claims and its entries: the tickets of one refund and a wallet
    // line for one match claimed at the station, the refund noted in its journal, nothing written.
    await counters[A]!.close();
    const [refundId, matchId] = [randomUUID(), randomUUID()];
    const pool = stationPool({ host: db.host, port: db.port, database: db.database, user: db.user });
    try {
      await pool.query('SELECT claim_ticket_refunds($1, $2, $3::int[], $4)', [counterId, stranded.ref, [0], refundId]);
      await pool.query('SELECT claim_wallet_line_match($1, $2, $3, $4)', [counterId, line.transactionId, lump.ref, matchId]);
      const file = new Database(journalPath(dirs[A]!.dir, 'SANDBOX'));
      try {
        file.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('refund_claims_out', ?)").run(JSON.stringify([{ refundId, bookingReference: stranded.ref }]));
      } finally {
        file.close();
      }
      expect((await c[B]!.err('refund', { bookingReference: stranded.ref, language: 'en' })).code).toBe('ticket_already_refunded');
      expect((await c[B]!.err('matchAdjustment', { transactionId: line.transactionId, bookingReference: lump.ref, note: null })).code).toBe('conflict');

      // A starts again; nobody asks it anything: the station gets both claims back.
      await start(A);
      const held = async () => {
        const tickets = await pool.query('SELECT count(*)::int AS n FROM ticket_refunds WHERE refund_id = $1', [refundId]);
        const lines = await pool.query('SELECT count(*)::int AS n FROM wallet_line_matches WHERE match_id = $1', [matchId]);
        return [tickets.rows[0].n, lines.rows[0].n];
      };
      await expect.poll(held, { timeout: 10_000 }).toEqual([0, 0]);
    } finally {
      await pool.end();
    }
    expect((await c[B]!.ok('refund', { bookingReference: stranded.ref, language: 'en' })).refund.amountMinor).toBe(stranded.total);
    await c[B]!.ok('matchAdjustment', { transactionId: line.transactionId, bookingReference: lump.ref, note: 'week 51' });
    expect((await c[A]!.err('refund', { saleId: stranded.saleId, language: 'en' })).code).toBe('ticket_already_refunded');
  });
});

/** The last payload of `type` of a sale in a journal file, without its tag. */
function untagged(file: Database.Database, type: string, saleId: string): Record<string, unknown> {
  const text = file.prepare("SELECT payload FROM entries WHERE type = ? AND json_extract(payload, '$.saleId') = ? ORDER BY seq DESC LIMIT 1").pluck().get(type, saleId) as string;
  const { tag: _, ...payload } = JSON.parse(text) as Record<string, unknown>;
  return payload;
}

describe('a sale appended by hand to a counter’s journal, found there written outside the app', () => {
  it('is paid back neither at another window nor at its own, and the station report names it', async () => {
    // A real booking of the same account, sold at C (not of the station), then cancelled: what an
    // insider at A copies into A's journal as a sale of A's, with a drawer's worth of cash.
    const real = await sellSeats(c[C]!, ['Laila Fouad'], 15);
    await cancel(real.ref);
    const own = await sellSeats(c[A]!, ['Omar Fouad'], 15);
    await shipped(A);
    const fileC = new Database(journalPath(dirs[C]!.dir, 'SANDBOX'), { readonly: true });
    const [intentC, outcomeC, cashC] = ['sale.intent', 'sale.outcome', 'cash.received'].map((type) => untagged(fileC, type, real.saleId));
    fileC.close();

    await counters[A]!.close();
    const saleId = randomUUID();
    const fileA = new Database(journalPath(dirs[A]!.dir, 'SANDBOX'));
    let forged: number[];
    try {
      const mine = untagged(fileA, 'sale.intent', own.saleId);
      const at = { agentId: mine.agentId, agentName: mine.agentName, shiftId: mine.shiftId, businessDay: mine.businessDay };
      const opts = { shiftId: mine.shiftId as string };
      forged = [
        appendByHand(fileA, 'sale.intent', { ...intentC, ...at, saleId, retailTotalMinor: 5_000_000, cashTenderedMinor: 5_000_000, changeMinor: 0 }, opts),
        appendByHand(fileA, 'sale.outcome', { ...outcomeC, saleId }, opts),
        appendByHand(fileA, 'cash.received', { ...cashC, ...at, saleId, amountMinor: 5_000_000, tenderedMinor: 5_000_000, changeMinor: 0 }, opts),
      ];
    } finally {
      fileA.close();
    }
    // A starts again: it finds them (journal.foreign_entries) and ships them with the rest, under its own key.
    await start(A);
    expect((await c[A]!.ok('backupStatus')).foreign).toMatchObject({ count: 3, firstSeq: forged[0], types: ['sale.intent', 'sale.outcome', 'cash.received'] });
    await shipped(A);
    const { counterId } = await c[A]!.ok('stationStatus');

    const atB = await c[B]!.err('refundQuote', { bookingReference: real.ref });
    expect(atB).toMatchObject({ code: 'sale_written_outside', counterId, seq: forged[0] });
    expect((await c[B]!.err('refund', { bookingReference: real.ref, language: 'ar' })).code).toBe('sale_written_outside');
    expect((await c[A]!.err('refund', { saleId, language: 'en' })).code).toBe('sale_written_outside');
    expect((await c[A]!.err('refundQuote', { bookingReference: real.ref })).code).toBe('sale_written_outside');
    // A's own sale of the same day is still paid back as ever.
    await cancel(own.ref);
    expect((await c[B]!.ok('refundQuote', { bookingReference: own.ref })).cancelled).toBe(true);

    const report = await c[B]!.ok('stationReport');
    expect(report.integrity?.verified).toBe(false);
    expect(report.integrity?.problems.filter((p) => p.kind === 'written_outside')).toEqual([
      { counterId, kind: 'written_outside', seq: forged[0], detail: `entries ${forged[0]}–${forged[2]} found written outside the app by its counter: counted, to be checked against its Z-reports` },
    ]);
    // `npm run station -- verify` names them under their counter; its copy is true to the counter, so it still verifies
    const verify = await stationCli(db, { database: db.database, user: db.user }, ['verify', '--station', 'stn_cairo']);
    expect(verify.out).toContain(`counter ${counterId}: `);
    expect(verify.out).toContain(`  found by the counter written outside the app: entries ${forged[0]}–${forged[2]} (counted in the figures`);
  });

  it('a sale appended by hand while its counter runs is not paid back there at once: the counter looks before it quotes or pays', async () => {
    const real = await sellSeats(c[C]!, ['Hoda Fouad'], 17);
    await cancel(real.ref);
    const own = await sellSeats(c[A]!, ['Karim Fouad'], 17);
    const fileC = new Database(journalPath(dirs[C]!.dir, 'SANDBOX'), { readonly: true });
    const [intentC, outcomeC, cashC] = ['sale.intent', 'sale.outcome', 'cash.received'].map((type) => untagged(fileC, type, real.saleId));
    fileC.close();
    // while A runs (its next look is up to 30 s away), then at once to A's refund screen
    const saleId = randomUUID();
    const fileA = new Database(journalPath(dirs[A]!.dir, 'SANDBOX'));
    let first: number;
    try {
      const mine = untagged(fileA, 'sale.intent', own.saleId);
      const at = { agentId: mine.agentId, agentName: mine.agentName, shiftId: mine.shiftId, businessDay: mine.businessDay };
      const opts = { shiftId: mine.shiftId as string };
      first = appendByHand(fileA, 'sale.intent', { ...intentC, ...at, saleId, retailTotalMinor: 4_000_000, cashTenderedMinor: 4_000_000, changeMinor: 0 }, opts);
      appendByHand(fileA, 'sale.outcome', { ...outcomeC, saleId }, opts);
      appendByHand(fileA, 'cash.received', { ...cashC, ...at, saleId, amountMinor: 4_000_000, tenderedMinor: 4_000_000, changeMinor: 0 }, opts);
    } finally {
      fileA.close();
    }
    expect((await c[A]!.err('refundQuote', { saleId })).code).toBe('sale_written_outside');
    expect((await c[A]!.err('refund', { saleId, language: 'en' })).code).toBe('sale_written_outside');
    expect((await c[A]!.ok('backupStatus')).foreign).toMatchObject({ firstSeq: first });
  });

  it('a hand match appended by hand while its counter runs settles no claim, there at once nor at another window', async () => {
    const own = await sellSeats(c[A]!, ['Nabil Fouad'], 18);
    await cancel(own.ref);
    await c[A]!.ok('refund', { saleId: own.saleId, language: 'en' });
    const amount = own.net + 7; // an ADJUSTMENT without a reference, listed apart for a supervisor to match
    await adjust({ amount_minor: amount, reason: 'Settlement, week 50' });
    const line = (await c[A]!.ok('claims')).unmatched.find((u) => u.amountMinor === amount && u.bookingReference === null)!;
    expect(line).toBeDefined();
    const fileA = new Database(journalPath(dirs[A]!.dir, 'SANDBOX'));
    let seq: number;
    try {
      const { agentId, agentName, shiftId } = untagged(fileA, 'sale.intent', own.saleId) as Record<string, string>;
      seq = appendByHand(fileA, 'claim.matched', { transactionId: line.transactionId, bookingReference: own.ref, amountMinor: amount, at: line.at, by: { agentId, agentName }, note: null }, { shiftId });
    } finally {
      fileA.close();
    }
    const stillOpen = async (i: number) => {
      const view = await c[i]!.ok('claims');
      expect(view.claims.find((x) => x.bookingReference === own.ref)).toMatchObject({ settledMinor: 0, status: 'open' });
      expect(view.unmatched.map((u) => u.transactionId)).toContain(line.transactionId);
    };
    await stillOpen(A);
    expect((await c[A]!.ok('backupStatus')).foreign).toMatchObject({ firstSeq: seq });
    await shipped(A);
    await stillOpen(B);
    // and a supervisor still matches the line for real
    const matched = await c[B]!.ok('matchAdjustment', { transactionId: line.transactionId, bookingReference: own.ref, note: 'by hand, for real' });
    expect(matched.claims.find((x) => x.bookingReference === own.ref)).toMatchObject({ settledMinor: amount, status: 'over' });
  });

  it('a refund appended by hand while its counter runs opens no claim at any window: its counter finds it before shipping it', async () => {
    const real = await sellSeats(c[C]!, ['Samia Fouad'], 16);
    const own = await sellSeats(c[A]!, ['Adel Fouad'], 16);
    const { counterId } = await c[A]!.ok('stationStatus');
    // while A runs: a claimable refund of a booking A never sold, shipped at once
    const fileA = new Database(journalPath(dirs[A]!.dir, 'SANDBOX'));
    let seq: number;
    try {
      const { agentId, agentName, shiftId, businessDay } = untagged(fileA, 'sale.intent', own.saleId) as Record<string, string>;
      seq = appendByHand(fileA, 'refund.paid', {
        refundId: randomUUID(), saleId: randomUUID(), bookingReference: real.ref, passengerIndexes: [0], wholeBooking: true, saleCounterId: counterId,
        travellers: [{ passengerIndex: 0, name: 'Samia Fouad', seat: null }], route: 'Cairo → Alexandria', cause: 'cancelled', currency: 'EGP',
        retailMinor: 5_000_000, keptMinor: 0, amountMinor: 5_000_000, claimable: true, claimNetMinor: 4_000_000, reason: null, approvedBy: null,
        agentId, agentName, shiftId, businessDay,
      }, { shiftId });
    } finally {
      fileA.close();
    }
    await shipped(A);
    const station = stationPool({ host: db.host, port: db.port, database: db.database, user: db.user });
    try {
      // shipped with its finding after it, found in the round that shipped it
      const { rows } = await station.query<{ seq: string }>("SELECT seq FROM entries WHERE counter_id = $1 AND type = 'journal.foreign_entries' ORDER BY seq DESC LIMIT 1", [counterId]);
      expect(Number(rows[0]?.seq)).toBeGreaterThan(seq);
    } finally {
      await station.end();
    }
    const claimed = async (i: number) => (await c[i]!.ok('claims')).claims.map((x) => x.bookingReference);
    expect(await claimed(B)).not.toContain(real.ref);
    expect(await claimed(A)).not.toContain(real.ref);
    const report = await c[B]!.ok('stationReport');
    expect(report.integrity?.problems).toContainEqual(expect.objectContaining({ counterId, kind: 'written_outside', seq }));
  });
});
