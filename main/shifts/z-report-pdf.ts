// The Z-report on paper: the frozen figures of one shift, in the order a manager checks them
// (who and when, what was sold, the cash: expected, counted, variance), on the receipt roll or
// A4, in Arabic or English. A second print says COPY. Corrections approved after the close are
// listed below the frozen figures, never merged into them.
import { REFUNDS_STRINGS, refundsSection } from '../refunds/paper.ts';
import { DENOMINATIONS, type ZReportView } from '../../contract/shifts.ts';
import { Z_OUTSIDE_NAMED } from '../../contract/counter.ts';
import { varianceOf } from '../../core/variance.ts';
import { ltr } from '../../lib/pdf/index.ts';
import { formatCairo as formatInstant, formatMoney, formatNumber as formatCount, localDigits, partsSeparator } from '../../core/format.ts';
import type { ReceiptLanguage } from '../printing/format.ts';
import { readingArrow, rewordRoute } from '../../core/route.ts';
import type { ArabicNames } from '../reference/arabic-names.ts';

const formatCairo = (at: string | Date, lang: ReceiptLanguage) => formatInstant(at, lang, 'paper');
import { renderPage, type RenderedPage } from '../printing/layout.ts';
import { reportHead, type ReportPaperOptions } from '../reports/report-paper.ts';

const STRINGS = {
  en: {
    title: (n: string) => `Z-report no. ${n}`,
    counter: 'Counter',
    agent: 'Agent',
    opened: 'Opened',
    closed: 'Closed',
    businessDay: 'Business day',
    sold: 'Sales',
    bookings: 'Bookings',
    passengers: 'Tickets',
    retail: 'Retail revenue',
    net: 'NET cost',
    margin: 'Margin',
    byOperator: 'By operator',
    byRoute: 'By route',
    cash: 'Cash',
    float: 'Opening float',
    sales: 'Cash sales',
    held: 'Held for unconfirmed sales',
    payIns: 'Pay-ins',
    payOuts: 'Pay-outs',
    drops: 'Safe drops',
    expected: 'Expected in drawer',
    counted: 'Counted',
    variance: 'Variance',
    over: 'over',
    short: 'short',
    count: 'Count by denomination',
    movements: 'Cash movements',
    failed: 'Failed bookings',
    open: 'Not confirmed at close',
    reprints: 'Reprints',
    abandonedHolds: 'Holds not sold',
    comment: 'Comment',
    corrections: 'Corrections approved after close',
    approvedBy: (name: string) => `approved by ${name}`,
    covers: 'Covers journal up to entry',
    move: { pay_in: 'Pay-in', pay_out: 'Pay-out', safe_drop: 'Safe drop' },
    outsideMark: ' (WRITTEN OUTSIDE THE APP)',
    outside: (n: string) => `WRITTEN OUTSIDE THE APP: ${n} of this shift's entries. The figures below include them: check them before you sign.`,
    outsideMore: (n: string) => `… and ${n} more (Settings → Journal)`,
    printed: (at: string) => `Printed ${at}`,
  },
  ar: {
    title: (n: string) => `تقرير الإغلاق (Z) رقم ${n}`,
    counter: 'الشباك',
    agent: 'الموظف',
    opened: 'فتح الوردية',
    closed: 'إغلاق الوردية',
    businessDay: 'يوم العمل',
    sold: 'المبيعات',
    bookings: 'الحجوزات',
    passengers: 'التذاكر',
    retail: 'إيراد البيع',
    net: 'التكلفة الصافية',
    margin: 'الهامش',
    byOperator: 'حسب شركة النقل',
    byRoute: 'حسب الخط',
    cash: 'النقدية',
    float: 'عهدة البداية',
    sales: 'مبيعات نقدية',
    held: 'محتجز لمبيعات غير مؤكدة',
    payIns: 'إيداعات',
    payOuts: 'مصروفات',
    drops: 'توريد للخزينة',
    expected: 'المتوقع في الدرج',
    counted: 'المعدود',
    variance: 'الفرق',
    over: 'زيادة',
    short: 'عجز',
    count: 'العد حسب الفئة',
    movements: 'حركات النقدية',
    failed: 'حجوزات فاشلة',
    open: 'غير مؤكدة عند الإغلاق',
    reprints: 'إعادات الطباعة',
    abandonedHolds: 'حجوزات مؤقتة لم تُبع',
    comment: 'ملاحظة',
    corrections: 'تصحيحات معتمدة بعد الإغلاق',
    approvedBy: (name: string) => `اعتمدها ${name}`,
    covers: 'يغطي اليومية حتى القيد',
    move: { pay_in: 'إيداع', pay_out: 'مصروف', safe_drop: 'توريد للخزينة' },
    outsideMark: ' (كُتبت خارج البرنامج)',
    outside: (n: string) => `كُتبت خارج البرنامج: ${n} من قيود هذه الوردية. الأرقام أدناه تشملها: راجعها قبل التوقيع.`,
    outsideMore: (n: string) => `… و${n} غيرها (الإعدادات ← السجل)`,
    printed: (at: string) => `طُبع ${at}`,
  },
} as const;

