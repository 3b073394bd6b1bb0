// The station day report from the station database: every counter's sales of a Cairo business
// day, read as entries and folded by the same projection any entry reader uses, summed per
// counter and per agent, and the account's wallet statement reconciled once against all of them
// (main/reports/reconcile.ts, the counter's own rule).
import type pg from 'pg';
import type { CounterEnvironment } from '../../contract/counter.ts';
import type { IntegrityProblem, SalesLine, StationIntegrity, StationReport } from '../../contract/reports.ts';
import { alteredProblem, linkProblems, recomputedHash, verifyCounterRange, type StoredEntry } from './verify.ts';
import { reconcileDay, type DayStatement } from '../reports/reconcile.ts';
import { projectSales, SALE_ENTRY_TYPES, type ProjectedSale, type SaleEntry } from '../reports/sale-projection.ts';
import { dayRefunds, foldRefunds, refundsBlock } from '../refunds/fold.ts';

const zero = (): SalesLine => ({ sales: 0, passengers: 0, retailMinor: 0, netMinor: 0, cashMinor: 0, changeMinor: 0, failed: 0, open: 0 });

function add(line: SalesLine, s: ProjectedSale): void {
  if (s.status === 'confirmed') {
    line.sales += 1;
    line.passengers += s.passengers;
    line.retailMinor += s.retailMinor;
    line.netMinor += s.netMinor;
    line.cashMinor += s.cashMinor;
    line.changeMinor += s.changeMinor;
  } else if (s.status === 'failed') line.failed += 1;
  else line.open += 1;
}

type SaleRow = StoredEntry & { counter_id: string };

/**
 * The entries of the sales of a business day, of the station's counters, in each counter's order,
 * as stored (the report checks their hashes): one range of the index on the sale's day (migration 0004).
 */
async function saleRows(pool: pg.Pool, stationId: string, date: string): Promise<SaleRow[]> {
  const { rows } = await pool.query<SaleRow>(
    `SELECT e.counter_id, e.seq, e.type, e.at, e.payload, e.prev_hash, e.hash, e.chained_counter, e.shift_id
     FROM entries e
     WHERE e.sale_day = $2 AND e.counter_id IN (SELECT id FROM counters WHERE station_id = $1) AND e.type = ANY($3)
     ORDER BY e.counter_id, e.seq`,
    [stationId, date, SALE_ENTRY_TYPES],
  );
  return rows;
}

const saleEntryOf = (r: SaleRow): SaleEntry => ({ counterId: r.counter_id, seq: Number(r.seq), type: r.type, at: r.at, payload: JSON.parse(r.payload) as unknown });

/**
 * What the report covers, verified, per counter. Above its latest verified checkpoint (`verify`'s,
 * kept by the owner: migration 0010; without one, from the first of the day's sales) to the first
 * signed head at or after the day's last sale: every link, every hash, that head's signature.
 * Below it (what `verify` found whole): every entry the figures come from hashed again, the links
 * and gaps compared by the database over the stored hashes, and the checkpoint's entry still the
 * one verify found. So a row changed, removed or added after arrival shows here and not as a
 * clean figure, without reading the day twice once verify has run.
 */
async function integrityOf(pool: pg.Pool, rows: readonly SaleRow[]): Promise<StationIntegrity> {
  const byCounter = new Map<string, SaleRow[]>();
  for (const r of rows) {
    const list = byCounter.get(r.counter_id);
    if (list) list.push(r);
    else byCounter.set(r.counter_id, [r]);
  }
  // Counters in parallel (as many at once as the pool has connections).
  const checked = await Promise.all([...byCounter].map(([counterId, own]) => counterIntegrity(pool, counterId, own)));
  const problems: IntegrityProblem[] = checked.flat();
  return { verified: problems.length === 0, problems };
}

