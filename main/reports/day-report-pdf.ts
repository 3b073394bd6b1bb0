// The counter's day report on paper (80 mm roll or A4, Arabic or English): the figures, every
// shift, the sales by hour as bars, and the wallet reconciliation with every unmatched line and
// why. A second print of the same figures says COPY; of other figures (a sale more since), it is
// headed REVISED with the time of the print it revises (journal/prints.ts versionedDocument).
import type { StationDayReport } from '../../contract/reports.ts';
import { ltr } from '../../lib/pdf/index.ts';
import { formatClockHour, partsSeparator } from '../../core/format.ts';
import type { Painter, RenderedPage } from '../printing/layout.ts';
import { DAY_REPORT_STRINGS } from './strings.ts';
import { readingArrow } from '../../core/route.ts';
import { refundsSection } from '../refunds/paper.ts';
import { heading, renderReport, salesFigures, walletSection, type ReportPaperOptions } from './report-paper.ts';

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

export function renderDayReport(r: StationDayReport, o: ReportPaperOptions): Promise<RenderedPage> {
  const head = { environment: r.environment, stationName: r.stationName, title: DAY_REPORT_STRINGS[o.lang].title, date: r.date, retiredCounter: r.retired?.counterId };
  return renderReport(o, head, r.madeAt, (p, ink) => {
    const { s, money, count, when } = ink;
    const small = { size: p.size(0.9) };
    const f = r.figures;
    salesFigures(p, ink, {
      sales: f.counts.confirmed,
      passengers: f.seats,
      retailMinor: f.retailMinor,
      netMinor: f.netMinor,
      cashMinor: f.cashReceivedMinor,
      changeMinor: f.changeGivenMinor,
      failed: f.counts.failed,
      open: f.counts.pending + f.counts.unknown,
    });
    p.rule(0.75, true);
    if (r.refunds) refundsSection(p, o.lang, r.refunds.paid, r.refunds);

    heading(p, s.shifts);
    for (const x of r.shifts) {
      p.split(`${s.shift(x.zNumber, x.implicit)}${partsSeparator(o.lang)}${x.agent.name}`, x.countedMinor === null ? '—' : money(x.countedMinor), p.w * 0.4, small);
      p.line(`${when(x.openedAt)} ${readingArrow(o.lang)} ${x.closedAt ? when(x.closedAt) : '…'}`, { size: p.size(0.8) }, p.size(0.15));
    }
    p.rule(0.75, true);

    heading(p, s.byHour);
    const busiest = Math.max(1, ...r.byHour.map((h) => h.retailMinor));
    for (const h of r.byHour.filter((x) => x.bookings > 0)) {
      // The hour and its bar stay on one page.
      p.fit(p.measure('0', p.w, small) + p.size(0.8));
      p.split(`${ltr(formatClockHour(h.hour, o.lang))}${partsSeparator(o.lang)}${count(h.bookings)}`, money(h.retailMinor), p.w * 0.45, small, 0);
      bar(p, h.retailMinor / busiest, p.w);
    }
    p.rule(0.75, true);

    walletSection(p, ink, r.reconciliation);
  });
}