export interface ZReportPdfOptions extends ReportPaperOptions {
  printedAt: Date;
  /** Arabic paper names cities and operators in Arabic where the reference data knows them. */
  names?: ArabicNames | undefined;
}

export function renderZReport(view: ZReportView, o: ZReportPdfOptions): Promise<RenderedPage> {
  const z = view.report;
  const s = STRINGS[o.lang];
  const money = (minor: number) => formatMoney(minor, o.lang);
  const count = (n: number) => formatCount(n, o.lang);
  const title = s.title(count(z.zNumber));
  const arabic = o.lang === 'ar' ? o.names : undefined;
  const retired = view.retired?.counterId;
  return renderPage(o.paper, o.lang, { title: retired ? `${retired} ${title}` : title, author: z.stationName, environment: z.environment }, (p) => {
    const end = { align: 'end' as const };
    const labelWidth = p.w * 0.55;
    const amount = (label: string, minor: number, bold = false) =>
      p.row(label, money(minor), { labelWidth, value: { ...end, bold }, label: { bold } });
    reportHead(p, o, { environment: z.environment, stationName: z.stationName, title, retiredCounter: retired });
    p.row(s.counter, ltr(z.counterId.slice(0, 12)));
    p.row(s.agent, z.agent.name);
    p.row(s.businessDay, ltr(localDigits(z.businessDay, o.lang)));
    p.row(s.opened, formatCairo(z.openedAt, o.lang));
    p.row(s.closed, formatCairo(z.closedAt, o.lang));
    p.rule(0.75, true);
    if (z.writtenOutside?.length) {
      p.line(s.outside(count(z.writtenOutside.length)), { size: p.size(0.95), bold: true }, p.size(0.1));
      for (const e of z.writtenOutside.slice(0, Z_OUTSIDE_NAMED)) p.line(ltr(`#${e.seq} ${e.type}`), { size: p.size(0.85) });
      const more = z.writtenOutside.length - Z_OUTSIDE_NAMED;
      if (more > 0) p.line(s.outsideMore(count(more)), { size: p.size(0.85) });
      p.rule(0.75, true);
    }

    p.line(s.sold, { size: p.size(1.05), bold: true }, p.size(0.2));
    p.row(s.bookings, count(z.bookings), { labelWidth, value: end });
    p.row(s.passengers, count(z.passengers), { labelWidth, value: end });
    amount(s.retail, z.retailMinor);
    amount(s.net, z.netMinor);
    amount(s.margin, z.marginMinor, true);
    for (const [heading, lines] of [
      [s.byOperator, z.byOperator.map((l) => ({ name: (arabic?.operator(l.operatorId) ?? l.operatorName) || '—', ...l }))],
      [s.byRoute, z.byRoute.map((l) => ({ name: arabic ? rewordRoute(l.route, arabic.cityNamed, readingArrow('ar')) : l.route, ...l }))],
    ] as const) {
      if (lines.length === 0) continue;
      p.gap(0.3);
      p.line(heading, { size: p.size(0.95), bold: true }, p.size(0.1));
      for (const l of lines) p.split(`${l.name}${partsSeparator(o.lang)}${count(l.passengers)}`, money(l.retailMinor), p.w * 0.4, { size: p.size(0.9) });
    }
    p.rule(0.75, true);

    const c = z.cash;
    p.line(s.cash, { size: p.size(1.05), bold: true }, p.size(0.2));
    amount(s.float, c.floatMinor);
    amount(s.sales, c.salesMinor);
    if (c.heldForOpenSalesMinor !== 0) amount(s.held, c.heldForOpenSalesMinor);
    amount(s.payIns, c.payInsMinor);
    amount(`− ${s.payOuts}`, c.payOutsMinor);
    amount(`− ${s.drops}`, c.dropsMinor);
    if (c.refundsMinor) amount(`− ${REFUNDS_STRINGS[o.lang].refunds}`, c.refundsMinor);
    amount(s.expected, c.expectedMinor, true);
    amount(s.counted, c.countedMinor, true);
    const variance = varianceOf(c.varianceMinor);
    const direction = variance.kind === 'even' ? '' : ` (${s[variance.kind]})`;
    p.row(`${s.variance}${direction}`, money(variance.amountMinor), { labelWidth, value: { ...end, bold: true }, label: { bold: true } });
    p.gap(0.3);
    p.line(s.count, { size: p.size(0.95), bold: true }, p.size(0.1));
    for (const d of DENOMINATIONS) {
      const n = c.count[`${d}`] ?? 0;
      if (n > 0) p.split(`${count(n)} × ${money(d)}`, money(n * d), p.w * 0.4, { size: p.size(0.9) });
    }
    if (z.movements.length > 0) {
      p.gap(0.3);
      p.line(s.movements, { size: p.size(0.95), bold: true }, p.size(0.1));
      for (const m of z.movements) p.split(`${s.move[m.kind]}: ${m.reason}${m.writtenOutside ? s.outsideMark : ''}`, money(m.amountMinor), p.w * 0.4, { size: p.size(0.9), bold: m.writtenOutside === true });
    }
    p.rule(0.75, true);
    if (z.refunds) refundsSection(p, o.lang, z.refunds);

    p.row(s.failed, count(z.failed.length), { labelWidth, value: end });
    for (const f of z.failed) p.split(ltr(f.bookingReference ?? f.saleId.slice(0, 8)), money(f.retailMinor), p.w * 0.4, { size: p.size(0.9) });
    p.row(s.open, count(z.open.length), { labelWidth, value: end });
    for (const f of z.open) p.split(ltr(f.bookingReference ?? f.saleId.slice(0, 8)), money(f.retailMinor), p.w * 0.4, { size: p.size(0.9) });
    p.row(s.reprints, count(z.reprints), { labelWidth, value: end });
    p.row(s.abandonedHolds, count(z.abandonedHolds ?? 0), { labelWidth, value: end });
    if (z.comment) p.row(s.comment, z.comment);
    if (view.corrections.length > 0) {
      p.rule(0.75, true);
      p.line(s.corrections, { size: p.size(0.95), bold: true }, p.size(0.1));
      for (const k of view.corrections) {
        p.split(`${k.reason} · ${s.approvedBy(k.approvedBy.name)}`, money(k.amountMinor), p.w * 0.4, { size: p.size(0.9) });
      }
    }
    p.rule(1);
    p.line(`${s.covers} ${ltr(`#${z.coversSeq} ${z.coversHash.slice(0, 16)}`)}`, { size: p.size(0.8) });
    p.line(s.printed(formatCairo(o.printedAt, o.lang)), { size: p.size(0.8) });
  });
}
