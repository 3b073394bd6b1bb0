// `node test/bench/journal.bench.ts`: the sales journal's figures.
//  - journal.sale_commit: one sale's journal work as the counter does it (the intent transaction
//    before POST /bookings, then the outcome + cash transaction), WAL + synchronous=FULL on a
//    file, measured on a journal that already holds 1,000,000 sales.
//  - journal.eod_report_1m: the end-of-day report's queries (totals by agent and shift, by
//    operator, counts by status, cash against confirmed retail) for one business day of that
//    journal (1,000,000 sales over a year, 4 agents, 20 operators).
//  - lookup.per_keystroke_1m: finding a booking as the agent types its reference, a passenger's
//    name (Latin or Arabic) or a phone number, one call of the counter's lookup per keystroke.
//  - journal.fold_1m_sales: every entry of that journal read, parsed and folded once by
//    core/sale-fold.ts from scratch (what the read models are a cache of), totals checked
//    against the read models.
//  - journal.sale_commit_vs_bare_commit.p99: the sale commit's p99 over the p99 of a bare
//    better-sqlite3 insert with the same WAL + synchronous=FULL settings on the same disk, timed
//    in the same loop (the sale's physical floor is two durable commits: attempt and outcome).
//  - journal.two_bare_commits_vs_bare_commit.p99: that floor on this disk, two bare inserts back to
//    back over one, timed in the same loop.
//  - journal.sale_entries_only_vs_bare_commit.p99: the sale's entries alone (hash-chained, committed
//    as the journal commits them, no read model, no schema check, no store) over the bare insert,
//    timed in the same loop: the least a sale that keeps its record can cost on this disk.
// Env BENCH_SALES overrides the size (default 1,000,000); BENCH_VERIFY=1 also times verifyJournal.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { systemClock } from '../../main/clock.ts';
import { DEFAULT_AGENT } from '../../main/journal/agents.ts';
import { canonicalJson } from '../../core/canonical-json.ts';
import { entryHash, GENESIS_HASH } from '../../main/journal/chain.ts';
import { journalDatabase, Journal } from '../../main/journal/journal.ts';
import { tagEntriesWith } from '../../main/journal/entry-tags.ts';
import { migrate } from '../../main/journal/migrate.ts';
import { dayFigures } from '../../main/journal/report.ts';
import { stationDayReport } from '../../main/reports/station-day.ts';
import { SalesStore } from '../../main/selling/store.ts';
import { computeZ } from '../../main/shifts/z-report.ts';
import { ShiftService } from '../../main/shifts/service.ts';
import type { Transaction } from '../../contract/partner/resources.ts';
import { idempotencyKeyOf } from '../../main/selling/sale-request.ts';
import type { NewIntent } from '../../main/selling/store.ts';
import type { SaleOutcomeEntry } from '../../main/journal/entries.ts';
import { booking } from '../unit/main/selling/fixtures.ts';
import { intent as saleIntent } from '../unit/main/journal/sale-intent.ts';
import { LOOKUP_KEYED_THROUGH, saleKeys } from '../../main/journal/sale-lookup.ts';
import { findInJournal } from '../../main/lookup/service.ts';
import Database from 'better-sqlite3';
import { addSale, noFigures, stepSale, saleIdOf, type SaleState } from '../../core/sale-fold.ts';

const SALES = Number(process.env.BENCH_SALES ?? 1_000_000);
const DAYS = 365;
const AGENTS = ['agent-1', 'agent-2', 'agent-3', 'agent-4'];
const OPERATORS = Array.from({ length: 20 }, (_, i) => `opr_${String(i).padStart(4, '0')}`);
const START = Date.parse('2025-07-01T06:00:00.000Z');
// Travellers' names as the counter sees them: Latin and Arabic, first name + family name.
const FIRST = ['Mohamed', 'Ahmed', 'Mahmoud', 'Mostafa', 'Omar', 'Youssef', 'Karim', 'Hassan', 'Mona', 'Fatma', 'Nour', 'Hala', 'Sara', 'محمد', 'أحمد', 'محمود', 'يوسف', 'منى', 'فاطمة', 'نور'];
const FAMILY = ['Ali', 'Hassan', 'Ibrahim', 'Abdel Rahman', 'El Sayed', 'Mansour', 'Fawzy', 'Nasser', 'Saleh', 'Farouk', 'علي', 'حسن', 'إبراهيم', 'عبد الرحمن', 'السيد', 'منصور'];

