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
  const problems = [...ofSales.problems, ...refunds.problems];
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
