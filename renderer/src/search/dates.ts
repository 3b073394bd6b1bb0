// The dates the agent may search, in Africa/Cairo (the station's day), as "YYYY-MM-DD".
// Pure: `now` is passed in.
import { addDays, cairoDate, isLocalDate } from '../../../core/cairo-time.ts';

/** The search window of the Partner API: not in the past, at most one year ahead. */
export function searchWindow(now: Date): { min: string; max: string } {
  const min = cairoDate(now);
  return { min, max: addDays(min, 365) };
}

/** A date the agent may search, or null when it is malformed (2026-02-31) or outside the window. */
export function validSearchDate(date: string, now: Date): string | null {
  if (!isLocalDate(date)) return null;
  const { min, max } = searchWindow(now);
  return date < min || date > max ? null : date;
}