const dir = mkdtempSync(join(tmpdir(), 'shubbak-bench-'));
const path = join(dir, 'journal.db');
const COUNTER_ID = 'ctr_00000000-0000-4000-8000-0000000000b1';
const journal = Journal.open({ path, clock: systemClock, environment: 'TRAINING', counterId: COUNTER_ID });
const db = journalDatabase(journal);
// as the counter's session does: every entry tagged with a key of the PIN key (entry-tags.ts)
const pinKeys = { current: randomBytes(32), previous: null };
tagEntriesWith(journal, () => pinKeys);

const ms = (t0: number) => performance.now() - t0;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const fmt = (x: number) => x.toFixed(2);
const dayOf = (i: number) => new Date(START + Math.floor((i * DAYS) / SALES) * 86_400_000).toISOString().slice(0, 10);

/** A deterministic PRNG (mulberry32). */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// 1. Generate the journal: entries chained by hash, and the read models, in one transaction.
function generate() {
  const rand = prng(42);
  const insEntry = db.prepare('INSERT INTO entries (seq, at, type, payload, prev_hash, hash, counter_id, shift_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const insShift = db.prepare('INSERT INTO shifts (id, agent_id, business_day, implicit, opened_seq, opened_at) VALUES (?, ?, ?, 1, ?, ?)');
  const insSale = db.prepare(
    `INSERT INTO sales (sale_id, intent_seq, idempotency_key, request_body, fingerprint, environment, agent_id, shift_id, business_day,
       language, offer_id, operator_id, route, departure_at, passengers, net_total_minor, retail_total_minor, cash_tendered_minor,
       change_minor, summary, status, booking_ref, charged, cash_recorded, created_at, updated_at)
     VALUES (?, ?, ?, ?, '', 'TRAINING', ?, ?, ?, 'ar', 'off_x', ?, 'Cairo → Alexandria', ?, ?, ?, ?, ?, ?, '{}', ?, ?, ?, ?, ?, ?)`,
  );
  const closeShift = db.prepare('UPDATE shifts SET closed_seq = ?, closed_at = ? WHERE id = ?');
  const insKey = db.prepare('INSERT OR IGNORE INTO sale_lookup (key, sale_id) VALUES (?, ?)');
  const insCash = db.prepare(
    `INSERT INTO cash_movements (seq, kind, sale_id, agent_id, shift_id, business_day, amount_minor, tendered_minor, change_minor, at)
     VALUES (?, 'sale', ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const a of AGENTS.slice(1)) db.prepare("INSERT OR IGNORE INTO agents (id, name, created_at) VALUES (?, ?, '2025-07-01')").run(a, a);
  const head = db.prepare('SELECT seq, hash FROM journal_head').get() as { seq: number; hash: string } | undefined;
  let seq = head?.seq ?? 0;
  let prev = head?.hash ?? GENESIS_HASH;
  // The generator writes its payloads with keys already in sorted order, so JSON.stringify gives
  // the canonical text (3x faster); checked against canonicalJson on a sample.
  const append = (type: string, payload: Record<string, unknown>, at: string, shiftId: string) => {
    seq++;
    const text = JSON.stringify(payload);
    if (seq % 10_007 === 0 && text !== canonicalJson(payload)) throw new Error(`payload of ${type} is not in canonical key order`);
    const hash = entryHash({ seq, prevHash: prev, type, payload: text, at, counterId: COUNTER_ID, shiftId });
    insEntry.run(seq, at, type, text, prev, hash, COUNTER_ID, shiftId);
    prev = hash;
    return seq;
  };
  const shifts = new Set<string>();
  const openShift = new Map<string, string>();
  db.transaction(() => {
    for (let i = 0; i < SALES; i++) {
      const day = dayOf(i);
      const at = new Date(Date.parse(`${day}T06:00:00.000Z`) + Math.floor(rand() * 14 * 3_600_000)).toISOString();
      const agentId = AGENTS[Math.floor(rand() * AGENTS.length)]!;
      const shiftId = `shift-${agentId}-${day}`;
      if (!shifts.has(shiftId)) {
        shifts.add(shiftId);
        // As the counter does: an agent's first action of a day closes their implicit shift of the day before.
        const previous = openShift.get(agentId);
        if (previous) {
          const c = append('shift.closed', { agentId, implicit: true, shiftId: previous }, at, previous);
          closeShift.run(c, at, previous);
        }
        openShift.set(agentId, shiftId);
        const s = append('shift.opened', { agentId, businessDay: day, implicit: true, shiftId }, at, shiftId);
        insShift.run(shiftId, agentId, day, s, at);
      }
      const saleId = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
      const operatorId = OPERATORS[Math.floor(rand() * OPERATORS.length)]!;
      const passengers = 1 + Math.floor(rand() * 3);
      const net = (100 + Math.floor(rand() * 400)) * 100 * passengers;
      const retail = Math.ceil((net * 1.1) / 100) * 100;
      const tendered = Math.ceil(retail / 5000) * 5000;
      const r = rand();
      const status = r < 0.9 ? 'confirmed' : r < 0.99 ? 'failed' : 'pending';
      const key = idempotencyKeyOf(saleId);
      const name = `${FIRST[Math.floor(rand() * FIRST.length)]!} ${FAMILY[Math.floor(rand() * FAMILY.length)]!}`;
      const phone = `01${'0125'[Math.floor(rand() * 4)]!}${String(Math.floor(rand() * 1e8)).padStart(8, '0')}`;
      const body = JSON.stringify({ offer_id: `off_${i}`, passengers: [{ full_name: name }], contact: { name, phone } });
      const departureAt = `${day}T${String(6 + Math.floor(rand() * 16)).padStart(2, '0')}:30:00+02:00`;
      const intentSeq = append(
        'sale.intent',
        {
          agentId,
          agentName: agentId,
          businessDay: day,
          cashTenderedMinor: tendered,
          changeMinor: tendered - retail,
          environment: 'TRAINING',
          fingerprint: '',
          idempotencyKey: key,
          language: 'ar',
          netTotalMinor: net,
          offer: { departureAt, destinationName: 'Alexandria', operatorId, operatorName: operatorId, originName: 'Cairo' },
          offerId: 'off_x',
          operatorId,
          passengers,
          requestBody: body,
          retailTotalMinor: retail,
          saleId,
          shiftId,
        },
        at,
        shiftId,
      );
      const ref = `PB-${String(i).padStart(10, '0')}`;
      append('sale.outcome', { booking: null, bookingReference: ref, charged: status !== 'failed', error: null, saleId, status }, at, shiftId);
      insSale.run(saleId, intentSeq, key, body, agentId, shiftId, day, operatorId, departureAt, passengers, net, retail, tendered, tendered - retail, status, ref, status === 'failed' ? 0 : 1, status === 'confirmed' ? 1 : 0, at, at);
      for (const k of saleKeys({ request_body: body, departure_at: departureAt, booking_ref: ref, booking: null })) insKey.run(k, saleId);
      if (status === 'confirmed') {
        const c = append('cash.received', { agentId, amountMinor: retail, bookingReference: ref, businessDay: day, changeMinor: tendered - retail, saleId, shiftId, tenderedMinor: tendered }, at, shiftId);
        insCash.run(c, saleId, agentId, shiftId, day, retail, tendered, tendered - retail, at);
      }
    }
    db.prepare('INSERT INTO journal_head (id, seq, hash) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET seq = excluded.seq, hash = excluded.hash').run(seq, prev);
    // The generator keyed every sale itself (saleKeys above), as the counter's lookup would have.
    db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(LOOKUP_KEYED_THROUGH, String(seq));
  }).immediate();
}

// Bulk load only: a big cache, no fsync, and the report indexes built once at the end
// (faster than growing them row by row). Put back to the counter's settings before measuring.
const REPORT_INDEXES = db
  .prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name IN ('sales_day_agent', 'sales_day_operator', 'cash_day_agent')")
  .all() as { sql: string }[];
let t0 = performance.now();
db.pragma('cache_size = -1000000');
db.pragma('journal_mode = OFF');
db.pragma('synchronous = OFF');
db.pragma('locking_mode = EXCLUSIVE');
db.exec('DROP INDEX sales_day_agent; DROP INDEX sales_day_operator; DROP INDEX cash_day_agent;');
generate();
for (const i of REPORT_INDEXES) db.exec(i.sql);
db.pragma('locking_mode = NORMAL');
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('cache_size = -32000');
// No ANALYZE: a counter never runs it, so its statements are planned without statistics. With
// them (SQLite's STAT4) a statement whose plan depends on a bound value is compiled again at every
// call: the bench would time query plans and compilations no counter has.
db.pragma('wal_checkpoint(TRUNCATE)'); // what the generator wrote is in the database file before anything is timed
const genMs = ms(t0);
console.log(`bench: journal.generate_${SALES}.ms = ${fmt(genMs)} ms`);
console.log(`bench: journal.size_${SALES}.mb = ${(statSync(path).size / 1e6).toFixed(0)} MB`);

// 2. The end-of-day report of one business day (cold statements, as at closing time).
const reportDay = dayOf(Math.floor(SALES / 2));
t0 = performance.now();
const figures = dayFigures(journal, reportDay);
const eodMs = ms(t0);
const runs: number[] = [];
for (let i = 0; i < 20; i++) {
  const t = performance.now();
  dayFigures(journal, dayOf(Math.floor((i * SALES) / 20)));
  runs.push(ms(t));
}
const daySales = Object.values(figures.byStatus).reduce((a, b) => a + (b ?? 0), 0);
if (figures.cash.receivedMinor !== figures.cash.confirmedRetailMinor) throw new Error('cash and confirmed retail differ');

// For scale: the same totals over the whole journal at once (every day, a full scan).
t0 = performance.now();
db.prepare("SELECT business_day, agent_id, shift_id, count(*), sum(retail_total_minor), sum(net_total_minor) FROM sales WHERE status = 'confirmed' GROUP BY business_day, agent_id, shift_id").all();
db.prepare('SELECT business_day, operator_id, count(*), sum(retail_total_minor) FROM sales GROUP BY business_day, operator_id').all();
db.prepare('SELECT status, count(*) FROM sales GROUP BY status').all();
db.prepare('SELECT business_day, sum(amount_minor) FROM cash_movements GROUP BY business_day').all();
const allDaysMs = ms(t0);

// 3. The Z-report of one shift and the station day report of one day (with the reconciliation
// against a wallet statement of the same size: a DEBIT per sale, a REVERSAL per failed one), cold.
const zShift = `shift-${AGENTS[0]}-${reportDay}`;
t0 = performance.now();
const z = computeZ(journal.shiftEntries(zShift), { zNumber: 1, counterId: COUNTER_ID, stationName: 'Bench', environment: 'TRAINING', closedAt: new Date().toISOString(), comment: null });
const zMs = ms(t0);
if (z.bookings === 0) throw new Error(`the Z-report of ${zShift} covers no sale`);
const daySalesRows = db.prepare('SELECT booking_ref, status, net_total_minor, created_at FROM sales WHERE business_day = ?').all(reportDay) as {
  booking_ref: string;
  status: string;
  net_total_minor: number;
  created_at: string;
}[];
let balance = 1_000_000_000;
const lines: Transaction[] = [];
for (const r of daySalesRows) {
  const line = (type: 'DEBIT' | 'REVERSAL', amount: number): Transaction => {
    balance += amount;
    return { id: `txn_${lines.length}`, type, amount_minor: amount, balance_after_minor: balance, currency: 'EGP', booking_ref: r.booking_ref, reason: null, created_at: r.created_at };
  };
  lines.push(line('DEBIT', -r.net_total_minor));
  if (r.status === 'failed') lines.push(line('REVERSAL', r.net_total_minor));
}
lines.reverse();
const shifts = new ShiftService(journal, systemClock, { counterId: COUNTER_ID, stationName: () => 'Bench', environment: 'TRAINING' });
t0 = performance.now();
const day = await stationDayReport(
  {
    journal,
    environment: 'TRAINING',
    shifts,
    operatorName: () => null,
    statement: async () => ({ lines, opening: lines.at(-1)!.balance_after_minor - lines.at(-1)!.amount_minor, closing: lines[0]!.balance_after_minor }),
    stationName: 'Bench',
    now: new Date(),
    log: () => {},
  },
  reportDay,
);
const dayReportMs = ms(t0);
const matched = day.reconciliation.matchedDebits.length + day.reconciliation.matchedReversals.length;
if (day.reconciliation.unmatched.some((u) => u.reason !== 'pending_at_close')) throw new Error('the bench statement should match but for pending sales');

// 4. Finding a booking as the agent types: every prefix of a reference, a name or a phone of
// sales spread over the journal, each one call of the counter's lookup (index scan + rows).
const lookupRand = prng(7);
const typed: string[] = [];
const rowOf = db.prepare('SELECT booking_ref, request_body FROM sales WHERE sale_id = ?');
for (let n = 0; n < 100; n++) {
  const row = rowOf.get(`00000000-0000-4000-8000-${String(Math.floor(lookupRand() * SALES)).padStart(12, '0')}`) as { booking_ref: string; request_body: string };
  const b = JSON.parse(row.request_body) as { contact: { name: string; phone: string } };
  for (const q of [row.booking_ref, b.contact.name, b.contact.phone.replace(/^0(\d\d)(\d{4})/, '+20 $1 $2 ')]) {
    for (let len = 1; len <= q.length; len++) typed.push(q.slice(0, len));
  }
}
const keystrokes: number[] = [];
let found = 0;
for (const q of typed) {
  const a = performance.now();
  found += findInJournal(journal, q, 20).length;
  keystrokes.push(ms(a));
}
if (found === 0) throw new Error('the lookup found nothing');

// 5. The fold of every sale from scratch: each entry read, parsed and folded once. A sale whose
// story is over (confirmed with its cash, or failed) leaves the working set for the totals.
t0 = performance.now();
const foldTotals = noFigures();
const working = new Map<string, SaleState>();
let foldedEntries = 0;
let foldedSales = 0;
for (const e of journal.foldable()) {
  foldedEntries++;
  const saleId = saleIdOf(e);
  if (saleId === null) continue;
  const s = stepSale(working.get(saleId) ?? null, e);
  if (!s) continue;
  if (e.type === 'sale.intent') foldedSales++;
  if ((s.status === 'confirmed' && s.cashRecorded) || s.status === 'failed') {
    addSale(foldTotals, s);
    working.delete(saleId);
  } else working.set(saleId, s);
}
for (const s of working.values()) addSale(foldTotals, s);
const foldMs = ms(t0);
const sqlTotals = db.prepare("SELECT count(*) AS bookings, sum(passengers) AS passengers, sum(retail_total_minor) AS retailMinor, sum(net_total_minor) AS netMinor FROM sales WHERE status = 'confirmed'").get();
if (JSON.stringify(sqlTotals) !== JSON.stringify(foldTotals)) throw new Error(`the fold's totals ${JSON.stringify(foldTotals)} differ from the read model's ${JSON.stringify(sqlTotals)}`);

// 6. Sale commits on the full journal, through the counter's own SalesStore; each beside a bare
// insert committed with the same settings on the same disk (a second file in the same folder).
const bare = new Database(join(dir, 'bare.db'));
bare.pragma('journal_mode = WAL');
bare.pragma('synchronous = FULL');
bare.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)');
const bareInsert = bare.prepare('INSERT INTO t (payload) VALUES (?)');
const barePayload = 'x'.repeat(600);
const bareCommits: number[] = [];
const bareTwice: number[] = [];
// The sale's floor on this disk: its entries alone, hash-chained and committed as the journal
// commits them (the intent not flushed, the attempt, the outcome with the cash), with no read
// model, no schema check and no store: what a sale costs once nothing but the record is written.
const floor = new Database(join(dir, 'floor.db'));
floor.pragma('journal_mode = WAL');
floor.pragma('synchronous = FULL');
floor.pragma('wal_autocheckpoint = 0'); // checkpointed between sales, as the journal is
migrate(floor); // the journal's own tables: its entries with their triggers and index, its head
const floorHead = floor.prepare<[], { seq: number; hash: string }>('SELECT seq, hash FROM journal_head WHERE id = 1');
const floorInsert = floor.prepare('INSERT INTO entries (seq, at, type, payload, prev_hash, hash, counter_id, shift_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
const floorSetHead = floor.prepare('INSERT INTO journal_head (id, seq, hash) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET seq = excluded.seq, hash = excluded.hash');
const floorSync = { normal: floor.prepare('PRAGMA synchronous = NORMAL'), full: floor.prepare('PRAGMA synchronous = FULL') };
const floorTransaction = floor.transaction((fn: () => void) => fn()).immediate; // one wrapper, as the journal keeps
const FLOOR_SHIFT = 'shift-floor';
function floorAppend(type: string, payload: unknown): void {
  const head = floorHead.get();
  const seq = (head?.seq ?? 0) + 1;
  const prevHash = head?.hash ?? GENESIS_HASH;
  const text = canonicalJson(payload);
  const at = new Date().toISOString();
  const hash = entryHash({ seq, prevHash, type, payload: text, at, counterId: COUNTER_ID, shiftId: FLOOR_SHIFT });
  floorInsert.run(seq, at, type, text, prevHash, hash, COUNTER_ID, FLOOR_SHIFT);
  floorSetHead.run(seq, hash);
}
function floorSale(intent: NewIntent, outcome: SaleOutcomeEntry): void {
  floorSync.normal.run();
  const payload = { ...intent, agentId: DEFAULT_AGENT.id, agentName: DEFAULT_AGENT.name, shiftId: FLOOR_SHIFT, businessDay: '2026-11-26' };
  floorTransaction(() => floorAppend('sale.intent', payload));
  floorSync.full.run();
  floorTransaction(() => floorAppend('sale.attempt', { saleId: intent.saleId, attempt: 1 }));
  floorTransaction(() => {
    floorAppend('sale.outcome', outcome);
    floorAppend('cash.received', {
      saleId: intent.saleId, bookingReference: outcome.bookingReference, agentId: DEFAULT_AGENT.id, shiftId: FLOOR_SHIFT,
      businessDay: '2026-11-26', amountMinor: intent.retailTotalMinor, tenderedMinor: intent.cashTenderedMinor,
      changeMinor: intent.changeMinor, currency: 'EGP',
    });
  });
}
const floorCommits: number[] = [];
const store = new SalesStore(journal);
const commits: number[] = [];
const intents: number[] = [];
const outcomes: number[] = [];
const betweenSales: number[] = [];
// 3,000 pairs: the p99 of 1,000 was the 10th slowest fsync of each, and moved 2x from run to run.
const COMMITS = 3_000;
for (let i = 0; i < COMMITS; i++) {
  const saleId = randomUUID();
  const intent = saleIntent(saleId);
  const outcome: SaleOutcomeEntry = { saleId, status: 'confirmed', bookingReference: `PB-B${i}`, booking: booking('confirmed', `PB-B${i}`), error: null, charged: true };
  const a = performance.now();
  store.recordIntent(intent, DEFAULT_AGENT);
  const b = performance.now();
  store.markSending(saleId);
  store.recordOutcome(outcome);
  const c = performance.now();
  bare.transaction(() => bareInsert.run(barePayload)).immediate();
  bareCommits.push(performance.now() - c);
  // The floor of two durable commits on this disk: two bare inserts back to back.
  const e = performance.now();
  bare.transaction(() => bareInsert.run(barePayload)).immediate();
  bare.transaction(() => bareInsert.run(barePayload)).immediate();
  bareTwice.push(performance.now() - e);
  const f = performance.now();
  floorSale(intent, { ...outcome, bookingReference: `PB-F${i}` });
  floorCommits.push(performance.now() - f);
  intents.push(b - a);
  outcomes.push(c - b);
  commits.push(c - a);
  // Between two sales the event loop turns (the counter waits on the API and the agent): the
  // journal's checkpoint runs there (Journal#afterCommit), timed apart from the sale.
  const d = performance.now();
  await new Promise((resolve) => setImmediate(resolve));
  betweenSales.push(performance.now() - d);
  if (i % 100 === 99) floor.pragma('wal_checkpoint(PASSIVE)');
}
if (process.env.BENCH_VERIFY) {
  t0 = performance.now();
  const check = journal.verify();
  if (!check.ok) throw new Error(`the journal does not verify from ${check.firstBadSeq}`);
  console.log(`#   verified ${check.entries} entries`);
  console.log(`bench: journal.verify_1m.ms = ${fmt(ms(t0))} ms`);
}

console.log(`bench: journal.sale_commit.p50 = ${fmt(pct(commits, 50))} ms (goal <= 5)`);
console.log(`bench: journal.sale_commit.p99 = ${fmt(pct(commits, 99))} ms (goal < 5)`);
console.log(`bench: journal.bare_commit.p50 = ${fmt(pct(bareCommits, 50))} ms`);
console.log(`bench: journal.bare_commit.p99 = ${fmt(pct(bareCommits, 99))} ms`);
console.log(`bench: journal.sale_commit_vs_bare_commit.p99 = ${fmt(pct(commits, 99) / pct(bareCommits, 99))} x (goal <= 2)`);
console.log(`bench: journal.two_bare_commits_vs_bare_commit.p99 = ${fmt(pct(bareTwice, 99) / pct(bareCommits, 99))} x`);
console.log(`bench: journal.sale_entries_only_vs_bare_commit.p99 = ${fmt(pct(floorCommits, 99) / pct(bareCommits, 99))} x`);
console.log(`bench: journal.sale_entries_only_commit.p50 = ${fmt(pct(floorCommits, 50))} ms`);
console.log(`bench: journal.sale_intent_commit.p50 = ${fmt(pct(intents, 50))} ms`);
console.log(`bench: journal.sale_intent_commit.p99 = ${fmt(pct(intents, 99))} ms`);
console.log(`bench: journal.sale_outcome_commit.p50 = ${fmt(pct(outcomes, 50))} ms`);
console.log(`bench: journal.sale_outcome_commit.p99 = ${fmt(pct(outcomes, 99))} ms`);
console.log(`bench: journal.between_sales_checkpoint.max = ${fmt(Math.max(...betweenSales))} ms`);
console.log(`#   end-of-day report for ${reportDay}: ${daySales} sales; warm p50 ${fmt(pct(runs, 50))} ms`);
console.log(`bench: journal.eod_report_1m.ms = ${fmt(eodMs)} ms (goal <= 500)`);
console.log(`#   Z-report of ${zShift}: ${z.bookings} bookings; day report of ${reportDay}: ${lines.length} statement lines, ${matched} matched`);
console.log(`bench: reports.z_report_1m.ms = ${fmt(zMs)} ms (goal < 50)`);
console.log(`bench: reports.station_day_report_1m.ms = ${fmt(dayReportMs)} ms (goal < 50)`);
console.log(`#   lookup: ${keystrokes.length} keystrokes (references, names, phones), p50 ${fmt(pct(keystrokes, 50))} ms`);
console.log(`bench: lookup.per_keystroke_1m.p99 = ${fmt(pct(keystrokes, 99))} ms (goal < 30)`);
console.log(`#   fold: ${foldedEntries} entries, ${foldedSales} sales, ${foldTotals.bookings} confirmed (equal to the read model's totals)`);
console.log(`bench: journal.fold_1m_sales.ms = ${fmt(foldMs)} ms (goal < 20000)`);
console.log('#   every day at once, full scan, for scale:');
console.log(`bench: journal.report_all_days_1m.ms = ${fmt(allDaysMs)} ms`);

journal.close();
bare.close();
rmSync(dir, { recursive: true, force: true });
