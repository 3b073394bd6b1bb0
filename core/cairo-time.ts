// Africa/Cairo wall-clock time <-> instants, and the station's business day, through Intl (the
// ICU of Node and of Chromium knows Egypt's summer time: from the last Friday of April to the
// last Thursday of October; the switches happen at local midnight). Never a fixed offset.
//
// Switch days (e.g. 2026):
// - Spring forward (2026-04-24): local 00:00-00:59 does not exist. A wall time in that gap is
//   read with the offset in force just before the gap, i.e. moved forward by the gap's length
//   (00:30 becomes 01:30+03:00), as Temporal's "compatible" disambiguation does.
// - Fall back (2026-10-29 -> 30): local 23:00-23:59 on the Thursday happens twice. An ambiguous
//   wall time means its FIRST occurrence (still summer time, +03:00), also as "compatible" does.

/** A day of the week as the Partner API spells it. */
export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';

export const CAIRO_TIME_ZONE = 'Africa/Cairo';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const HHMM_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** Indexed by Date#getUTCDay(): 0 is Sunday. */
const WEEKDAY_BY_UTC_DAY: readonly Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

const offsetFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: CAIRO_TIME_ZONE,
  timeZoneName: 'longOffset',
});
/** Offsets by UTC hour: Egypt's offsets are whole hours, so they only change on a UTC hour. */
const offsetCache = new Map<number, number>();

/** The Africa/Cairo offset from UTC, in minutes, at an instant (e.g. 180 in summer). */
export function cairoOffsetMinutes(epochMs: number): number {
  const hour = Math.floor(epochMs / 3_600_000);
  const cached = offsetCache.get(hour);
  if (cached !== undefined) return cached;
  const zone = offsetFormatter.formatToParts(epochMs).find((p) => p.type === 'timeZoneName');
  const match = /GMT(?:([+-])(\d{2}):(\d{2}))?/.exec(zone?.value ?? '');
  if (!match) throw new Error(`unexpected Intl offset "${zone?.value}"`);
  const [, sign, hh, mm] = match;
  const minutes = sign ? (sign === '-' ? -1 : 1) * (Number(hh) * 60 + Number(mm)) : 0;
  if (offsetCache.size > 100_000) offsetCache.clear();
  offsetCache.set(hour, minutes);
  return minutes;
}

/** UTC midnight (epoch ms) of a calendar date 'YYYY-MM-DD', or null when it is not one. */
export function parseLocalDate(date: string): number | null {
  const m = DATE_RE.exec(date);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (y < 1000 || back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return ms;
}

export function isLocalDate(date: string): boolean {
  return parseLocalDate(date) !== null;
}

function requireDate(date: string): number {
  const ms = parseLocalDate(date);
  if (ms === null) throw new RangeError(`not a calendar date (YYYY-MM-DD): "${date}"`);
  return ms;
}

/** Minutes after midnight of 'HH:MM' (00:00-23:59). */
export function parseHhmm(hhmm: string): number {
  const m = HHMM_RE.exec(hhmm);
  if (!m) throw new RangeError(`not a time (HH:MM): "${hhmm}"`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Weekday of a calendar date (the date itself, no time zone involved). */
export function weekdayOf(date: string): Weekday {
  return WEEKDAY_BY_UTC_DAY[new Date(requireDate(date)).getUTCDay()] as Weekday;
}

/** The calendar date `days` after `date` (negative for before). */
export function addDays(date: string, days: number): string {
  return new Date(requireDate(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The instant (epoch ms) of a Cairo wall-clock time. A time in the spring-forward gap is moved
 * forward by the gap; an ambiguous time at fall-back is its first occurrence (see the top).
 */
export function cairoInstant(date: string, hhmm: string): number {
  const wall = requireDate(date) + parseHhmm(hhmm) * MINUTE_MS; // the wall digits read as UTC
  const before = cairoOffsetMinutes(wall - DAY_MS);
  const after = cairoOffsetMinutes(wall + DAY_MS);
  // Each candidate offset gives an instant; it is real when that instant has that offset.
  // Larger offset first = earlier instant first, so an ambiguous time takes its first occurrence.
  const offsets = before === after ? [before] : [Math.max(before, after), Math.min(before, after)];
  for (const offset of offsets) {
    const instant = wall - offset * MINUTE_MS;
    if (cairoOffsetMinutes(instant) === offset) return instant;
  }
  return wall - before * MINUTE_MS; // in the gap: keep the earlier offset, i.e. shift forward
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** ISO 8601 of an instant in Cairo wall-clock digits with the offset then in force. */
export function toCairoIso(epochMs: number): string {
  const offset = cairoOffsetMinutes(epochMs);
  const wall = new Date(epochMs + offset * MINUTE_MS).toISOString().slice(0, 19);
  const abs = Math.abs(offset);
  return `${wall}${offset < 0 ? '-' : '+'}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}

/**
 * The Cairo calendar date 'YYYY-MM-DD' at an instant: the station's business day ("today" at the
 * counter, the day a sale or a shift belongs to, the day a departure runs).
 */
export function cairoDate(at: Date | number): string {
  const epochMs = typeof at === 'number' ? at : at.getTime();
  return new Date(epochMs + cairoOffsetMinutes(epochMs) * MINUTE_MS).toISOString().slice(0, 10);
}

/** The Cairo wall-clock hour (0-23) at an instant: which hour of the business day a sale falls in. */
export function cairoHour(at: Date | number): number {
  const epochMs = typeof at === 'number' ? at : at.getTime();
  return new Date(epochMs + cairoOffsetMinutes(epochMs) * MINUTE_MS).getUTCHours();
}

/**
 * Cairo wall clock to ISO 8601 with the offset valid at that moment, e.g.
 * localIso('2026-07-01', '23:30') === '2026-07-01T23:30:00+03:00'. With `addMinutes`, the result
 * is that many minutes of elapsed time later, in the offset valid then (an arrival across a
 * switch is right: 23:30+03:00 plus 60 minutes on 2026-10-29 is 23:30+02:00).
 */
export function localIso(date: string, hhmm: string, addMinutes = 0): string {
  if (!Number.isInteger(addMinutes)) throw new RangeError(`addMinutes must be an integer: ${addMinutes}`);
  return toCairoIso(cairoInstant(date, hhmm) + addMinutes * MINUTE_MS);
}
