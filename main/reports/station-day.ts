// The station day report of this counter's journal: the day's shifts and figures, sales by hour,
// and the wallet statement of the day reconciled with the journal's sales (reconcile.ts).
import type { ReconciledSale, StationDayReport } from '../../contract/reports.ts';
import type { Transaction } from '../../contract/partner/resources.ts';
import { cairoDate, cairoHour } from '../../core/cairo-time.ts';
import { confirmedSalesOfDay, dayReport, saleOfReference, salesOfDay, type DaySaleRow } from '../journal/report.ts';
import type { CounterEnvironment } from '../../contract/counter.ts';
import type { Journal } from '../journal/journal.ts';
import { refundEntriesOfDay } from '../journal/queries/refunds.ts';
import type { PartnerClient } from '../partner/client.ts';
import type { ShiftService } from '../shifts/service.ts';
import { reconcileDay, type DayStatement } from './reconcile.ts';
import { dayRefunds, foldRefunds, refundsBlock } from '../refunds/fold.ts';

export type { DayStatement };

/** The most statement pages read for one day (200 lines each): a bound, not a expectation. */
const MAX_PAGES = 500;

export interface StationDayDeps {
  journal: Journal;
  environment: CounterEnvironment;
  shifts: ShiftService;
  operatorName: (operatorId: string) => string | null;
  /** The day's statement (GET /wallet/transactions, all pages: statementOf). */
  statement: (date: string) => Promise<DayStatement>;
  stationName: string;
  now: Date;
  log: (message: string, err?: unknown) => void;
}

export async function stationDayReport(d: StationDayDeps, date: string): Promise<StationDayReport> {
  const { journal } = d;
  const counterId = journal.counterId;
  const toSale = (r: DaySaleRow): ReconciledSale => ({
    saleId: r.sale_id,
    counterId,
    bookingReference: r.booking_ref,
    status: r.status,
    netMinor: r.net_total_minor,
    businessDay: r.business_day,
  });
  const sales = salesOfDay(journal, date).map(toSale);

  const reconciliation = await reconcileDay({
    date,
    sales,
    statement: d.statement,
    saleOfOtherDay: (ref) => {
      const row = saleOfReference(journal, ref);
      return row ? toSale(row) : null;
    },
    log: d.log,
  });

  const hours = confirmedSalesOfDay(journal, date);
  const byHour = Array.from({ length: 24 }, (_, hour) => ({ hour, bookings: 0, passengers: 0, retailMinor: 0 }));
  for (const h of hours) {
    const slot = byHour[cairoHour(new Date(h.created_at))]!;
    slot.bookings += 1;
    slot.passengers += h.passengers;
    slot.retailMinor += h.retail_total_minor;
  }

  const figures = dayReport(journal, d.environment, date, d.operatorName);
  return {
    date,
    environment: d.environment,
    stationName: d.stationName,
    counters: [counterId],
    shifts: d.shifts.ofDay(date),
    figures,
    byHour,
    reconciliation,
    madeAt: d.now.toISOString(),
    // Money back (issue 23): the refunds of the business day, folded from their entries.
    refunds: dayRefunds(refundsBlock(foldRefunds(refundEntriesOfDay(journal, date)).refunds), figures.cashReceivedMinor, reconciliation.apart),
  };
}

/** Every statement line of the Cairo day (the statement comes newest first), with the balance around them. */
export async function statementOf(client: Pick<PartnerClient, 'transactions'>, date: string): Promise<DayStatement> {
  const lines: Transaction[] = [];
  /** The balance before the oldest line after the day, and after the newest line before it. */
  let beforeLater: number | null = null;
  let afterEarlier: number | null = null;
  let before: number | undefined;
  for (let page = 0; page < MAX_PAGES && afterEarlier === null; page++) {
    const res = await client.transactions({ limit: 200, ...(before === undefined ? {} : { before }) });
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