async function counterIntegrity(pool: pg.Pool, counterId: string, own: readonly SaleRow[]): Promise<IntegrityProblem[]> {
  const lo = Number(own[0]!.seq);
  const hi = Number(own.at(-1)!.seq);
  const { rows } = await pool.query<{ public_key: string | null; head: string | null; cp_seq: string | null; cp_hash: string | null; cp_now: string | null }>(
    `SELECT c.public_key, (SELECT min(seq) FROM chain_heads WHERE counter_id = $1 AND seq >= $2) AS head, cp.seq AS cp_seq, cp.hash AS cp_hash,
            (SELECT hash FROM entries WHERE counter_id = $1 AND seq = cp.seq) AS cp_now
     FROM counters c LEFT JOIN LATERAL (SELECT seq, hash FROM verified_checkpoints WHERE counter_id = $1 ORDER BY seq DESC LIMIT 1) cp ON true
     WHERE c.id = $1`,
    [counterId, hi],
  );
  const c = rows[0];
  const checkpoint = c?.cp_seq ? { seq: Number(c.cp_seq), hash: c.cp_hash! } : null;
  const problems: IntegrityProblem[] = [];
  if (checkpoint && checkpoint.seq >= lo) {
    if (c!.cp_now !== checkpoint.hash) problems.push({ counterId, kind: 'altered', seq: checkpoint.seq, detail: `entry ${checkpoint.seq} is not the entry verify checked there` });
    for (const r of own) if (Number(r.seq) <= checkpoint.seq && recomputedHash(counterId, r) !== r.hash) problems.push(alteredProblem(counterId, Number(r.seq)));
    problems.push(...(await linkProblems(pool, counterId, lo, Math.min(checkpoint.seq, hi))));
    if (checkpoint.seq >= hi) return problems;
  }
  const from = checkpoint ? checkpoint.seq + 1 : lo;
  const to = c?.head === null || c?.head === undefined ? hi : Number(c.head);
  return [...problems, ...(await verifyCounterRange(pool, counterId, c?.public_key ?? null, from, to, checkpoint)).problems];
}

/** The refund.paid entries of a business day, of the station's counters (issue 23). */
async function refundEntries(pool: pg.Pool, stationId: string, date: string): Promise<SaleEntry[]> {
  const { rows } = await pool.query<{ counter_id: string; seq: string; type: string; at: string; payload: string }>(
    `SELECT counter_id, seq, type, at, payload FROM entries
     WHERE type = 'refund.paid' AND (payload::jsonb ->> 'businessDay') = $2 AND counter_id IN (SELECT id FROM counters WHERE station_id = $1)
     ORDER BY counter_id, seq`,
    [stationId, date],
  );
  return rows.map((r) => ({ counterId: r.counter_id, seq: Number(r.seq), type: r.type, at: r.at, payload: JSON.parse(r.payload) as unknown }));
}

export interface StationReportDeps {
  pool: pg.Pool;
  station: { id: string; name: string };
  environment: CounterEnvironment;
  /** The account's statement of the day (one account for the whole station). */
  statement: (date: string) => Promise<DayStatement>;
  now: Date;
  log: (message: string, err?: unknown) => void;
}

/** The station's lines of figures: the totals, per counter and per agent, each sale counted once. */
export function stationLines(sales: readonly ProjectedSale[]): Pick<StationReport, 'totals' | 'counters' | 'agents'> {
  const totals = zero();
  const counters = new Map<string, SalesLine & { counterId: string }>();
  const agents = new Map<string, SalesLine & { agentId: string; agentName: string }>();
  for (const s of sales) {
    add(totals, s);
    const c = counters.get(s.counterId) ?? { counterId: s.counterId, ...zero() };
    add(c, s);
    counters.set(s.counterId, c);
    const a = agents.get(s.agentId) ?? { agentId: s.agentId, agentName: s.agentName, ...zero() };
    add(a, s);
    agents.set(s.agentId, a);
  }
  const byRetail = <T extends SalesLine>(a: T, b: T) => b.retailMinor - a.retailMinor;
  return { totals, counters: [...counters.values()].sort(byRetail), agents: [...agents.values()].sort(byRetail) };
}

export async function stationReport(d: StationReportDeps, date: string): Promise<StationReport> {
  const rows = await saleRows(d.pool, d.station.id, date);
  const sales = projectSales(rows.map(saleEntryOf));
  const integrity = await integrityOf(d.pool, rows);
  // Other days' sales are not read here: a line of one is listed as booked outside the day's sales.
  const reconciliation = await reconcileDay({ date, sales, statement: d.statement, saleOfOtherDay: () => null, log: d.log });
  const lines = stationLines(sales);
  const { totals } = lines;
  return {
    date,
    station: d.station,
    environment: d.environment,
    ...lines,
    reconciliation,
    madeAt: d.now.toISOString(),
    integrity,
    // Money back (issue 23): every counter's refunds of the day, folded once.
    refunds: dayRefunds(refundsBlock(foldRefunds(await refundEntries(d.pool, d.station.id, date)).refunds), totals.cashMinor, reconciliation.apart),
  };
}
