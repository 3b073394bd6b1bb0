// `node test/bench/station.bench.ts`: the station database (a real PostgreSQL 15, started here).
//  - station.ship_entries_per_s / station.catch_up_100k.s: a counter's backlog of 100,000 journal
//    entries shipped in batches, each entry's hash and link recomputed by the database on arrival.
//  - station.day_report: the station day report of one business day over N sales of 50 counters
//    over a year (BENCH_STATION_SALES, default the goal's 10,000,000), loaded in bulk with the
//    columns the arrival trigger would set. Beside it: the same report over the counter's own
//    SQLite journal is reports.station_day_report_1m (journal.bench.ts).
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
import { newCounterSigner } from '../../main/station/counter-key.ts';
import { startPostgres } from '../support/postgres.ts';

const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 100_000);
const SALES = Number(process.env.BENCH_STATION_SALES ?? 10_000_000);
const COUNTERS = 50;
const DAYS = 365;
const fmt = (x: number) => x.toFixed(2);
const millions = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}m` : `${n / 1000}k`);

const db = await startPostgres();
const pool = stationPool({ host: db.host, port: db.port, database: db.database, user: db.user });
const dir = mkdtempSync(join(tmpdir(), 'shubbak-station-bench-'));
try {
  await migrateStation(pool);

  // 1. A counter's backlog: BACKLOG entries in its journal, none shipped yet.
  const journal = Journal.open({ path: join(dir, 'journal.db'), clock: systemClock, environment: 'TRAINING', counterId: 'ctr_bench_shipper' });
  journal.transaction(() => {
    for (let i = journal.lastSeq(); i < BACKLOG; i++) {
      recordPrint(journal, DEFAULT_AGENT, { saleId: null, kind: 'test', printer: `Printer ${i % 7}`, status: 'sent', jobId: `job-${i}`, errorCode: null, language: null });
    }
  });
  const shipper = new JournalShipper({ journal: () => journal, pool, station: { id: 'stn_bench', name: 'Bench' }, environment: 'TRAINING', signer: newCounterSigner().signer, log: () => {} });
  let t0 = performance.now();
  const state = await shipper.shipNow();
  const shipS = (performance.now() - t0) / 1000;
  if (state.status !== 'synced' || state.shippedSeq !== journal.lastSeq()) throw new Error(`shipping ended ${JSON.stringify(state)}`);
  await shipper.close();
  journal.close();

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
  const loadS = (performance.now() - t0) / 1000;

  const day = '2026-05-26';
  const statement = async () => ({ lines: [], opening: null, closing: null });
  // The first read of a day from a year ago comes from disk; the figure is the median of the
  // reads after it (a day's report is read the evening its sales arrived, from memory).
  const read = () => stationReport({ pool, station: { id: 'stn_big', name: 'Big station' }, environment: 'TRAINING', statement, now: new Date(), log: () => {} }, day);
  t0 = performance.now();
  const report = await read();
  const firstMs = performance.now() - t0;
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await read();
    runs.push(performance.now() - t);
  }
  const reportMs = runs.sort((a, b) => a - b)[2]!;
  if (report.totals.sales === 0) throw new Error(`no sale on ${day}`);
  console.log(`#   ${BACKLOG} entries shipped in ${fmt(shipS)} s; ${SALES} sales of ${COUNTERS} counters loaded in ${fmt(loadS)} s`);
  console.log(`#   day report of ${day}: ${report.totals.sales} sales from ${report.counters.length} counters; first read (from disk) ${fmt(firstMs)} ms, then median of 5`);
  console.log(`bench: station.ship_entries_per_s = ${Math.round(BACKLOG / shipS)} entries/s`);
  console.log(`bench: station.catch_up_${millions(BACKLOG)}.s = ${fmt(shipS)} s`);
  console.log(`bench: station.day_report_${millions(SALES)}_50_counters.ms = ${fmt(reportMs)} ms (goal < 500${SALES === 10_000_000 ? '' : ' at 10m'})`);
  console.log('#   beside it, SQLite: reports.station_day_report_1m (one counter\'s journal of 1,000,000 sales, journal.bench.ts)');
} finally {
  await pool.end();
  db.destroy();
  rmSync(dir, { recursive: true, force: true });
}
