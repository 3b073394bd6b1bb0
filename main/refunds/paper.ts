// The refunds block on paper (Z-report, day report, station report): how many, how much, claimable
// or not, and for a day the cash net of refunds and the wallet adjustments received.
import type { DayRefunds, RefundsBlock } from '../../contract/refunds.ts';
import { formatMoney, formatNumber, partsSeparator } from '../../core/format.ts';
import { plainPounds } from '../../core/money.ts';
import type { Painter } from '../printing/layout.ts';

export const REFUNDS_STRINGS = {
  en: {
    refunds: 'Refunds',
    count: 'Refunds paid',
    tickets: 'Tickets refunded',
    amount: 'Cash refunded',
    claimable: 'Claimable (trip cancelled)',
    notClaimable: 'Not claimable (station’s choice)',
    netCash: 'Cash received net of refunds',
    adjustmentsRef: 'Adjustments received for bookings',
    adjustmentsNoRef: 'Adjustments without a booking',
  },
  ar: {
    refunds: 'المردودات',
    count: 'عمليات الرد',
    tickets: 'التذاكر المردودة',
    amount: 'المبالغ المردودة نقدًا',
    claimable: 'قابلة للمطالبة (رحلة ملغاة)',
    notClaimable: 'غير قابلة للمطالبة (بقرار المحطة)',
    netCash: 'النقدية المحصلة بعد المردودات',
    adjustmentsRef: 'تسويات واردة عن حجوزات',
    adjustmentsNoRef: 'تسويات بدون رقم حجز',
  },
} as const;

type Lang = keyof typeof REFUNDS_STRINGS;

/** The block as label/value rows under a heading; nothing when there was no refund and no adjustment. */
export function refundsSection(p: Painter, lang: Lang, block: RefundsBlock, day?: DayRefunds): void {
  if (block.count === 0 && !day?.adjustments.count) return;
  const s = REFUNDS_STRINGS[lang];
  const money = (minor: number) => formatMoney(minor, lang);
  const count = (n: number) => formatNumber(n, lang);
  const labelWidth = p.w * 0.58;
  const row = (label: string, value: string, bold = false) => p.row(label, value, { labelWidth, value: { align: 'end', bold }, label: { bold } });
  p.line(s.refunds, { size: p.size(1.05), bold: true }, p.size(0.2));
  row(s.count, count(block.count));
  row(s.tickets, count(block.tickets));
  row(s.amount, money(block.amountMinor), true);
  const sep = partsSeparator(lang);
  row(`${s.claimable}${sep}${count(block.claimable.count)}`, money(block.claimable.amountMinor));
  row(`${s.notClaimable}${sep}${count(block.notClaimable.count)}`, money(block.notClaimable.amountMinor));
  if (day) {
    row(s.netCash, money(day.netCashMinor), true);
    row(s.adjustmentsRef, money(day.adjustments.withReferenceMinor));
    row(s.adjustmentsNoRef, money(day.adjustments.withoutReferenceMinor));
  }
  p.rule(0.75, true);
}

/** The same block as CSV rows (amounts in pounds, for Excel: core/money.ts plainPounds, as every CSV writes them). */
export function refundsCsvRows(day: DayRefunds, lang: Lang): (string | number)[][] {
  const s = REFUNDS_STRINGS[lang];
  const b = day.paid;
  return [
    [],
    [s.refunds],
    [s.count, b.count],
    [s.tickets, b.tickets],
    [s.amount, plainPounds(b.amountMinor)],
    [s.claimable, b.claimable.count, plainPounds(b.claimable.amountMinor)],
    [s.notClaimable, b.notClaimable.count, plainPounds(b.notClaimable.amountMinor)],
    [s.netCash, plainPounds(day.netCashMinor)],
    [s.adjustmentsRef, plainPounds(day.adjustments.withReferenceMinor)],
    [s.adjustmentsNoRef, plainPounds(day.adjustments.withoutReferenceMinor)],
  ];
}
