import type { Locale } from './index.ts';

// Money and time are formatted only here, at the edge. Money is an integer of piastres.

const money = new Map<Locale, Intl.NumberFormat>();

export function formatMoney(minor: number, locale: Locale): string {
  let f = money.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale === 'ar' ? 'ar-EG' : 'en-EG', { style: 'currency', currency: 'EGP' });
    money.set(locale, f);
  }
  return f.format(minor / 100);
}

/** "23:30" from `2026-07-01T23:30:00+03:00`: the wall-clock digits as printed on the ticket. */
export function wallClockTime(iso: string): string {
  return iso.slice(11, 16);
}

/** The local date of an API date-time string, as written in it (never converted). */
export function wallClockDate(iso: string): string {
  return iso.slice(0, 10);
}

/** A service timestamp (UTC) in Cairo time as its date and its time (a narrow table puts them on two lines). */
export function cairoDateAndTime(isoUtc: string, locale: Locale): { date: string; time: string } {
  const tag = locale === 'ar' ? 'ar-EG' : 'en-GB';
  const at = new Date(isoUtc);
  return {
    date: new Intl.DateTimeFormat(tag, { timeZone: 'Africa/Cairo', dateStyle: 'medium' }).format(at),
    time: new Intl.DateTimeFormat(tag, { timeZone: 'Africa/Cairo', timeStyle: 'short' }).format(at),
  };
}

/** A service timestamp (UTC) shown in Cairo time. */
export function formatCairo(isoUtc: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'ar' ? 'ar-EG' : 'en-GB', {
    timeZone: 'Africa/Cairo',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(isoUtc));
}
