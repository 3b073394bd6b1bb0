// The building blocks of the reports the counter prints itself (the counter's day report, the
// whole station's day report, the Z-report's head): written once, each report only says what
// goes where. The page itself is main/printing/layout.ts (80 mm roll or A4, Arabic or English).
import type { CounterEnvironment } from '../../contract/counter.ts';
import type { Reconciliation, SalesLine } from '../../contract/reports.ts';
import { ltr } from '../../lib/pdf/index.ts';
import { formatAmount, formatCairo, formatMoney, formatNumber } from '../../core/format.ts';
import { RECEIPT_STRINGS, type ReceiptLanguage } from '../printing/format.ts';
import { renderPage, type Painter, type Paper, type RenderedPage, type Style } from '../printing/layout.ts';
import { DAY_REPORT_STRINGS, type DayReportStrings } from './strings.ts';

export interface ReportPaperOptions {
  paper: Paper;
  lang: ReceiptLanguage;
  /** A second print of the same document: stamped COPY. */
  copy: boolean;
  /** When a print of the same report with other figures went out: this one revises it (printing/service.ts). */
  revises?: string | null | undefined;
}

/** What a report's head says: the environment (a banner unless LIVE), who, what and which day. */
export interface ReportHead {
  environment: CounterEnvironment;
  stationName: string;
  title: string;
  /** The day the report is of (YYYY-MM-DD), under the title. */
  date?: string;
  /** The report is of a retired counter's journal: its id, in a banner under the title. */
  retiredCounter?: string | undefined;
}

/** Money, counts and Cairo times in the report's language, and its words. */
export interface ReportInk {
  lang: ReceiptLanguage;
  s: DayReportStrings;
  money: (minor: number | null) => string;
  /** Pounds without the currency (tables whose head names it). */
  amount: (minor: number) => string;
  count: (n: number) => string;
  when: (at: string | Date) => string;
}

export function reportInk(lang: ReceiptLanguage): ReportInk {
  return {
    lang,
    s: DAY_REPORT_STRINGS[lang],
    money: (minor) => (minor === null ? '—' : formatMoney(minor, lang)),
    amount: (minor) => formatAmount(minor, lang),
    count: (n) => formatNumber(n, lang),
    when: (at) => formatCairo(at, lang, 'paper'),
  };
}

const ENV_BANNER = { TRAINING: 'training', SANDBOX: 'sandbox' } as const;

/** Banner (TRAINING / SANDBOX), station name, title, subtitle, the COPY stamp, a rule. */
export function reportHead(p: Painter, o: ReportPaperOptions, h: ReportHead): void {
  const words = RECEIPT_STRINGS[o.lang];
  if (h.environment !== 'LIVE') {
    p.banner(words[ENV_BANNER[h.environment]].replace(/ — .*$/, ''), p.size(1.1));
    p.gap(0.6);
  }
  p.line(h.stationName, { size: p.size(1.3), bold: true, align: 'center', lineHeight: 1.3 });
  p.line(h.title, { size: p.size(1.15), bold: true, align: 'center' });
  if (h.date) p.line(ltr(h.date), { size: p.size(1.05), align: 'center' });
  if (h.retiredCounter) {
    p.gap(0.4);
    p.banner(DAY_REPORT_STRINGS[o.lang].retired.replace('{counter}', ltr(h.retiredCounter)), p.size(0.95));
  }
  if (o.copy) {
    p.gap(0.5);
    p.stamp(o.lang === 'ar' ? `${words.copy} · ${RECEIPT_STRINGS.en.copy}` : words.copy, p.size(1.6));
  }
  if (o.revises) {
    p.gap(0.4);
    p.banner(DAY_REPORT_STRINGS[o.lang].revises.replace('{at}', formatCairo(o.revises, o.lang, 'paper')), p.size(0.95));
  }
  p.rule(1);
}

/** One report on one page: its head, its body, and when it was made (Cairo time) at the foot. */
export function renderReport(o: ReportPaperOptions, h: ReportHead, madeAt: string, body: (p: Painter, ink: ReportInk) => void): Promise<RenderedPage> {
  const ink = reportInk(o.lang);
  const title = `${h.retiredCounter ? `${h.retiredCounter} ` : ''}${h.date ? `${h.title} ${h.date}` : h.title}`;
  return renderPage(o.paper, o.lang, { title, author: h.stationName, environment: h.environment }, (p) => {
    reportHead(p, o, h);
    body(p, ink);
    p.rule(1);
    p.line(`${ink.s.made} ${ink.when(madeAt)}`, { size: p.size(0.8) });
  });
}

/** Label/value rows, the values against the end edge. */
export function figureRows(p: Painter, rows: readonly (readonly [label: string, value: string, bold?: boolean])[]): void {
  const labelWidth = p.w * 0.58;
  for (const [label, value, bold = false] of rows) p.row(label, value, { labelWidth, value: { align: 'end', bold }, label: { bold } });
}

/** A section's heading. */
export function heading(p: Painter, str: string): void {
  p.line(str, { size: p.size(1.05), bold: true }, p.size(0.2));
}

/** The figures of a group of sales, as both day reports print them. */
export function salesFigures(p: Painter, ink: ReportInk, f: SalesLine): void {
  const { s, money, count } = ink;
  figureRows(p, [
    [s.sales, count(f.sales)],
    [s.seats, count(f.passengers)],
    [s.retail, money(f.retailMinor)],
    [s.net, money(f.netMinor)],
    [s.margin, money(f.retailMinor - f.netMinor), true],
    [s.cash, money(f.cashMinor), true],
    [s.change, money(f.changeMinor)],
    [s.failed, count(f.failed)],
    [s.pending, count(f.open)],
  ]);
}

/**
 * The wallet statement against the sales: balances, what matched, the lines apart (top-ups,
 * adjustments), and every line that did not match with why (and, over several counters, whose).
 */
export function walletSection(p: Painter, ink: ReportInk, rec: Reconciliation, o: { counterOf?: (counterId: string) => string } = {}): void {
  const { s, money, count } = ink;
  const small: Style = { size: p.size(0.9) };
  heading(p, s.wallet);
  if (!rec.statementRead) p.line(`${s.notRead} (${rec.error?.code ?? ''})`, { bold: true });
  figureRows(p, [
    [s.opening, money(rec.openingBalanceMinor)],
    [s.closing, money(rec.closingBalanceMinor)],
    [s.matchedDebits, count(rec.matchedDebits.length)],
    [s.matchedReversals, count(rec.matchedReversals.length)],
  ]);
  for (const t of rec.apart) p.split(`${t.type === 'TOPUP' ? s.topup : s.adjustment}${t.reason ? ` · ${t.reason}` : ''}`, money(t.amount_minor), p.w * 0.4, small);
  p.gap(0.3);
  p.line(s.unmatched, { size: p.size(0.95), bold: true }, p.size(0.1));
  if (rec.unmatched.length === 0 && rec.statementRead) p.line(s.allMatched, small);
  for (const u of rec.unmatched) {
    p.split(`${ltr(u.bookingReference ?? '—')} · ${s.side[u.side]}`, money(u.amountMinor), p.w * 0.4, small, 0);
    const whose = o.counterOf && u.counterId ? ` · ${s.counter} ${o.counterOf(u.counterId)}` : '';
    p.line(`${s.why[u.reason]}${whose}`, { size: p.size(0.8) }, p.size(0.2));
  }
}
