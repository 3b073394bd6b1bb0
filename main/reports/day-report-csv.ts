// The station day report as CSV for the accountant: UTF-8 with a byte-order mark so that Excel
// opens the Arabic correctly, one table after another (figures, shifts, hours, wallet lines),
// amounts as plain numbers of pounds with two decimals (Excel sums them), times in Cairo.
import type { StationDayReport } from '../../contract/reports.ts';
import { toCairoIso } from '../../core/cairo-time.ts';
import type { DaySaleLine } from '../journal/report.ts';
import { plainPounds } from '../../core/money.ts';
import { DAY_REPORT_STRINGS } from './strings.ts';
import { refundsCsvRows } from '../refunds/paper.ts';

const BOM = '\uFEFF';

/** One CSV field, quoted when it must be. */
export function csvCell(v: string | number | null): string {
  if (v === null) return '';
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** An amount cell: pounds with two decimals, no grouping (core/money.ts), empty when unknown. */
export const pounds = (minor: number | null): string | null => (minor === null ? null : plainPounds(minor));

/** An instant's cell, sortable and one cell in Excel: "2026-11-26 09:12:33" (Cairo wall clock). Every CSV file writes its times so. */
export const cairoCell = (at: string | Date): string => toCairoIso(typeof at === 'string' ? Date.parse(at) : at.getTime()).slice(0, 19).replace('T', ' ');

export function dayReportCsv(r: StationDayReport, lang: 'ar' | 'en'): string {
  const s = DAY_REPORT_STRINGS[lang];
  const f = r.figures;
  const rec = r.reconciliation;
  const rows: (string | number | null)[][] = [
    [s.title, r.stationName],
    [s.date, r.date],
    [s.counters, r.counters.join(' ')],
    ...(r.retired ? [[s.retired.replace('{counter}', r.retired.counterId)]] : []),
    [s.made, cairoCell(r.madeAt)],
    [],
    [s.sales, f.counts.confirmed],
    [s.seats, f.seats],
    [s.retail, pounds(f.retailMinor)],
    [s.net, pounds(f.netMinor)],
    [s.margin, pounds(f.marginMinor)],
    [s.cash, pounds(f.cashReceivedMinor)],
    [s.change, pounds(f.changeGivenMinor)],
    [s.failed, f.counts.failed],
    [s.pending, f.counts.pending + f.counts.unknown],
    ...(r.refunds ? refundsCsvRows(r.refunds, lang) : []),
    [],
    [s.shifts, s.agent, s.opened, s.closed, s.float, s.counted],
    ...r.shifts.map((x) => [s.shift(x.zNumber, x.implicit), x.agent.name, cairoCell(x.openedAt), x.closedAt ? cairoCell(x.closedAt) : null, pounds(x.floatMinor), pounds(x.countedMinor)]),
    [],
    [s.hour, s.bookings, s.seats, s.retail],
    ...r.byHour.map((h) => [`${String(h.hour).padStart(2, '0')}:00`, h.bookings, h.passengers, pounds(h.retailMinor)]),
    [],
    [s.wallet],
    [s.opening, pounds(rec.openingBalanceMinor)],
    [s.closing, pounds(rec.closingBalanceMinor)],
    [s.matchedDebits, rec.matchedDebits.length],
    [s.matchedReversals, rec.matchedReversals.length],
    ...(rec.statementRead ? [] : [[s.notRead, rec.error?.code ?? null]]),
    ...rec.apart.map((t) => [t.type === 'TOPUP' ? s.topup : s.adjustment, pounds(t.amount_minor), cairoCell(t.created_at), t.reason ?? null]),
    [],
    [s.unmatched, s.booking, s.amount, s.reason],
    ...rec.unmatched.map((u) => [s.side[u.side], u.bookingReference, pounds(u.amountMinor), s.why[u.reason]]),
  ];
  return csvFile(rows);
}

/** A CSV file: UTF-8 with a byte-order mark (Excel opens the Arabic), CRLF lines. */
export function csvFile(rows: (string | number | null)[][]): string {
  return BOM + rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/**
 * The accountant's file: one line per sale of the day (any status), each figure of the day
 * report traceable to its lines. Departures as the API wrote them (the operator's local time).
 */
export function daySalesCsv(sales: DaySaleLine[], lang: 'ar' | 'en'): string {
  const { col, status } = DAY_REPORT_STRINGS[lang].perSale;
  return csvFile([
    [col.time, col.counter, col.agent, col.booking, col.route, col.departure, col.passengers, col.retail, col.net, col.margin, col.tendered, col.change, col.status],
    ...sales.map((x) => [
      cairoCell(x.createdAt),
      x.counterId,
      x.agentName,
      x.bookingReference,
      x.route,
      x.departureAt,
      x.passengers,
      pounds(x.retailMinor),
      pounds(x.netMinor),
      pounds(x.retailMinor - x.netMinor),
      pounds(x.cashTenderedMinor),
      pounds(x.changeMinor),
      status[x.status],
    ]),
  ]);
}
