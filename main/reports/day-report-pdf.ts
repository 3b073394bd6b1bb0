// The station day report on paper (80 mm roll or A4, Arabic or English): the figures, every
// shift, the sales by hour as bars, and the wallet reconciliation with every unmatched line and
// why. A second print of the same day says COPY.
import type { StationDayReport } from '../../contract/reports.ts';
import { ltr } from '../../lib/pdf/index.ts';
import { formatCairo as formatInstant, formatMoney, formatNumber as formatCount } from '../../core/format.ts';
import { RECEIPT_STRINGS } from '../printing/format.ts';

const formatCairo = (at: string | Date, lang: 'ar' | 'en') => formatInstant(at, lang, 'paper');
import { renderPage, type Painter, type Paper, type RenderedPage } from '../printing/layout.ts';
import { DAY_REPORT_STRINGS } from './strings.ts';

export interface DayReportPdfOptions {
  paper: Paper;
  lang: 'ar' | 'en';
  copy: boolean;
  printedAt: Date;
}

/** One hour's bar, from the reading-start edge, as long as its share of the busiest hour. */
function bar(p: Painter, share: number, width: number): void {
  const h = p.size(0.55);
  if (!p.measuring && share > 0) {
    const w = Math.max(1, width * share);
    const x = p.dir === 'rtl' ? p.x0 + p.w - w : p.x0;
    p.doc.save().rect(x, p.y, w, h).fill('#000').restore();
  }
  p.y += h + p.size(0.25);
}

export function renderDayReport(r: StationDayReport, o: DayReportPdfOptions): Promise<RenderedPage> {
  const s = DAY_REPORT_STRINGS[o.lang];
  const money = (minor: number | null) => (minor === null ? '—' : formatMoney(minor, o.lang));
  const count = (n: number) => formatCount(n, o.lang);
  const title = `${s.title} ${r.date}`;
  return renderPage(o.paper, o.lang, { title, author: r.stationName }, (p) => {
    const small = { size: p.size(0.9) };
    const labelWidth = p.w * 0.58;
    const row = (label: string, value: string, bold = false) => p.row(label, value, { labelWidth, value: { align: 'end', bold }, label: { bold } });
    if (r.environment !== 'LIVE') {
      const banner = r.environment === 'TRAINING' ? RECEIPT_STRINGS[o.lang].training : RECEIPT_STRINGS[o.lang].sandbox;
      p.banner(banner.replace(/ — .*$/, ''), p.size(1.1));
      p.gap(0.6);
    }
    p.line(r.stationName, { size: p.size(1.3), bold: true, align: 'center', lineHeight: 1.3 });
    p.line(s.title, { size: p.size(1.15), bold: true, align: 'center' });
    p.line(ltr(r.date), { size: p.size(1.05), align: 'center' });
    if (o.copy) {
      p.gap(0.5);
      p.stamp(o.lang === 'ar' ? `${RECEIPT_STRINGS.ar.copy} · ${RECEIPT_STRINGS.en.copy}` : RECEIPT_STRINGS.en.copy, p.size(1.6));
    }
    p.rule(1);

    const f = r.figures;
    row(s.sales, count(f.counts.confirmed));
    row(s.seats, count(f.seats));
    row(s.retail, money(f.retailMinor));
    row(s.net, money(f.netMinor));
    row(s.margin, money(f.marginMinor), true);
    row(s.cash, money(f.cashReceivedMinor), true);
    row(s.change, money(f.changeGivenMinor));
    row(s.failed, count(f.counts.failed));
    row(s.pending, count(f.counts.pending + f.counts.unknown));
    p.rule(0.75, true);

    p.line(s.shifts, { size: p.size(1.05), bold: true }, p.size(0.2));
    for (const x of r.shifts) {
      p.split(`${s.shift(x.zNumber, x.implicit)} · ${x.agent.name}`, x.countedMinor === null ? '—' : money(x.countedMinor), p.w * 0.4, small);
      p.line(`${formatCairo(x.openedAt, o.lang)} → ${x.closedAt ? formatCairo(x.closedAt, o.lang) : '…'}`, { size: p.size(0.8) }, p.size(0.15));
    }
    p.rule(0.75, true);

    p.line(s.byHour, { size: p.size(1.05), bold: true }, p.size(0.2));
    const busiest = Math.max(1, ...r.byHour.map((h) => h.retailMinor));
    for (const h of r.byHour.filter((x) => x.bookings > 0)) {
      p.split(`${ltr(`${String(h.hour).padStart(2, '0')}:00`)} · ${count(h.bookings)}`, money(h.retailMinor), p.w * 0.45, small, 0);
      bar(p, h.retailMinor / busiest, p.w);
    }
    p.rule(0.75, true);

    const rec = r.reconciliation;
    p.line(s.wallet, { size: p.size(1.05), bold: true }, p.size(0.2));
    if (!rec.statementRead) p.line(`${s.notRead} (${rec.error?.code ?? ''})`, { bold: true });
    row(s.opening, money(rec.openingBalanceMinor));
    row(s.closing, money(rec.closingBalanceMinor));
    row(s.matchedDebits, count(rec.matchedDebits.length));
    row(s.matchedReversals, count(rec.matchedReversals.length));
    for (const t of rec.apart) p.split(`${t.type === 'TOPUP' ? s.topup : s.adjustment}${t.reason ? ` · ${t.reason}` : ''}`, money(t.amount_minor), p.w * 0.4, small);
    p.gap(0.3);
    p.line(s.unmatched, { size: p.size(0.95), bold: true }, p.size(0.1));
    if (rec.unmatched.length === 0 && rec.statementRead) p.line(s.allMatched, small);
    for (const u of rec.unmatched) {
      p.split(`${ltr(u.bookingReference ?? '—')} · ${s.side[u.side]}`, money(u.amountMinor), p.w * 0.4, small, 0);
      p.line(s.why[u.reason], { size: p.size(0.8) }, p.size(0.2));
    }
    p.rule(1);
    p.line(`${s.made} ${formatCairo(r.madeAt, o.lang)}`, { size: p.size(0.8) });
  });
}
