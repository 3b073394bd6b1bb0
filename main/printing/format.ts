// Words and the departure of the customer receipt and the test page, in Arabic and English.
//
// Money and service instants (when the sale was made, when a copy was printed) are formatted by
// core/format.ts: money as on the agent's screen, instants in its `paper` style. The departure is written with the digits of the API's
// ISO string (its local wall clock, Western digits, exactly as on the operator's ticket): never
// converted through a time zone.
import type { TicketLanguage } from '../../contract/counter.ts';
import { formatDate, parseLocal } from '../../core/wall-clock.ts';
import { readingArrow } from '../../core/route.ts';

export { formatClass } from '../../core/wall-clock.ts';

export type ReceiptLanguage = TicketLanguage;

export interface Departure {
  /** "Wed 1 Jul 2026" / "الأربعاء 1 يوليو 2026" (held together by no-break spaces). */
  date: string;
  /** "23:30": the digits of the ISO string. */
  time: string;
}

/** The wall-clock date and time written in an API date-time, or null when it is not one. */
export function formatDeparture(iso: string | null, lang: ReceiptLanguage): Departure | null {
  const t = iso ? parseLocal(iso) : null;
  return t && { date: formatDate(t, lang, { short: true, nbsp: true }), time: t.time };
}

export interface ReceiptStrings {
  title: string;
  copy: string;
  training: string;
  sandbox: string;
  date: string;
  agent: string;
  receiptNo: string;
  bookingReference: string;
  operatorReference: string;
  departure: string;
  operator: string;
  seatClass: string;
  passengers: (n: string) => string;
  seat: (s: string) => string;
  seatAtBoarding: string;
  tickets: string;
  total: string;
  cash: string;
  change: string;
  separately: string;
  keep: string;
  reprinted: (at: string) => string;
  /** The arrow between origin and destination, pointing along the reading direction. */
  arrow: string;
}

// Arabic without harakat, as on Egyptian signage (text extraction splits detached marks).
export const RECEIPT_STRINGS: Record<ReceiptLanguage, ReceiptStrings> = {
  en: {
    title: 'Customer receipt',
    copy: 'COPY',
    training: 'TRAINING — NOT A REAL SALE',
    sandbox: 'SANDBOX — NOT A REAL SALE',
    date: 'Date',
    agent: 'Agent',
    receiptNo: 'Receipt no.',
    bookingReference: 'Booking reference',
    operatorReference: 'Operator booking no.',
    departure: 'Departure',
    operator: 'Operator',
    seatClass: 'Class',
    passengers: (n) => `Passengers (${n})`,
    seat: (s) => `Seat ${s}`,
    seatAtBoarding: 'Seat at boarding',
    tickets: 'Tickets',
    total: 'Total',
    cash: 'Cash received',
    change: 'Change',
    separately: 'Your tickets are printed separately.',
    keep: 'Please keep this receipt.',
    reprinted: (at) => `Copy printed ${at}`,
    arrow: readingArrow('en'),
  },
  ar: {
    title: 'إيصال العميل',
    copy: 'نسخة',
    training: 'تدريب — ليست عملية بيع حقيقية',
    sandbox: 'بيئة اختبار — ليست عملية بيع حقيقية',
    date: 'التاريخ',
    agent: 'الموظف',
    receiptNo: 'رقم الإيصال',
    bookingReference: 'رقم الحجز',
    operatorReference: 'رقم حجز شركة النقل',
    departure: 'موعد القيام',
    operator: 'شركة النقل',
    seatClass: 'الدرجة',
    passengers: (n) => `المسافرون (${n})`,
    seat: (s) => `مقعد ${s}`,
    seatAtBoarding: 'المقعد عند الركوب',
    tickets: 'التذاكر',
    total: 'الإجمالي',
    cash: 'المبلغ المستلم نقدا',
    change: 'الباقي',
    separately: 'تطبع التذاكر منفصلة.',
    keep: 'برجاء الاحتفاظ بهذا الإيصال.',
    reprinted: (at) => `نسخة مطبوعة في ${at}`,
    arrow: readingArrow('ar'),
  },
};
