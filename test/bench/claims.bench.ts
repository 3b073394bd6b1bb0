// `node test/bench/claims.bench.ts`: the Claims view (issue 23) of a station with 100,000 claims
// (claimable refund.paid entries, written through the journal with their read models) and a
// wallet statement of 1,000,000 lines read into the counter (every kind of line; 80,000
// ADJUSTMENTs naming a booking, 5,000 without), 2,000 of them matched by hand. Timed: the whole
// view as the supervisor opens it once the statement is read (ClaimsService.claimsKnown: the
// refunds, statement lines and hand matches that arrived since the last look fed to the claims
// ledger, then every claim's state and the totals, the newest 500 of a filter listed). The first
// look after a start folds everything (claims.view_first_100k_1m, no goal).
// Env BENCH_CLAIMS / BENCH_WALLET_LINES override the sizes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { journalDatabase, Journal } from '../../main/journal/journal.ts';
import type { RefundPaid } from '../../main/journal/entries.ts';
import { ClaimsService, type ClaimsServiceDeps } from '../../main/refunds/claims-service.ts';
import { DEFAULT_REFUND_SETTINGS } from '../../main/refunds/settings.ts';

const CLAIMS = Number(process.env.BENCH_CLAIMS ?? 100_000);
const LINES = Number(process.env.BENCH_WALLET_LINES ?? 1_000_000);
const WITH_REF = Math.min(80_000, CLAIMS);
const WITHOUT_REF = 5_000;
const BY_HAND = 2_000;
const START = Date.parse('2025-07-01T06:00:00.000Z');
const now = new Date(START + 400 * 86_400_000);
const clock = { now: () => now };

const dir = mkdtempSync(join(tmpdir(), 'shubbak-claims-bench-'));
const journal = Journal.open({ path: join(dir, 'journal.db'), clock, environment: 'TRAINING', counterId: 'ctr_bench' });
const ref = (i: number) => `PB-${String(i).padStart(10, '0')}`;
const at = (i: number) => new Date(START + Math.floor((i * 365 * 86_400_000) / CLAIMS)).toISOString();

