// The station day report of this counter's journal: the day's shifts and figures, sales by hour,
// and the wallet statement of the day reconciled with the journal's sales (reconcile.ts).
import type { ReconciledSale, StationDayReport } from '../../contract/reports.ts';
import type { Transaction } from '../../contract/partner/resources.ts';
import { cairoDate } from '../clock.ts';
import { toAppError } from '../failure.ts';
import { dayReport } from '../journal/report.ts';
import type { Session } from '../session.ts';
import { reconcile } from './reconcile.ts';

/** The most statement pages read for one day (200 lines each): a bound, not a expectation. */
const MAX_PAGES = 500;

interface SaleRow {
  sale_id: string;
  booking_ref: string | null;
  status: ReconciledSale['status'];
  net_total_minor: number;
  business_day: string;
}

export interface StationDayDeps {
  session: Session;
  stationName: string;
  now: Date;
  log: (message: string, err?: unknown) => void;
}

export async function stationDayReport(d: StationDayDeps, date: string): Promise<StationDayReport> {
  const { session: s } = d;
  const journal = s.journal;
  const counterId = journal.counterId;
  const toSale = (r: SaleRow): ReconciledSale => ({
    saleId: r.sale_id,
    counterId,
    bookingReference: r.booking_ref,
    status: r.status,
    netMinor: r.net_total_minor,
    businessDay: r.business_day,
  });
  const sales = (journal.stmt('SELECT sale_id, booking_ref, status, net_total_minor, business_day FROM sales WHERE business_day = ?').all(date) as SaleRow[]).map(toSale);
  const byRef = journal.stmt('SELECT sale_id, booking_ref, status, net_total_minor, business_day FROM sales WHERE booking_ref = ?');

  let statement: { lines: Transaction[]; opening: number | null; closing: number | null } | null = null;
  let error = null;
  try {
    statement = await statementOf(s, date);
  } catch (err) {
    d.log(`the wallet statement of ${date} could not be read`, err);
    error = toAppError(err);
  }
  const rec = reconcile({
    date,
    lines: statement?.lines ?? [],
    sales,
    saleOfOtherDay: (ref) => {
      const row = byRef.get(ref) as SaleRow | undefined;
      return row ? toSale(row) : null;
    },
    openingBalanceMinor: statement?.opening ?? null,
    closingBalanceMinor: statement?.closing ?? null,
  });

  const hours = journal
    .stmt(
      `SELECT created_at, passengers, retail_total_minor FROM sales WHERE business_day = ? AND status = 'confirmed'`,
    )
    .all(date) as { created_at: string; passengers: number; retail_total_minor: number }[];
  const byHour = Array.from({ length: 24 }, (_, hour) => ({ hour, bookings: 0, passengers: 0, retailMinor: 0 }));
  for (const h of hours) {
    const slot = byHour[cairoHour(new Date(h.created_at))]!;
    slot.bookings += 1;
    slot.passengers += h.passengers;
    slot.retailMinor += h.retail_total_minor;
  }

  return {
    date,
    environment: s.environment,
    stationName: d.stationName,
    counters: [counterId],
    shifts: s.shifts.ofDay(date),
    figures: dayReport(journal, s.environment, date, (id) => s.reference.cached().operators.find((o) => o.id === id)?.name ?? null),
    byHour,
    reconciliation: { statementRead: statement !== null, error, ...rec },
    madeAt: d.now.toISOString(),
  };
}

/** Every statement line of the Cairo day (the statement comes newest first), with the balance around them. */
async function statementOf(s: Session, date: string): Promise<{ lines: Transaction[]; opening: number | null; closing: number | null }> {
  const lines: Transaction[] = [];
  /** The balance before the oldest line after the day, and after the newest line before it. */
  let beforeLater: number | null = null;
  let afterEarlier: number | null = null;
  let before: number | undefined;
  for (let page = 0; page < MAX_PAGES && afterEarlier === null; page++) {
    const res = await s.client.transactions({ limit: 200, ...(before === undefined ? {} : { before }) });
    for (const t of res.data) {
      const day = cairoDate(new Date(t.created_at));
      if (day > date) beforeLater = t.balance_after_minor - t.amount_minor;
      else if (day === date) lines.push(t);
      else {
        afterEarlier = t.balance_after_minor;
        break;
      }
    }
    if (!res.meta.has_more || res.meta.next_before == null) break;
    before = res.meta.next_before;
  }
  const newest = lines[0];
  const oldest = lines.at(-1);
  return {
    lines,
    opening: oldest ? oldest.balance_after_minor - oldest.amount_minor : (afterEarlier ?? beforeLater),
    closing: newest ? newest.balance_after_minor : (beforeLater ?? afterEarlier),
  };
}

const hourFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Cairo', hour: '2-digit', hourCycle: 'h23' });
function cairoHour(at: Date): number {
  return Number(hourFormat.format(at)) % 24;
}
