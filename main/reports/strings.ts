// The words of the station day report on paper and in CSV, Arabic and English (the screen's are
// in renderer/src/i18n/messages/reports.ts).
import type { UnmatchedReason } from '../../contract/reports.ts';

export interface DayReportStrings {
  title: string;
  date: string;
  counters: string;
  made: string;
  sales: string;
  seats: string;
  retail: string;
  net: string;
  margin: string;
  cash: string;
  change: string;
  failed: string;
  pending: string;
  shifts: string;
  shift: (z: number | null, implicit: boolean) => string;
  agent: string;
  opened: string;
  closed: string;
  float: string;
  counted: string;
  byHour: string;
  hour: string;
  bookings: string;
  wallet: string;
  opening: string;
  closing: string;
  matchedDebits: string;
  matchedReversals: string;
  topup: string;
  adjustment: string;
  unmatched: string;
  allMatched: string;
  notRead: string;
  side: { wallet: string; journal: string };
  why: Record<UnmatchedReason, string>;
  booking: string;
  amount: string;
  reason: string;
  /** The whole station's day (every counter shipping to the station database). */
  station: {
    title: string;
    id: string;
    environment: string;
    byCounter: string;
    byAgent: string;
    total: string;
    /** Table heads: the amounts are plain numbers of pounds, the currency said once in the heading. */
    col: { who: string; sales: string; retail: string; net: string; cash: string; failed: string };
    noSales: string;
    /** The rows this report covers did not all verify ({count}: how many problems). */
    notVerified: string;
  };
  counter: string;
  /** A report of a retired counter's journal ({counter}: its id), on its head. */
  retired: string;
  /** A day report printed again with other figures: `{at}` the earlier print's time. */
  revises: string;
  /** The accountant's file: one line per sale of the day. */
  perSale: {
    col: { time: string; counter: string; agent: string; booking: string; route: string; departure: string; passengers: string; retail: string; net: string; margin: string; tendered: string; change: string; status: string };
    status: Record<'sending' | 'unknown' | 'pending' | 'confirmed' | 'failed', string>;
  };
}