const t0 = performance.now();
journal.transaction(() => {
  for (let i = 0; i < CLAIMS; i++) {
    const p: RefundPaid = {
      refundId: `rf-${i}`,
      saleId: `sale-${i}`,
      bookingReference: ref(i),
      passengerIndexes: [0],
      wholeBooking: true,
      saleCounterId: 'ctr_bench',
      travellers: [{ passengerIndex: 0, name: 'Mohamed Ali', seat: '4' }],
      route: 'Cairo → Alexandria',
      cause: 'cancelled',
      currency: 'EGP',
      retailMinor: 30_000,
      keptMinor: 0,
      amountMinor: 30_000,
      claimable: true,
      claimNetMinor: 25_000,
      reason: null,
      policy: null,
      approvedBy: null,
      agentId: 'agent-1',
      agentName: 'Agent 1',
      shiftId: 'shift-bench',
      businessDay: at(i).slice(0, 10),
    };
    journal.append('refund.paid', p, { at: new Date(at(i)), shiftId: 'shift-bench' });
  }
  const line = journalDatabase(journal).prepare('INSERT INTO wallet_lines (id, type, amount_minor, booking_ref, reason, created_at) VALUES (?, ?, ?, ?, ?, ?)');
  for (let i = 0; i < LINES; i++) {
    const created = new Date(START + Math.floor((i * 365 * 86_400_000) / LINES)).toISOString();
    if (i < WITH_REF) line.run(`tx-${i}`, 'ADJUSTMENT', i % 10 === 0 ? 12_500 : 25_000, ref(i), 'Cancelled departure', created);
    else if (i < WITH_REF + WITHOUT_REF) line.run(`tx-${i}`, 'ADJUSTMENT', 25_000, null, 'Settlement', created);
    else line.run(`tx-${i}`, i % 50 === 0 ? 'TOPUP' : 'DEBIT', i % 50 === 0 ? 1_000_000 : -25_000, i % 50 === 0 ? null : `PB-X${i}`, null, created);
  }
  for (let k = 0; k < BY_HAND; k++) {
    const tx = WITH_REF + k;
    journal.append('claim.matched', { transactionId: `tx-${tx}`, bookingReference: ref(WITH_REF + k), amountMinor: 25_000, at: now.toISOString(), by: { agentId: 'boss', agentName: 'Samir' }, note: null });
  }
});
console.log(`# generated ${CLAIMS} claims, ${LINES} wallet lines in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const service = new ClaimsService({ journal, settings: () => DEFAULT_REFUND_SETTINGS, clock, log: () => {} } as unknown as ClaimsServiceDeps);
const SCREEN = { limit: 500 };
// The first look after the counter starts folds everything once.
const tFirst = performance.now();
const first = service.claimsKnown(SCREEN);
const firstMs = performance.now() - tFirst;
const all = first.totals.open + first.totals.short + first.totals.settled + first.totals.over;
if (all !== CLAIMS) throw new Error(`expected ${CLAIMS} claims, got ${all}`);
if (first.unmatched.length !== WITHOUT_REF - BY_HAND) throw new Error(`expected ${WITHOUT_REF - BY_HAND} adjustments apart, got ${first.unmatched.length}`);
if (first.claims.length !== 500) throw new Error('the screen lists 500 claims');
console.log(`# ${first.totals.settled} settled, ${first.totals.short} short, ${first.totals.open} open, ${first.totals.overdue} overdue`);
console.log(`bench: claims.view_first_100k_1m = ${firstMs.toFixed(1)} ms`);

// Each later look: what arrived since (a refund, a page of statement lines) and the whole view again, per filter.
const line = journalDatabase(journal).prepare('INSERT INTO wallet_lines (id, type, amount_minor, booking_ref, reason, created_at) VALUES (?, ?, ?, ?, ?, ?)');
const times: number[] = [];
for (let r = 0; r < 15; r++) {
  journal.transaction(() => {
    for (let k = 0; k < 200; k++) line.run(`tx-new-${r}-${k}`, k === 0 ? 'ADJUSTMENT' : 'DEBIT', k === 0 ? 25_000 : -25_000, ref(CLAIMS - 1 - r), null, now.toISOString());
  });
  const t = performance.now();
  const view = service.claimsKnown({ ...SCREEN, status: (['all', 'open', 'short', 'overdue'] as const)[r % 4] });
  times.push(performance.now() - t);
  if (view.totals.claimedMinor !== CLAIMS * 25_000) throw new Error('the totals count every claim');
}
if (process.env.BENCH_PROFILE) {
  for (const sql of [
    "SELECT rowid AS n, id, type, amount_minor, booking_ref, reason, created_at FROM wallet_lines WHERE rowid > 1000000 AND type = 'ADJUSTMENT' ORDER BY rowid",
    'SELECT seq, booking_ref AS bookingReference, claim_net_minor AS claimNetMinor, at FROM refunds WHERE seq > 100000 AND claimable = 1 ORDER BY seq',
  ]) console.log(`# ${JSON.stringify(journalDatabase(journal).prepare(`EXPLAIN QUERY PLAN ${sql}`).all().map((r) => (r as { detail: string }).detail))}`);
  const view = (service as unknown as { claimsKnown: (f: object) => unknown }).claimsKnown;
  const t = performance.now();
  for (let k = 0; k < 5; k++) view.call(service, { limit: 500, status: 'all' });
  console.log(`# all: ${((performance.now() - t) / 5).toFixed(1)} ms`);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;
console.log(`bench: claims.view_100k_1m = ${median.toFixed(1)} ms (goal < 100)`);
journal.close();
rmSync(dir, { recursive: true, force: true });
