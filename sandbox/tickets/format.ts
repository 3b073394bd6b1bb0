// Dates, times and words of the ticket in English and Arabic. Dates and times are read
// straight from the digits of the ISO string (its local wall clock): never through a time
// zone, so 2026-07-01T23:30:00+03:00 is 23:30 on 1 July wherever the server runs.
//
// Arabic wording without harakat (as on Egyptian signage and tickets): text extractors and
// screen readers split words at detached marks such as tanween.
//
// Digits: Western (0-9) in both languages. Egyptian tickets use either; Western digits keep
// the time identical to the operator's own printed ticket and boarding screens, to the
// booking and ticket codes (which are always Western), and to the English copy, so a
// passenger, a counter agent and a driver compare the same characters.
import type { TicketLanguage } from './types.ts';

import { formatDate, type LocalDateTime } from '../../core/wall-clock.ts';

export { formatClass, formatDate, parseLocal, type LocalDateTime } from '../../core/wall-clock.ts';

function previousDay(t: LocalDateTime): { year: number; month: number; day: number } {
  const d = new Date(Date.UTC(t.year, t.month - 1, t.day - 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** "Monday 14 December" held together by no-break spaces, so a wrapped line never splits it. */
function shortDate(t: { year: number; month: number; day: number }, lang: TicketLanguage): string {
  return formatDate(t, lang, { year: false, nbsp: true });
}

/** 12-hour reading of the time, the way it is said at the counter: "11:30 PM" / "11:30 مساءً". */
export function formatClock12(t: LocalDateTime, lang: TicketLanguage): string {
  const h12 = t.hour % 12 === 0 ? 12 : t.hour % 12;
  const mm = String(t.minute).padStart(2, '0');
  if (lang === 'ar') {
    const part = t.hour < 12 ? 'صباحا' : 'مساء';
    return `${h12}:${mm} ${part}`;
  }
  return `${h12}:${mm} ${t.hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * For departures between midnight and 05:00, the night they belong to in everyday speech
 * ("the night of Tuesday to Wednesday"), a common cause of missed coaches. Null otherwise.
 */
export function nightHint(t: LocalDateTime, lang: TicketLanguage): string | null {
  if (t.hour >= 5) return null;
  const before = shortDate(previousDay(t), lang);
  const on = shortDate(t, lang);
  return lang === 'ar'
    ? `بعد منتصف الليل: ليلة ${before} على ${on}`
    : `After midnight: the night of ${before} to ${on}`;
}

/** Google Maps link for verified coordinates, or null. */
export function mapLink(latitude: number | null, longitude: number | null): string | null {
  if (latitude === null || longitude === null || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  const c = (n: number) => String(Number(n.toFixed(6)));
  return `https://www.google.com/maps?q=${c(latitude)},${c(longitude)}`;
}

export interface TicketStrings {
  title: string;
  bookingReference: string;
  traveller: (n: number) => string;
  ticketNumber: string;
  seat: string;
  seatAtBoarding: string;
  from: string;
  to: string;
  departure: string;
  arrival: string;
  arrivalUnknown: string;
  boardingPoint: string;
  stationUnknown: string;
  map: string;
  operator: string;
  seatClass: string;
  operatorReference: string;
  eTicket: string;
  eTicketCaption: string;
  noETicket: string;
  beforeTravel: string;
  collect: (operator: string) => string;
  showThis: (operatorRef: string) => string;
  bookedThrough: (partner: string) => string;
  sandbox: string;
  notValid: string;
  cancelled: string;
  notice: string;
  version: (v: string) => string;
}

export const STRINGS: Record<TicketLanguage, TicketStrings> = {
  en: {
    title: 'Coach ticket',
    bookingReference: 'Booking reference',
    traveller: (n) => `Passenger ${n}`,
    ticketNumber: 'Ticket number',
    seat: 'Seat',
    seatAtBoarding: 'Assigned at boarding',
    from: 'From',
    to: 'To',
    departure: 'Departure',
    arrival: 'Arrival',
    arrivalUnknown: 'Not published by the operator',
    boardingPoint: 'Boarding point',
    stationUnknown: 'Station to be confirmed by the operator',
    map: 'Map',
    operator: 'Operator',
    seatClass: 'Class',
    operatorReference: 'Operator booking no.',
    eTicket: 'Operator e-ticket',
    eTicketCaption: 'Show this code when boarding',
    noETicket: 'This operator issues no e-ticket. Your printed ticket is handed to you at the boarding point.',
    beforeTravel: 'Before you travel',
    collect: (op) => `Collect your printed ${op} ticket at the boarding point, free of charge.`,
    showThis: (ref) => `Show this page or the operator booking number ${ref} at the operator's counter.`,
    bookedThrough: (p) => `Booked through ${p} and paid.`,
    sandbox: 'NOT VALID FOR TRAVEL — SANDBOX',
    notValid: 'NOT VALID FOR TRAVEL',
    cancelled: 'DEPARTURE CANCELLED — DO NOT TRAVEL',
    notice: 'Notice',
    version: (v) => `Ticket version ${v}`,
  },
  ar: {
    title: 'تذكرة سفر بالأتوبيس',
    bookingReference: 'رقم الحجز',
    traveller: (n) => `المسافر رقم ${n}`,
    ticketNumber: 'رقم التذكرة',
    seat: 'المقعد',
    seatAtBoarding: 'يحدد عند الركوب',
    from: 'من',
    to: 'إلى',
    departure: 'موعد القيام',
    arrival: 'موعد الوصول',
    arrivalUnknown: 'لم تعلنه شركة النقل',
    boardingPoint: 'مكان الركوب',
    stationUnknown: 'تؤكد شركة النقل مكان الركوب',
    map: 'الخريطة',
    operator: 'شركة النقل',
    seatClass: 'الدرجة',
    operatorReference: 'رقم حجز الشركة',
    eTicket: 'التذكرة الإلكترونية للشركة',
    eTicketCaption: 'اعرض هذا الرمز عند الركوب',
    noETicket: 'لا تصدر هذه الشركة تذكرة إلكترونية. استلم تذكرتها المطبوعة من مكان الركوب.',
    beforeTravel: 'قبل السفر',
    collect: (op) => `استلم تذكرة ${op} المطبوعة من مكان الركوب مجانا.`,
    showThis: (ref) => `اعرض هذه الصفحة أو رقم حجز الشركة ${ref} على شباك الشركة.`,
    bookedThrough: (p) => `تم الحجز عن طريق ${p} وتم الدفع.`,
    sandbox: 'غير صالحة للسفر — نسخة تجريبية',
    notValid: 'غير صالحة للسفر',
    cancelled: 'تم إلغاء الرحلة — لا تسافر',
    notice: 'تنبيه',
    version: (v) => `إصدار التذكرة ${v}`,
  },
};