export const DAY_REPORT_STRINGS: Record<'ar' | 'en', DayReportStrings> = {
  en: {
    title: 'Station day report',
    date: 'Day',
    counters: 'Counters',
    made: 'Made',
    sales: 'Sales',
    seats: 'Tickets',
    retail: 'Retail revenue',
    net: 'NET cost',
    margin: 'Margin',
    cash: 'Cash taken',
    change: 'Change given',
    failed: 'Failed bookings',
    pending: 'Pending or unanswered',
    shifts: 'Shifts',
    shift: (z, implicit) => (implicit ? 'Day shift (before agents)' : z === null ? 'Open shift' : `Z no. ${z}`),
    agent: 'Agent',
    opened: 'Opened',
    closed: 'Closed',
    float: 'Float',
    counted: 'Counted',
    byHour: 'Sales by hour (Cairo time)',
    hour: 'Hour',
    bookings: 'Bookings',
    wallet: 'Wallet reconciliation',
    opening: 'Balance at the day’s start',
    closing: 'Balance at the day’s end',
    matchedDebits: 'Debits matched to confirmed sales',
    matchedReversals: 'Failed sales charged and credited back',
    topup: 'Top-up',
    adjustment: 'Adjustment',
    unmatched: 'Not matched',
    allMatched: 'Every wallet line and every sale of the day is matched.',
    notRead: 'The wallet statement could not be read',
    side: { wallet: 'Wallet statement', journal: 'Journal' },
    why: {
      booked_outside: 'Booked outside this counter (same account)',
      debit_missing: 'No debit on the wallet for this sale',
      reversal_missing: 'Charged for a failed sale, not credited back yet',
      amount_differs: 'The amount differs from the sale’s NET',
      pending_at_close: 'Still pending when the report was made',
      other_day: 'A sale of another day',
    },
    booking: 'Booking',
    amount: 'Amount',
    reason: 'Why',
    station: {
      title: 'Station day report, all counters',
      id: 'Station',
      environment: 'Environment',
      byCounter: 'By counter (amounts in EGP)',
      byAgent: 'By agent (amounts in EGP)',
      total: 'Station',
      col: { who: '', sales: 'Sold', retail: 'Retail', net: 'NET', cash: 'Cash', failed: 'Failed' },
      noSales: 'No sales this day.',
      notVerified: 'NOT VERIFIED: {count} problems in the rows this report covers (changed, missing, foreign, or written outside the app at their counter). These figures are not clean.',
    },
    counter: 'counter',
    retired: 'RETIRED COUNTER {counter} — its journal, kept read-only; not this counter’s',
    revises: 'REVISED — the figures differ from the print of {at}',
    perSale: {
      col: { time: 'Time (Cairo)', counter: 'Counter', agent: 'Agent', booking: 'Booking reference', route: 'Route', departure: 'Departure', passengers: 'Passengers', retail: 'Retail (EGP)', net: 'NET (EGP)', margin: 'Margin (EGP)', tendered: 'Cash tendered (EGP)', change: 'Change (EGP)', status: 'Status' },
      status: { sending: 'being sent', unknown: 'no answer yet', pending: 'pending', confirmed: 'confirmed', failed: 'failed' },
    },
  },
  ar: {
    title: 'تقرير اليوم للمحطة',
    date: 'اليوم',
    counters: 'الشبابيك',
    made: 'أُعد في',
    sales: 'المبيعات',
    seats: 'التذاكر',
    retail: 'إيراد البيع',
    net: 'التكلفة الصافية',
    margin: 'الهامش',
    cash: 'النقدية المحصلة',
    change: 'الباقي المردود',
    failed: 'حجوزات فاشلة',
    pending: 'معلقة أو بلا رد',
    shifts: 'الورديات',
    shift: (z, implicit) => (implicit ? 'وردية اليوم (قبل الموظفين)' : z === null ? 'وردية مفتوحة' : `تقرير رقم ${z}`),
    agent: 'الموظف',
    opened: 'الفتح',
    closed: 'الإغلاق',
    float: 'العهدة',
    counted: 'المعدود',
    byHour: 'المبيعات حسب الساعة (بتوقيت القاهرة)',
    hour: 'الساعة',
    bookings: 'الحجوزات',
    wallet: 'مطابقة المحفظة',
    opening: 'الرصيد في بداية اليوم',
    closing: 'الرصيد في نهاية اليوم',
    matchedDebits: 'خصومات مطابقة لمبيعات مؤكدة',
    matchedReversals: 'مبيعات فاشلة خُصمت ثم رُدّت',
    topup: 'شحن',
    adjustment: 'تسوية',
    unmatched: 'غير مطابق',
    allMatched: 'كل سطور المحفظة وكل مبيعات اليوم مطابقة.',
    notRead: 'تعذرت قراءة كشف المحفظة',
    side: { wallet: 'كشف المحفظة', journal: 'اليومية' },
    why: {
      booked_outside: 'حُجز خارج هذا الشباك (الحساب نفسه)',
      debit_missing: 'لا يوجد خصم في المحفظة لهذا البيع',
      reversal_missing: 'خُصم لبيع فاشل ولم يُرد بعد',
      amount_differs: 'المبلغ يختلف عن صافي البيع',
      pending_at_close: 'ما زال معلقًا عند إعداد التقرير',
      other_day: 'بيع من يوم آخر',
    },
    booking: 'الحجز',
    amount: 'المبلغ',
    reason: 'السبب',
    station: {
      title: 'تقرير اليوم للمحطة، كل الشبابيك',
      id: 'المحطة',
      environment: 'البيئة',
      byCounter: 'حسب الشباك (المبالغ بالجنيه)',
      byAgent: 'حسب الموظف (المبالغ بالجنيه)',
      total: 'المحطة',
      col: { who: '', sales: 'مبيعات', retail: 'البيع', net: 'الصافي', cash: 'النقدية', failed: 'فاشلة' },
      noSales: 'لا مبيعات في هذا اليوم.',
      notVerified: 'غير موثّق: {count} مشكلة في الصفوف التي يغطيها هذا التقرير (مُغيَّرة أو ناقصة أو دخيلة أو مكتوبة خارج البرنامج في شباكها). هذه الأرقام ليست سليمة.',
    },
    counter: 'الشباك',
    retired: 'شباك موقوف {counter} — سجله محفوظ للقراءة فقط، وليس سجل هذا الشباك',
    revises: 'نسخة مُعدَّلة — الأرقام تختلف عن المطبوع في {at}',
    perSale: {
      col: { time: 'الوقت (القاهرة)', counter: 'الشباك', agent: 'الموظف', booking: 'رقم الحجز', route: 'الخط', departure: 'موعد القيام', passengers: 'الركاب', retail: 'سعر البيع (جنيه)', net: 'الصافي (جنيه)', margin: 'الهامش (جنيه)', tendered: 'النقدية المستلمة (جنيه)', change: 'الباقي (جنيه)', status: 'الحالة' },
      status: { sending: 'قيد الإرسال', unknown: 'لا رد بعد', pending: 'قيد التأكيد', confirmed: 'مؤكد', failed: 'فشل' },
    },
  },
};
