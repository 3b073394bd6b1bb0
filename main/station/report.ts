// The station day report from the station database: every counter's sales of a Cairo business
// day (of the report's environment), read as entries and folded by the same projection any entry reader uses, summed per
// counter and per agent, and the account's wallet statement reconciled once against all of them
// (main/reports/reconcile.ts, the counter's own rule).
import type pg from 'pg';
import type { CounterEnvironment } from '../../contract/counter.ts';
import type { IntegrityProblem, SalesLine, StationReport } from '../../contract/reports.ts';
import { verifiedDay } from './report-day.ts';
import { firstUnsigned } from './verify.ts';
import { reconcileDay, type DayStatement } from '../reports/reconcile.ts';
import { checkedSaleEntry, type ProjectedSale, type SaleEntry } from '../reports/sale-projection.ts';
import { dayRefunds, foldRefunds, refundsBlock } from '../refunds/fold.ts';
import { seqRanges } from '../../core/seq-ranges.ts';
import { foundOutsideAtStation } from './found-outside.ts';

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


/**
 * The refund.paid entries of a business day, of the station's counters of one environment (issue
 * 23), each checked to be covered by its counter's signature: one that is not (written by a
 * counter's database login beside its entries) is named a problem of the report's integrity.
 */
async function refundEntries(pool: pg.Pool, stationId: string, environment: CounterEnvironment, date: string): Promise<{ entries: SaleEntry[]; problems: IntegrityProblem[] }> {
  const { rows } = await pool.query<{ counter_id: string; seq: string; type: string; at: string; payload: string }>(
    `SELECT counter_id, seq, type, at, payload FROM entries
     WHERE type = 'refund.paid' AND (payload::jsonb ->> 'businessDay') = $2 AND counter_id IN (SELECT id FROM counters WHERE station_id = $1 AND environment = $3)
     ORDER BY counter_id, seq`,
    [stationId, date, environment],
  );
  const problems: IntegrityProblem[] = [];
  for (const r of rows) {
    const unsigned = await firstUnsigned(pool, r.counter_id, Number(r.seq), Number(r.seq));
    if (unsigned !== null) problems.push({ counterId: r.counter_id, kind: 'foreign', seq: Number(r.seq), detail: `refund entry ${r.seq} is not covered by its counter's signature` });
  }
  return { entries: rows.flatMap((r) => checkedSaleEntry(r.counter_id, r, problems) ?? []), problems };
}

/**
 * The day's counted entries (its sales' and its refunds') that their own counter found written
 * outside the app: still counted, as the counter's Z-report counts them, and named, a problem per
 * run of seqs, so that the report does not call its figures verified.
 */
async function writtenOutside(pool: pg.Pool, date: string, sales: readonly ProjectedSale[], refunds: readonly SaleEntry[]): Promise<IntegrityProblem[]> {
  const found = await foundOutsideAtStation(pool, [...new Set([...sales, ...refunds].map((e) => e.counterId))]);
  if (found.size === 0) return [];
  // the day's sale entries of those counters (sale_day is set on sale entries only: migration 0004)
  const { rows } = await pool.query<{ counter_id: string; seq: string }>('SELECT counter_id, seq FROM entries WHERE sale_day = $1 AND counter_id = ANY($2::text[])', [date, [...found.keys()]]);
  const named = new Map<string, Set<number>>();
  for (const e of [...rows.map((r) => ({ counterId: r.counter_id, seq: Number(r.seq) })), ...refunds]) {
    if (!found.get(e.counterId)?.(e.seq)) continue;
    named.set(e.counterId, (named.get(e.counterId) ?? new Set()).add(e.seq));
  }
  return [...named].flatMap(([counterId, seqs]) =>
    seqRanges([...seqs].sort((a, b) => a - b)).map((run): IntegrityProblem => {
      const [first, last] = typeof run === 'number' ? [run, run] : run;
      const which = first === last ? `entry ${first}` : `entries ${first}–${last}`;
      return { counterId, kind: 'written_outside', seq: first, detail: `${which} found written outside the app by its counter: counted, to be checked against its Z-reports` };
    }),
  );
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
  // the day's sale entries, verified as they are read (main/station/report-day.ts)
  const [{ sales, integrity: ofSales }, refunds] = await Promise.all([verifiedDay(d.pool, d.station.id, d.environment, date), refundEntries(d.pool, d.station.id, d.environment, date)]);
  const problems = [...ofSales.problems, ...refunds.problems, ...(await writtenOutside(d.pool, date, sales, refunds.entries))];
  const integrity = { verified: problems.length === 0, problems };
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
    refunds: dayRefunds(refundsBlock(foldRefunds(refunds.entries).refunds), totals.cashMinor, reconciliation.apart),
  };
}
