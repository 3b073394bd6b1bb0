// `node test/bench/station.bench.ts`: the station database (a real PostgreSQL 15, started here).
//  - station.ship_entries_per_s / station.catch_up_100k.s: a counter's backlog of 100,000 journal
//    entries shipped in batches, each entry's hash and link recomputed by the database on arrival.
//  - station.day_report: the station day report of one business day over N sales of 50 counters
//    over a year (BENCH_STATION_SALES, default the goal's 10,000,000), loaded in bulk with
//    set-based SQL (generate_series) and the columns the arrival trigger would set. Beside it: the
//    same report over the counter's own SQLite journal is reports.station_day_report_1m
//    (journal.bench.ts). The report verifies what it covers (issue 21): the measured day's entries
//    get their real hashes, links and a signed head per counter (the rest of the year keeps
//    placeholder hashes the report never reads), and each counter has a verified checkpoint at the
//    entry before the day (`verify` ran the night before): the evening's report verifies the whole
//    day, from that checkpoint to the day's signed head.
//    The load takes minutes: the cluster is kept in SHUBBAK_BENCH_PG_DIR (default
//    /var/tmp/shubbak-bench/station-<N>) and used again by the next runs (a table bench_loaded
//    says what it holds; remove the folder to load again). Each run's other counters are new ones.
//  - station.verify_day_6_counters.s: `npm run station -- verify --date` of a station of six
//    counters, a busy day of BENCH_VERIFY_SALES sales each (default 2,000), shipped signed as counters do.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { systemClock } from '../../main/clock.ts';
import { Journal } from '../../main/journal/journal.ts';
import { DEFAULT_AGENT } from '../../main/journal/agents.ts';
import { recordPrint } from '../../main/journal/prints.ts';
import { migrateStation, stationPool } from '../../main/station/database.ts';
import { stationReport } from '../../main/station/report.ts';
import { JournalShipper } from '../../main/station/shipper.ts';
import { chainHeadMessage, newCounterSigner } from '../../main/station/counter-key.ts';
import { entryHash } from '../../main/journal/chain.ts';
import { verifyStation } from '../../main/station/verify.ts';
import { addSale, memoryJournal } from '../support/station-chain.ts';
import { startPostgres } from '../support/postgres.ts';

