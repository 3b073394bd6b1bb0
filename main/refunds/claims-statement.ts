// The claims statement a station sends its account manager (issue 23): one line per booking
// reference with the NET claimed, what came back and what is still owed. CSV (UTF-8 with BOM,
// amounts in pounds for Excel) or PDF (A4, Arabic or English, the report layout).
import type { CounterEnvironment } from '../../contract/counter.ts';
import type { Claim, ClaimsView } from '../../contract/refunds.ts';
import { ltr } from '../../lib/pdf/index.ts';
import type { RenderedPage } from '../printing/layout.ts';
import { cairoCell, csvFile, pounds } from '../reports/day-report-csv.ts';
import { figureRows, renderReport } from '../reports/report-paper.ts';

export const CLAIMS_STRINGS = {
  en: {
    title: 'Claims statement',
    booking: 'Booking reference',
    opened: 'Refunded on',
    claimed: 'NET claimed',
    settled: 'Settled',
    owed: 'Owed',
    status: 'Status',
    overdue: 'overdue',
    totalClaimed: 'Total claimed',
    totalSettled: 'Total settled',
    totalOwed: 'Total owed',
    claims: 'Claims',
    statuses: { open: 'open', short: 'short', settled: 'settled', over: 'over' },
  },
  ar: {
    title: 'كشف المطالبات',
    booking: 'رقم الحجز',
    opened: 'تاريخ الرد',
    claimed: 'المطالب به (صافي)',
    settled: 'المسدد',
    owed: 'المتبقي',
    status: 'الحالة',
    overdue: 'متأخرة',
    totalClaimed: 'إجمالي المطالب به',
    totalSettled: 'إجمالي المسدد',
    totalOwed: 'إجمالي المتبقي',
    claims: 'المطالبات',
    statuses: { open: 'مفتوحة', short: 'ناقصة', settled: 'مسددة', over: 'زائدة' },
  },
} as const;

type Lang = keyof typeof CLAIMS_STRINGS;
const owed = (c: Claim) => Math.max(0, c.claimedMinor - c.settledMinor);

function statusOf(c: Claim, lang: Lang): string {
  const s = CLAIMS_STRINGS[lang];
  return c.overdue ? `${s.statuses[c.status]} (${s.overdue})` : s.statuses[c.status];
}

export function claimsCsv(view: ClaimsView, lang: Lang, stationName: string, madeAt: Date): string {
  const s = CLAIMS_STRINGS[lang];
  const rows: (string | number | null)[][] = [
    [s.title, stationName],
    [cairoCell(madeAt)],
    [],
    [s.booking, s.opened, s.claimed, s.settled, s.owed, s.status],
    ...view.claims.map((c) => [c.bookingReference, cairoCell(c.openedAt), pounds(c.claimedMinor), pounds(c.settledMinor), pounds(owed(c)), statusOf(c, lang)]),
    [],
    [s.totalClaimed, pounds(view.totals.claimedMinor)],
    [s.totalSettled, pounds(view.totals.settledMinor)],
    [s.totalOwed, pounds(view.totals.owedMinor)],
  ];
  return csvFile(rows);
}

export function renderClaimsStatement(view: ClaimsView, o: { lang: Lang; environment: CounterEnvironment; stationName: string; madeAt: Date }): Promise<RenderedPage> {
  const s = CLAIMS_STRINGS[o.lang];
  const head = { environment: o.environment, stationName: o.stationName, title: s.title };
  return renderReport({ paper: 'A4', lang: o.lang, copy: false }, head, o.madeAt.toISOString(), (p, ink) => {
    const money = (minor: number) => ink.money(minor);
    figureRows(p, [
      [s.claims, ink.count(view.claims.length)],
      [s.totalClaimed, money(view.totals.claimedMinor)],
      [s.totalSettled, money(view.totals.settledMinor)],
      [s.totalOwed, money(view.totals.owedMinor), true],
    ]);
    p.rule(0.75, true);
    p.table(
      [{ share: 0.24 }, { share: 0.18 }, { share: 0.15, align: 'end' }, { share: 0.15, align: 'end' }, { share: 0.13, align: 'end' }, { share: 0.15 }],
      [s.booking, s.opened, s.claimed, s.settled, s.owed, s.status],
      view.claims.map((c) => [ltr(c.bookingReference), ink.when(c.openedAt), ink.amount(c.claimedMinor), ink.amount(c.settledMinor), ink.amount(owed(c)), statusOf(c, o.lang)]),
      { size: p.size(0.8) },
    );
  });
}
