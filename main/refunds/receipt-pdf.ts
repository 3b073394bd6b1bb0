// The refund receipt (issue 23): on the receipt printer (80 mm or A4), in Arabic or English,
// through the same page layout as the customer receipt (main/printing/layout.ts). It names the
// booking, the travellers refunded, the amount paid back, the agent, and leaves a line for the
// traveller's signature: the station's proof that the cash left the drawer.
import type { CounterEnvironment } from '../../contract/counter.ts';
import type { RefundView } from '../../contract/refunds.ts';
import { formatCairo, formatMoney, formatNumber } from '../../core/format.ts';
import { routeOf } from '../../core/route.ts';
import { ltr } from '../../lib/pdf/index.ts';
import { RECEIPT_STRINGS, type ReceiptLanguage } from '../printing/format.ts';
import { renderPage, type Painter, type Paper, type RenderedPage } from '../printing/layout.ts';
import { reportHead } from '../reports/report-paper.ts';

export interface RefundReceiptData {
  refund: RefundView;
  environment: CounterEnvironment;
  station: string;
  /** A city's name in the receipt's language (the reference data's), or null: the name recorded at the sale. */
  cityName?: (cityId: string) => string | null;
}

export interface RefundReceiptOptions {
  paper: Paper;
  lang: ReceiptLanguage;
  copy: boolean;
}

const STRINGS = {
  en: {
    title: 'Refund receipt',
    cancelled: 'The operator cancelled this departure',
    station: 'Refund given by the station',
    refundNo: 'Refund no.',
    date: 'Date',
    agent: 'Agent',
    approvedBy: 'Approved by',
    reason: 'Reason',
    journey: 'Journey',
    tickets: (n: string) => `Tickets refunded (${n})`,
    paid: 'Paid for these tickets',
    kept: 'Kept under the station policy',
    refunded: 'Cash refunded',
    signature: "Traveller's signature",
    received: 'I received the amount above in cash.',
    seat: (s: string) => `Seat ${s}`,
  },
  ar: {
    title: 'إيصال رد قيمة',
    cancelled: 'ألغت شركة النقل هذه الرحلة',
    station: 'رد قيمة بقرار من المحطة',
    refundNo: 'رقم الرد',
    date: 'التاريخ',
    agent: 'الموظف',
    approvedBy: 'بموافقة',
    reason: 'السبب',
    journey: 'الرحلة',
    tickets: (n: string) => `التذاكر المردودة (${n})`,
    paid: 'المدفوع في هذه التذاكر',
    kept: 'المحتجز حسب سياسة المحطة',
    refunded: 'المبلغ المردود نقدًا',
    signature: 'توقيع المسافر',
    received: 'استلمت المبلغ المذكور أعلاه نقدًا.',
    seat: (s: string) => `مقعد ${s}`,
  },
} as const;

export function renderRefundReceipt(data: RefundReceiptData, opts: RefundReceiptOptions): Promise<RenderedPage> {
  const s = STRINGS[opts.lang];
  return renderPage(opts.paper, opts.lang, { title: `${s.title} ${data.refund.bookingReference}`, author: data.station, environment: data.environment }, (p) => draw(p, data, opts));
}

function draw(p: Painter, d: RefundReceiptData, o: RefundReceiptOptions): void {
  const { lang } = o;
  const s = STRINGS[lang];
  const r = RECEIPT_STRINGS[lang];
  const money = (minor: number) => formatMoney(minor, lang, d.refund.currency);
  const refund = d.refund;

  reportHead(p, o, { environment: d.environment, stationName: d.station, title: s.title });
  p.row(s.date, formatCairo(refund.at, lang, 'paper'));
  p.row(s.agent, refund.agentName);
  p.row(s.refundNo, ltr(refund.refundId.slice(0, 8).toUpperCase()));
  p.rule(0.75, true);

  p.line(r.bookingReference, { size: p.size(0.95), align: 'center' });
  p.line(ltr(refund.bookingReference), { size: p.size(1.75), bold: true, align: 'center', lineHeight: 1.25 });
  p.line(refund.cause === 'cancelled' ? s.cancelled : s.station, { size: p.size(1), bold: true, align: 'center' });
  p.row(s.journey, refund.journey ? routeOf(refund.journey, { nameOf: d.cityName, arrow: r.arrow }) : refund.route);
  if (refund.approvedBy) p.row(s.approvedBy, refund.approvedBy);
  if (refund.reason) p.row(s.reason, refund.reason);
  p.rule(0.75, true);

  p.line(s.tickets(formatNumber(refund.passengerIndexes.length, lang)), { size: p.size(1), bold: true }, p.size(0.15));
  for (const t of refund.travellers) p.split(t.name, t.seat ? s.seat(ltr(t.seat)) : '', p.w * 0.3);
  p.rule(1);

  const labelWidth = p.w * 0.55;
  const end = { align: 'end' as const };
  if (refund.keptMinor > 0) {
    p.row(s.paid, money(refund.retailMinor), { labelWidth, value: end });
    p.row(s.kept, money(refund.keptMinor), { labelWidth, value: end });
  }
  p.row(s.refunded, money(refund.amountMinor), {
    labelWidth,
    label: { size: p.size(1.3), bold: true, lineHeight: 1.3 },
    value: { size: p.size(1.3), bold: true, lineHeight: 1.3, ...end },
  });
  p.rule(1);

  p.line(s.received, { size: p.size(0.95) });
  p.gap(3);
  p.rule(0.75);
  p.line(s.signature, { size: p.size(0.9), align: 'center' });
}