const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 100_000);
const SALES = Number(process.env.BENCH_STATION_SALES ?? 10_000_000);
const COUNTERS = 50;
const DAYS = 365;
const fmt = (x: number) => x.toFixed(2);
const millions = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}m` : `${n / 1000}k`);

const keep = process.env.SHUBBAK_BENCH_PG_DIR ?? `/var/tmp/shubbak-bench/station-${millions(SALES)}`;
const db = await startPostgres({ keep });
const pool = stationPool({ host: db.host, port: db.port, database: db.database, user: db.user });
const dir = mkdtempSync(join(tmpdir(), 'shubbak-station-bench-'));
/** This run's own counters (the kept cluster holds the earlier runs'). */
const run = Date.now().toString(36);
const LOADED = `year-v2-${SALES}-${COUNTERS}`;
/**
 * A counter's backlog: BACKLOG entries in its journal, none shipped yet, shipped; the seconds it
 * took. Run after the day report: 100,000 new rows set PostgreSQL's autovacuum and checkpointer to
 * work for a while, and the report would share the machine with them.
 */
async function shipBacklog(): Promise<number> {
  const journal = Journal.open({ path: join(dir, 'journal.db'), clock: systemClock, environment: 'TRAINING', counterId: `ctr_bench_shipper_${run}` });
  journal.transaction(() => {
    for (let i = journal.lastSeq(); i < BACKLOG; i++) {
      recordPrint(journal, DEFAULT_AGENT, { saleId: null, kind: 'test', printer: `Printer ${i % 7}`, status: 'sent', jobId: `job-${i}`, errorCode: null, language: null });
    }
  });
  const shipper = new JournalShipper({ journal: () => journal, pool, station: { id: 'stn_bench', name: 'Bench' }, environment: 'TRAINING', signer: newCounterSigner().signer, log: () => {} });
  const t0 = performance.now();
  const state = await shipper.shipNow();
  const shipS = (performance.now() - t0) / 1000;
  if (state.status !== 'synced' || state.shippedSeq !== journal.lastSeq()) throw new Error(`shipping ended ${JSON.stringify(state)}`);
  await shipper.close();
  journal.close();
  return shipS;
}

try {
  await migrateStation(pool);
  await pool.query('CREATE TABLE IF NOT EXISTS bench_loaded (what text PRIMARY KEY, seconds numeric NOT NULL, at timestamptz NOT NULL DEFAULT now())');
  const loaded = (await pool.query<{ seconds: string }>('SELECT seconds FROM bench_loaded WHERE what = $1', [LOADED])).rows[0];

  const day = '2026-05-26';
  let t0 = 0;
  let loadS = loaded ? Number(loaded.seconds) : 0;
  let signDayS = 0;
  if (!loaded) {
    // 2. N sales of 50 counters over a year, loaded in bulk (the arrival check is the same code as
    // above, switched off for the load only): an intent, an outcome and the cash of each sale.
    await pool.query("INSERT INTO stations (id, name) VALUES ('stn_big', 'Big station')");
    await pool.query(`INSERT INTO counters (id, station_id, environment) SELECT 'ctr_' || c, 'stn_big', 'TRAINING' FROM generate_series(1, ${COUNTERS}) c`);
    // The arrival triggers are off for the load; the rows carry the columns they would have set.
    await pool.query('ALTER TABLE entries DISABLE TRIGGER entries_arrive, DISABLE TRIGGER entries_sale');
    t0 = performance.now();
    const perCounter = Math.ceil(SALES / COUNTERS);
    // In slices, each well within the pool's statement timeout.
    const SLICE = 20_000;
    for (let c = 1; c <= COUNTERS; c++) for (let from = 1; from <= perCounter; from += SLICE) {
      await pool.query(
        `INSERT INTO entries (counter_id, seq, at, type, payload, prev_hash, hash, chained_counter, shift_id, sale_id, sale_day)
         SELECT $1, (s - 1) * 3 + k, to_char(day + interval '8 hours' + (s % 600) * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                (ARRAY['sale.intent', 'sale.outcome', 'cash.received'])[k],
                CASE k
                  WHEN 1 THEN json_build_object('agentId', 'agent-' || (s % 4), 'agentName', 'Agent ' || (s % 4), 'businessDay', to_char(day, 'YYYY-MM-DD'),
                    'netTotalMinor', 44000, 'passengers', 1, 'retailTotalMinor', 48400, 'saleId', $1 || '-' || s)::text
                  WHEN 2 THEN json_build_object('bookingReference', 'PB-' || $1 || '-' || s, 'saleId', $1 || '-' || s, 'status', CASE WHEN s % 20 = 0 THEN 'failed' ELSE 'confirmed' END)::text
                  ELSE json_build_object('amountMinor', 48400, 'changeMinor', 1600, 'saleId', $1 || '-' || s)::text
                END,
                repeat('0', 64), repeat('0', 64), true, 'shift-' || $1, $1 || '-' || s, to_char(day, 'YYYY-MM-DD')
         FROM generate_series($3::int, least($3::int + ${SLICE - 1}, $2::int)) s
         CROSS JOIN LATERAL (SELECT date '2025-11-25' + ((s - 1) * ${DAYS} / $2::int) AS day) d
         CROSS JOIN generate_series(1, 3) k
         WHERE k < 3 OR s % 20 <> 0`,
        [`ctr_${c}`, perCounter, from],
      );
    }
    await pool.query('ALTER TABLE entries ENABLE TRIGGER entries_arrive, ENABLE TRIGGER entries_sale');
    // What autovacuum does to a table filled over a year (hint bits, visibility map, statistics):
    // without it the first read after a bulk load writes every page it touches.
    await pool.query('VACUUM ANALYZE entries');
    loadS = (performance.now() - t0) / 1000;

    // The measured day, as counters would have shipped it: real hashes and links from each
    // counter's first entry of the day to its last, and its signature over that last one.
    t0 = performance.now();
    await pool.query('ALTER TABLE entries DISABLE TRIGGER entries_no_update, DISABLE TRIGGER entries_arrive, DISABLE TRIGGER entries_sale');
    for (let c = 1; c <= COUNTERS; c++) {
      const counterId = `ctr_${c}`;
      const signer = newCounterSigner().signer;
      await pool.query('UPDATE counters SET public_key = $2 WHERE id = $1', [counterId, signer.publicKey]);
      const { rows } = await pool.query<{ seq: string; at: string; type: string; payload: string; shift_id: string }>(
        `SELECT seq, at, type, payload, shift_id FROM entries WHERE counter_id = $1
         AND seq BETWEEN (SELECT min(seq) FROM entries WHERE counter_id = $1 AND sale_day = $2) AND (SELECT max(seq) FROM entries WHERE counter_id = $1 AND sale_day = $2)
         ORDER BY seq`,
        [counterId, day],
      );
      if (rows.length === 0) continue;
      // The entry before the day keeps its placeholder hash (64 zeros): the day's first links to it,
      // and it is the counter's verified checkpoint (verify ran the night before).
      await pool.query('INSERT INTO verified_checkpoints (counter_id, seq, hash) VALUES ($1, $2, $3)', [counterId, Number(rows[0]!.seq) - 1, '0'.repeat(64)]);
      // A failed sale has no cash entry in the load: its place gets a print entry, so the day is gapless.
      let prevHash = '0'.repeat(64);
      const fixed: { seq: number; at: string; type: string; payload: string; shift_id: string; prev: string; hash: string; filler: boolean }[] = [];
      let expected = Number(rows[0]!.seq);
      for (const r of rows) {
        for (; expected <= Number(r.seq); expected++) {
          const e = expected === Number(r.seq) ? { ...r, filler: false } : { seq: String(expected), at: r.at, type: 'print.recorded', payload: '{"kind":"bench"}', shift_id: r.shift_id, filler: true };
          const hash = entryHash({ seq: expected, prevHash, type: e.type, at: e.at, payload: e.payload, counterId, shiftId: e.shift_id });
          fixed.push({ seq: expected, at: e.at, type: e.type, payload: e.payload, shift_id: e.shift_id, prev: prevHash, hash, filler: e.filler });
          prevHash = hash;
        }
      }
      await pool.query(
        `INSERT INTO entries (counter_id, seq, at, type, payload, prev_hash, hash, chained_counter, shift_id)
         SELECT $1, f.seq, f.at, f.type, f.payload, f.prev, f.hash, true, f.shift_id
         FROM jsonb_to_recordset($2::jsonb) AS f(seq bigint, at text, type text, payload text, prev text, hash text, shift_id text)`,
        [counterId, JSON.stringify(fixed.filter((f) => f.filler))],
      );
      await pool.query(
        `UPDATE entries e SET prev_hash = f.prev, hash = f.hash FROM jsonb_to_recordset($2::jsonb) AS f(seq bigint, prev text, hash text)
         WHERE e.counter_id = $1 AND e.seq = f.seq`,
        [counterId, JSON.stringify(fixed.filter((f) => !f.filler).map(({ seq, prev, hash }) => ({ seq, prev, hash })))],
      );
      const head = fixed.at(-1)!;
      await pool.query('INSERT INTO chain_heads (counter_id, seq, hash, signature) VALUES ($1, $2, $3, $4)', [counterId, head.seq, head.hash, signer.sign(chainHeadMessage(counterId, head.seq, head.hash))]);
    }
    await pool.query('ALTER TABLE entries ENABLE TRIGGER entries_no_update, ENABLE TRIGGER entries_arrive, ENABLE TRIGGER entries_sale');
    await pool.query('ANALYZE entries');
    signDayS = (performance.now() - t0) / 1000;
    await pool.query('INSERT INTO bench_loaded (what, seconds) VALUES ($1, $2)', [LOADED, loadS.toFixed(1)]);
  }
  const statement = async () => ({ lines: [], opening: null, closing: null });
  // The first read of a day from a year ago comes from disk; the figure is warm (a day's report is
  // read the evening its sales arrived, from memory, by a process that has made reports before):
  // two more reads warm the caches (the database's, the worker thread started by the first read,
  // the compiled code of both threads), then the median of five.
  const read = () => stationReport({ pool, station: { id: 'stn_big', name: 'Big station' }, environment: 'TRAINING', statement, now: new Date(), log: () => {} }, day);
  t0 = performance.now();
  const report = await read();
  const firstMs = performance.now() - t0;
  for (let i = 0; i < 2; i++) await read();
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await read();
    runs.push(performance.now() - t);
  }
  const reportMs = runs.sort((a, b) => a - b)[2]!;
  if (report.totals.sales === 0) throw new Error(`no sale on ${day}`);
  if (!report.integrity?.verified) throw new Error(`the day does not verify: ${JSON.stringify(report.integrity?.problems.slice(0, 3))}`);

  const shipS = await shipBacklog();

  // 3. verify of a whole day of a six-counter station, shipped signed as counters ship it.
  const VERIFY_SALES = Number(process.env.BENCH_VERIFY_SALES ?? 2_000);
  const verifyDay = '2026-11-26';
  const small = { id: `stn_six_${run}`, name: 'Six windows' };
  for (let c = 1; c <= 6; c++) {
    const j = memoryJournal(`ctr_six_${run}_${c}`, Date.parse(`${verifyDay}T05:00:00.000Z`));
    for (let i = 0; i < VERIFY_SALES; i++) addSale(j, `six-${c}-${i}`, verifyDay, 48_400);
    const shipper = new JournalShipper({ journal: () => j, pool, station: small, environment: 'TRAINING', signer: j.signer, log: () => {} });
    const shipped = await shipper.shipNow();
    if (shipped.status !== 'synced') throw new Error(`six-counter day: ${JSON.stringify(shipped)}`);
  }
  t0 = performance.now();
  const verified = await verifyStation(pool, { stationId: small.id, date: verifyDay });
  const verifyS = (performance.now() - t0) / 1000;
  const problems = verified.flatMap((v) => v.problems);
  if (verified.length !== 6 || problems.length) throw new Error(`six-counter day: ${verified.length} counters, ${JSON.stringify(problems.slice(0, 3))}`);
  console.log(`#   ${BACKLOG} entries shipped in ${fmt(shipS)} s; ${SALES} sales of ${COUNTERS} counters ${loaded ? `kept in ${keep} from an earlier run (loaded then in ${fmt(loadS)} s)` : `loaded in ${fmt(loadS)} s into ${keep} (kept for the next runs)`}`);
  console.log(`#   day report of ${day}: ${report.totals.sales} sales from ${report.counters.length} counters; first read (from disk) ${fmt(firstMs)} ms, two more to warm, then the median of 5`);
  console.log(`bench: station.ship_entries_per_s = ${Math.round(BACKLOG / shipS)} entries/s`);
  console.log(`bench: station.catch_up_${millions(BACKLOG)}.s = ${fmt(shipS)} s`);
  if (!loaded) console.log(`#   the measured day re-hashed and signed per counter in ${fmt(signDayS)} s`);
  console.log(`#   the report verifies the whole day of ${report.counters.length} counters, each from its verified checkpoint (the entry before the day) to its signed head`);
  console.log(`bench: station.day_report_${millions(SALES)}_50_counters.ms = ${fmt(reportMs)} ms, verification included (goal < 500${SALES === 10_000_000 ? '' : ' at 10m'})`);
  console.log(`bench: station.verify_day_6_counters.s = ${fmt(verifyS)} s (${6 * VERIFY_SALES} sales, ${verified.reduce((n, v) => n + v.entries, 0)} entries; goal < 2)`);
  console.log('#   beside it, SQLite: reports.station_day_report_1m (one counter\'s journal of 1,000,000 sales, journal.bench.ts)');
} finally {
  await pool.end();
  db.destroy();
  rmSync(dir, { recursive: true, force: true });
}
