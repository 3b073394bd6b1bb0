// The whole station's day report on paper (80 mm roll or A4, Arabic or English), from the station
// database (report.ts): the station's totals, a table per counter and per agent, and the
// account's wallet statement reconciled once against every counter's sales, each unmatched line
// with why and whose. Drawn with the counter's report blocks (main/reports/report-paper.ts).
import { refundsSection } from '../refunds/paper.ts';
import type { SalesLine, StationReport } from '../../contract/reports.ts';
import { ltr } from '../../lib/pdf/index.ts';
import type { Painter, RenderedPage } from '../printing/layout.ts';
import { figureRows, heading, renderReport, salesFigures, walletSection, type ReportInk, type ReportPaperOptions } from '../reports/report-paper.ts';
import { DAY_REPORT_STRINGS } from '../reports/strings.ts';

/** A counter as people read it: its id's first characters (the CSV has it whole). */
export const shortCounterId = (id: string) => id.slice(0, 12);

const COLUMNS = [
  { share: 0.24 },
  { share: 0.11, align: 'end' },
  { share: 0.18, align: 'end' },
  { share: 0.18, align: 'end' },
  { share: 0.18, align: 'end' },
  { share: 0.11, align: 'end' },
] as const;

function salesTable(p: Painter, ink: ReportInk, title: string, lines: { who: string; line: SalesLine }[]): void {
  const { s, amount, count } = ink;
  const c = s.station.col;
  heading(p, title);
  if (lines.length === 0) return p.line(s.station.noSales, { size: p.size(0.9) });
  p.table(
    COLUMNS,
    [c.who, c.sales, c.retail, c.net, c.cash, c.failed],
    lines.map(({ who, line: l }) => [who, count(l.sales), amount(l.retailMinor), amount(l.netMinor), amount(l.cashMinor), count(l.failed)]),
    { size: p.size(0.8) },
  );
}

export function renderStationReport(r: StationReport, o: ReportPaperOptions): Promise<RenderedPage> {
  const s = DAY_REPORT_STRINGS[o.lang];
  const head = { environment: r.environment, stationName: r.station.name, title: s.station.title, date: r.date };
  return renderReport(o, head, r.madeAt, (p, ink) => {
    figureRows(p, [
      [s.station.id, ltr(r.station.id)],
      [s.station.environment, ltr(r.environment)],
      [s.counters, ink.count(r.counters.length)],
    ]);
    if (r.integrity && !r.integrity.verified) {
      p.line(s.station.notVerified.replace('{count}', ink.count(r.integrity.problems.length)), { bold: true });
    }
    p.rule(0.75, true);
    salesFigures(p, ink, r.totals);
    p.rule(0.75, true);
    if (r.refunds) refundsSection(p, o.lang, r.refunds.paid, r.refunds);
    salesTable(p, ink, s.station.byCounter, r.counters.map((c) => ({ who: ltr(shortCounterId(c.counterId)), line: c })));
    p.gap(0.6);
    salesTable(p, ink, s.station.byAgent, r.agents.map((a) => ({ who: a.agentName, line: a })));
    p.rule(0.75, true);
    walletSection(p, ink, r.reconciliation, { counterOf: (id) => ltr(shortCounterId(id)) });
  });
}
