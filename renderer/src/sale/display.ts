import { wallClockTime } from '../../../core/wall-clock.ts';
import { dateLocale, localDigits } from '../../../core/format.ts';
import type { Locale } from '../i18n/index.ts';

// Display helpers for the sale flow, pure and DOM-free (money and numbers: core/format.ts);
// departure/arrival strings are shown with the digits written in them, never converted through
// the PC's time zone (architecture.md, "Time and money on screen").

// Western digits in the UI's digits (times, dates, counts): one rule, core/format.ts.
export { localDigits };

/** "23:30" from "2026-07-01T23:30:00+03:00", in the UI's digits. */
export function clockTime(iso: string, locale: Locale): string {
  return localDigits(wallClockTime(iso), locale);
}

/** Days between two calendar dates "YYYY-MM-DD" (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(b + 'T00:00:00Z') - Date.parse(a + 'T00:00:00Z')) / 86_400_000);
}

/** +1 when the arrival's wall-clock date is the day after the departure's (as on the ticket). */
export function arrivalDayOffset(departureAt: string, arrivalAt: string | null): number {
  return arrivalAt ? daysBetween(departureAt.slice(0, 10), arrivalAt.slice(0, 10)) : 0;
}

const dayLabels = new Map<string, Intl.DateTimeFormat>();

/** "Wed 1 Jul" / "الأربعاء، ١ يوليو" for a calendar date, computed in UTC so no zone can shift it. */
export function formatDay(date: string, locale: Locale, withYear = false): string {
  const key = `${dateLocale(locale)}:${withYear}`;
  let f = dayLabels.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(dateLocale(locale), {
      timeZone: 'UTC',
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      ...(withYear ? { year: 'numeric' } : {}),
    });
    dayLabels.set(key, f);
  }
  return f.format(new Date(date.slice(0, 10) + 'T12:00:00Z'));
}

/** Minutes of a journey: the published duration, else the difference of the two instants. */
export function journeyMinutes(departureAt: string, arrivalAt: string | null, durationMinutes: number | null): number | null {
  if (durationMinutes !== null) return durationMinutes;
  if (!arrivalAt) return null;
  const diff = (Date.parse(arrivalAt) - Date.parse(departureAt)) / 60_000;
  return Number.isFinite(diff) && diff > 0 ? Math.round(diff) : null;
}

/** "5h 30m" / "٥ س ٣٠ د". */
export function formatDuration(minutes: number, locale: Locale): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const text = locale === 'ar' ? `${h} س ${m ? `${m} د` : ''}` : `${h}h${m ? ` ${String(m).padStart(2, '0')}m` : ''}`;
  return localDigits(text.trim(), locale);
}

/** "19:58" (minutes:seconds) of a countdown, never negative, in the UI's digits. */
export function formatCountdown(ms: number, locale: Locale): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const text = h > 0 ? `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}` : `${m}:${String(s).padStart(2, '0')}`;
  return localDigits(text, locale);
}

/**
 * What the hold's live region says, by the time left: nothing while there is plenty, then the
 * last five minutes, then the last minute. It changes twice in 20 minutes, so a screen reader
 * hears those two moments and not every tick of the countdown (the expiry is its own alert).
 */
export function holdWarning(leftMs: number): 'hold.last5' | 'hold.last1' | null {
  if (leftMs <= 0) return null;
  if (leftMs <= 60_000) return 'hold.last1';
  if (leftMs <= 5 * 60_000) return 'hold.last5';
  return null;
}
