import type { CounterEnvironment, DayReport, SaleStatus } from '../../contract/counter.ts';
import type { Journal } from './journal.ts';

/** The figures of one business day the end-of-day (Z) report is made of. Money in piastres. */
export interface DayFigures {
  businessDay: string;
  byAgentShift: { agentId: string; shiftId: string; sales: number; retailMinor: number; netMinor: number; cashMinor: number }[];
  byOperator: { operatorId: string | null; sales: number; retailMinor: number; netMinor: number }[];
  byStatus: Partial<Record<SaleStatus, number>>;
  /** Cash taken for sales (floats, pay-ins, pay-outs and drops are the shifts', not sales) against confirmed bookings' retail: equal unless something is wrong. */
  cash: { receivedMinor: number; confirmedRetailMinor: number };
}

/** Reads the day's figures from the read models, through the report indexes (migration 0006). */
export function dayFigures(journal: Journal, businessDay: string): DayFigures {
  const sales = journal
    .stmt(
      `SELECT agent_id AS agentId, shift_id AS shiftId, count(*) AS sales, sum(retail_total_minor) AS retailMinor, sum(net_total_minor) AS netMinor
       FROM sales WHERE business_day = ? AND status = 'confirmed' GROUP BY agent_id, shift_id`,
    )
    .all(businessDay) as { agentId: string; shiftId: string; sales: number; retailMinor: number; netMinor: number }[];
  const cash = journal
    .stmt(
      `SELECT agent_id AS agentId, shift_id AS shiftId, sum(amount_minor) AS cashMinor
       FROM cash_movements WHERE business_day = ? AND kind = 'sale' GROUP BY agent_id, shift_id`,
    )
    .all(businessDay) as { agentId: string; shiftId: string; cashMinor: number }[];
  const cashOf = new Map(cash.map((c) => [`${c.agentId}\u0000${c.shiftId}`, c.cashMinor]));
  const byAgentShift = sales.map((s) => ({ ...s, cashMinor: cashOf.get(`${s.agentId}\u0000${s.shiftId}`) ?? 0 }));
  for (const c of cash) {
    if (!sales.some((s) => s.agentId === c.agentId && s.shiftId === c.shiftId)) {
      byAgentShift.push({ agentId: c.agentId, shiftId: c.shiftId, sales: 0, retailMinor: 0, netMinor: 0, cashMinor: c.cashMinor });
    }
  }
  const byOperator = journal
    .stmt(
      `SELECT operator_id AS operatorId, count(*) AS sales, sum(retail_total_minor) AS retailMinor, sum(net_total_minor) AS netMinor
       FROM sales WHERE business_day = ? AND status = 'confirmed' GROUP BY operator_id`,
    )
    .all(businessDay) as DayFigures['byOperator'];
  const byStatus: DayFigures['byStatus'] = {};
  for (const r of journal.stmt('SELECT status, count(*) AS n FROM sales WHERE business_day = ? GROUP BY status').all(businessDay) as {
    status: SaleStatus;
    n: number;
  }[]) {
    byStatus[r.status] = r.n;
  }
  return {
    businessDay,
    byAgentShift,
    byOperator,
    byStatus,
    cash: {
      receivedMinor: cash.reduce((sum, c) => sum + c.cashMinor, 0),
      confirmedRetailMinor: sales.reduce((sum, s) => sum + s.retailMinor, 0),
    },
  };
}

/**
 * The station manager's figures of one business day: the sales created on that Cairo calendar
 * date (`business_day`, set from the sale's time by `cairoDate` when it was journaled). Built
 * on `dayFigures`; seats, change and operator names read besides. `nameOf` names an operator
 * the sales did not (from the reference cache).
 */
