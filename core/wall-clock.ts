// Departure and arrival times as the API writes them, on screen, tickets and receipts, in English
// and Arabic. They are read straight from the digits of the API's date-time (its local wall
// clock), never through a time zone: 2026-07-01T23:30:00+03:00 is 23:30 on 1 July wherever this
// runs, whatever the PC's zone.
import type { Language } from './format.ts';

export interface LocalDateTime {
  year: number;
  month: number; // 1..12
  day: number;
  hour: number;
  minute: number;
  /** "HH:MM" exactly as in the ISO string. */
  time: string;
}

const ISO_LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/;

/** "23:30" from `2026-07-01T23:30:00+03:00`: the wall-clock time as printed on the ticket. */
export function wallClockTime(iso: string): string {
  return iso.slice(11, 16);
}

/** "2026-07-01" from `2026-07-01T23:30:00+03:00`: the local date as written in it. */
export function wallClockDate(iso: string): string {
  return iso.slice(0, 10);
}

/** The wall-clock parts of an ISO 8601 timestamp, or null when it does not start like one. */
export function parseLocal(iso: string): LocalDateTime | null {
  const m = ISO_LOCAL.exec(iso);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m;
  return { year: Number(y), month: Number(mo), day: Number(d), hour: Number(h), minute: Number(mi), time: `${h}:${mi}` };
}

// Egyptian month names; Arabic has no customary short forms.
const MONTHS_AR = ['يناير', 'فبراير', 'مارس', 'أبريل', 'مايو', 'يونيو', 'يوليو', 'أغسطس', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'];
const DAYS_AR = ['الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة', 'السبت'];
const MONTHS_EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS_EN = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const NAMES: Record<Language, { months: string[]; days: string[]; monthsShort: string[]; daysShort: string[] }> = {
  en: { months: MONTHS_EN, days: DAYS_EN, monthsShort: MONTHS_EN.map((m) => m.slice(0, 3)), daysShort: DAYS_EN.map((d) => d.slice(0, 3)) },
  ar: { months: MONTHS_AR, days: DAYS_AR, monthsShort: MONTHS_AR, daysShort: DAYS_AR },
};

const NBSP = '\u00a0';

export interface DateStyle {
  /** "Wed 1 Jul" rather than "Wednesday 1 July" (English only). */
  short?: boolean;
  /** Include the year (default true). */
  year?: boolean;
  /** Hold the words together with no-break spaces so a wrapped line never splits the date. */
  nbsp?: boolean;
}

/** "Wednesday 1 July 2026" / "الأربعاء 1 يوليو 2026" (Western digits, as on the operator's ticket). */
export function formatDate(t: Pick<LocalDateTime, 'year' | 'month' | 'day'>, lang: Language, style: DateStyle = {}): string {
  const names = NAMES[lang];
  const wd = new Date(Date.UTC(t.year, t.month - 1, t.day)).getUTCDay();
  const parts = [(style.short ? names.daysShort : names.days)[wd], String(t.day), (style.short ? names.monthsShort : names.months)[t.month - 1]];
  if (style.year ?? true) parts.push(String(t.year));
  return parts.join(style.nbsp ? NBSP : ' ');
}

const CLASS_AR: Record<string, string> = {
  economy: 'اقتصادية',
  standard: 'عادية',
  deluxe: 'ديلوكس',
  elite: 'إيليت',
  business: 'بيزنس',
  premium: 'مميزة',
  first: 'الدرجة الأولى',
  vip: 'VIP',
};

/** Seat class as printed; Arabic names for the classes the operators use. */
export function formatClass(seatClass: string | null, lang: Language): string | null {
  if (seatClass === null || seatClass.trim() === '') return null;
  if (lang === 'ar') return CLASS_AR[seatClass.trim().toLowerCase()] ?? seatClass;
  return seatClass;
}

/**
 * The same instant moved by `hours`, written with the string's own UTC offset
 * (`2026-07-01T23:30:00+03:00` + 2 h → `2026-07-02T01:30:00+03:00`): the operator's local time
 * stays local, whatever the PC's zone.
 */
export function shiftWallClock(iso: string, hours: number): string {
  const m = /(Z|[+-]\d{2}:\d{2})$/.exec(iso);
  const ms = Date.parse(iso);
  if (!m || Number.isNaN(ms)) throw new RangeError(`Not an ISO 8601 date-time with an offset: ${iso}`);
  const offset = m[1]!;
  const offsetMinutes = offset === 'Z' ? 0 : (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
  const local = new Date(ms + hours * 3_600_000 + offsetMinutes * 60_000).toISOString().slice(0, 19);
  return `${local}${offset}`;
}
