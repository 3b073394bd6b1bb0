// Calendar dates for the search, in Africa/Cairo (the station's day), as "YYYY-MM-DD".
// Pure: `now` is passed in.

const cairoDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Cairo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date at the station. */
export function cairoToday(now: Date): string {
  return cairoDate.format(now);
}

export function addDays(date: string, days: number): string {
  const t = Date.parse(date + 'T12:00:00Z') + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** The search window of the Partner API: not in the past, at most one year ahead. */
export function searchWindow(now: Date): { min: string; max: string } {
  const min = cairoToday(now);
  return { min, max: addDays(min, 365) };
}

/** A date the agent may search, or null when it is malformed or outside the window. */
export function validSearchDate(date: string, now: Date): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date + 'T12:00:00Z'))) return null;
  if (new Date(date + 'T12:00:00Z').toISOString().slice(0, 10) !== date) return null; // 2026-02-31
  const { min, max } = searchWindow(now);
  return date < min || date > max ? null : date;
}