export function dayReport(journal: Journal, environment: CounterEnvironment, day: string, nameOf: (operatorId: string) => string | null): DayReport {
  const f = dayFigures(journal, day);
  const operators = journal
    .stmt(
      `SELECT operator_id AS operatorId, max(json_extract(summary, '$.operatorName')) AS operatorName, count(*) AS sales,
              sum(passengers) AS seats, sum(retail_total_minor) AS retailMinor, sum(net_total_minor) AS netMinor
       FROM sales WHERE business_day = ? AND status = 'confirmed' GROUP BY operator_id, CASE WHEN operator_id IS NULL THEN json_extract(summary, '$.operatorName') END
       ORDER BY retailMinor DESC, operatorName`,
    )
    .all(day) as DayReport['byOperator'];
  const byOperator = operators.map((o) => ({ ...o, operatorName: o.operatorName ?? (o.operatorId === null ? null : nameOf(o.operatorId)) }));
  const change = journal.stmt("SELECT coalesce(sum(change_minor), 0) AS n FROM cash_movements WHERE business_day = ? AND kind = 'sale'").get(day) as { n: number };
  const retailMinor = f.cash.confirmedRetailMinor;
  const netMinor = f.byOperator.reduce((sum, o) => sum + o.netMinor, 0);
  return {
    date: day,
    environment,
    counts: {
      confirmed: f.byStatus.confirmed ?? 0,
      pending: f.byStatus.pending ?? 0,
      failed: f.byStatus.failed ?? 0,
      unknown: (f.byStatus.unknown ?? 0) + (f.byStatus.sending ?? 0),
    },
    seats: byOperator.reduce((sum, o) => sum + o.seats, 0),
    retailMinor,
    netMinor,
    marginMinor: retailMinor - netMinor,
    cashReceivedMinor: f.cash.receivedMinor,
    changeGivenMinor: change.n,
    byOperator,
  };
}

/** One sale of a business day, as the accountant's per-sale file lists it. Money in piastres. */
export interface DaySaleLine {
  createdAt: string;
  counterId: string;
  agentName: string;
  bookingReference: string | null;
  route: string;
  departureAt: string | null;
  passengers: number;
  retailMinor: number;
  netMinor: number;
  cashTenderedMinor: number;
  changeMinor: number;
  status: SaleStatus;
}

/** Every sale of the day (any status), in the order they were made, as the accountant's file lists it. */
export function saleLinesOfDay(journal: Journal, businessDay: string): DaySaleLine[] {
  return journal
    .stmt(
      `SELECT s.created_at AS createdAt, coalesce(a.name, s.agent_id) AS agentName, s.booking_ref AS bookingReference, s.route, s.departure_at AS departureAt,
              s.passengers, s.retail_total_minor AS retailMinor, s.net_total_minor AS netMinor, s.cash_tendered_minor AS cashTenderedMinor,
              s.change_minor AS changeMinor, s.status
       FROM sales s LEFT JOIN agents a ON a.id = s.agent_id WHERE s.business_day = ? ORDER BY s.intent_seq`,
    )
    .all(businessDay)
    .map((r) => ({ ...(r as Omit<DaySaleLine, 'counterId'>), counterId: journal.counterId }));
}

/** A sale of the day as the wallet reconciliation reads it. */
export interface DaySaleRow {
  sale_id: string;
  booking_ref: string | null;
  status: SaleStatus;
  net_total_minor: number;
  business_day: string;
}

const DAY_SALE = 'SELECT sale_id, booking_ref, status, net_total_minor, business_day FROM sales';

/** Every sale of a business day (its intent's day), whatever its status. */
export function salesOfDay(journal: Journal, businessDay: string): DaySaleRow[] {
  return journal.stmt(`${DAY_SALE} WHERE business_day = ?`).all(businessDay) as DaySaleRow[];
}

/** The sale with this booking reference, of any day. */
export function saleOfReference(journal: Journal, bookingReference: string): DaySaleRow | null {
  return (journal.stmt(`${DAY_SALE} WHERE booking_ref = ?`).get(bookingReference) as DaySaleRow | undefined) ?? null;
}

/** The confirmed sales of a business day: when they were made, their seats and retail price. */
export function confirmedSalesOfDay(journal: Journal, businessDay: string): { created_at: string; passengers: number; retail_total_minor: number }[] {
  return journal.stmt("SELECT created_at, passengers, retail_total_minor FROM sales WHERE business_day = ? AND status = 'confirmed'").all(businessDay) as {
    created_at: string;
    passengers: number;
    retail_total_minor: number;
  }[];
}
