// Which backups to keep: the newest of each of the last `days` Cairo days, then the newest of
// each of the `weeks` calendar weeks before them, and always the newest one. Buckets are fixed
// calendar days and weeks (not windows sliding with today), so a backup kept as the newest of
// its day or week stays the newest of it for good: a day or week once covered never loses its
// backup to the rotation until it falls out of the policy.
import { cairoDate, parseLocalDate } from '../../core/cairo-time.ts';

export interface RotationPolicy {
  /** Days (today included) that keep their newest backup. */
  days: number;
  /** Calendar weeks before those days that keep their newest backup. */
  weeks: number;
}

export const DEFAULT_ROTATION: RotationPolicy = { days: 7, weeks: 8 };

export interface Dated {
  at: Date;
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a Cairo date. */
function dayNumber(at: Date): number {
  return Math.round(parseLocalDate(cairoDate(at))! / DAY_MS);
}

/** The calendar week (Saturday to Friday, the Egyptian week) a day number falls in. */
export function weekNumber(day: number): number {
  // 1970-01-01 was a Thursday: +5 puts Saturday at the start of each week.
  return Math.floor((day + 5) / 7);
}

/** The backups to keep of `all` at `now` (the rest may be deleted). */
export function backupsToKeep<T extends Dated>(all: readonly T[], now: Date, policy: RotationPolicy = DEFAULT_ROTATION): Set<T> {
  const newestFirst = [...all].sort((a, b) => b.at.getTime() - a.at.getTime());
  const keep = new Set<T>();
  if (newestFirst[0]) keep.add(newestFirst[0]);
  const today = dayNumber(now);
  const firstDailyDay = today - policy.days + 1;
  const firstWeek = weekNumber(firstDailyDay - 1) - policy.weeks + 1;
  const seenDays = new Set<number>();
  const seenWeeks = new Set<number>();
  for (const b of newestFirst) {
    const day = dayNumber(b.at);
    if (day >= firstDailyDay) {
      if (!seenDays.has(day)) keep.add(b);
      seenDays.add(day);
      continue;
    }
    const week = weekNumber(day);
    if (week >= firstWeek && !seenWeeks.has(week)) keep.add(b);
    seenWeeks.add(week);
  }
  return keep;
}
