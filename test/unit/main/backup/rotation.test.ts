// The rotation over 60 simulated days of a counter's life: a backup every 3 hours from 07:00 to
// 22:00 Cairo time, one more at each shift close (15:00 and 23:00), the rule applied after each
// backup as the service does, deleted backups gone for good. At every step it must keep the
// newest backup of each of the last 7 days that had one, the newest of each of the 8 calendar
// weeks before them, and nothing else beyond a bounded count.
import { describe, expect, it } from 'vitest';
import { cairoDate, parseLocalDate } from '../../../../core/cairo-time.ts';
import { backupsToKeep, weekNumber, type RotationPolicy } from '../../../../main/backup/rotation.ts';

interface Made {
  at: Date;
  id: number;
}

const DAY_MS = 86_400_000;
const days = new Map<number, number>();
/** The Cairo day number of an instant (memoised: the checks ask for the same backups' days many times). */
function dayOf(at: Date): number {
  let d = days.get(at.getTime());
  if (d === undefined) days.set(at.getTime(), (d = Math.round(parseLocalDate(cairoDate(at))! / DAY_MS)));
  return d;
}

function simulate(days: number, policy: RotationPolicy, check: (folder: Made[], all: Made[], now: Date) => void) {
  let folder: Made[] = [];
  const all: Made[] = [];
  const start = Date.parse('2026-09-01T04:00:00Z'); // 07:00 in Cairo (UTC+3 until the end of October)
  let id = 0;
  for (let d = 0; d < days; d++) {
    const times = [0, 3, 6, 8, 9, 12, 15, 16].map((h) => start + d * DAY_MS + h * 3_600_000);
    for (const t of times) {
      const b = { at: new Date(t), id: id++ };
      all.push(b);
      folder.push(b);
      const now = new Date(t + 60_000);
      const keep = backupsToKeep(folder, now, policy);
      folder = folder.filter((x) => keep.has(x));
      check(folder, all, now);
    }
  }
  return { folder, all };
}

describe('backup rotation', () => {
  it('keeps the newest of each of the last 7 days and of each of the 8 weeks before, over 60 days', () => {
    const policy = { days: 7, weeks: 8 };
    let checks = 0;
    const { folder } = simulate(60, policy, (folder, all, now) => {
      checks++;
      const today = dayOf(now);
      const made = all.filter((b) => b.at <= now);
      // the newest backup is always there
      expect(folder).toContain(made[made.length - 1]);
      // each of the last 7 days: its newest backup, and only that one
      for (let day = today - 6; day <= today; day++) {
        const ofDay = made.filter((b) => dayOf(b.at) === day);
        if (ofDay.length === 0) continue;
        expect(folder.filter((b) => dayOf(b.at) === day)).toEqual([ofDay[ofDay.length - 1]]);
      }
      // each of the 8 calendar weeks before those days keeps one backup (the newest made before the daily days)
      const firstWeek = weekNumber(today - 7) - 7;
      for (let week = firstWeek; week <= weekNumber(today - 7); week++) {
        const ofWeek = made.filter((b) => weekNumber(dayOf(b.at)) === week && dayOf(b.at) < today - 6);
        if (ofWeek.length === 0) continue;
        expect(folder.filter((b) => weekNumber(dayOf(b.at)) === week && dayOf(b.at) < today - 6)).toEqual([ofWeek[ofWeek.length - 1]]);
      }
      // nothing older than the weeks kept, and a bounded folder
      for (const b of folder) expect(weekNumber(dayOf(b.at))).toBeGreaterThanOrEqual(firstWeek);
      expect(folder.length).toBeLessThanOrEqual(policy.days + policy.weeks + 1);
    });
    expect(checks).toBe(60 * 8);
    // at the end of day 60: 7 daily backups and 8 weekly ones before them (9 weeks cover days 1..53)
    expect(folder.length).toBe(15);
  });

  it('follows another policy (3 days, 2 weeks) and keeps all on a fresh counter', () => {
    const { folder } = simulate(30, { days: 3, weeks: 2 }, () => {});
    expect(folder.length).toBe(5);
    const now = new Date('2026-09-01T05:00:00Z');
    const fresh = [{ at: new Date('2026-09-01T04:00:00Z') }, { at: new Date('2026-09-01T04:30:00Z') }];
    expect([...backupsToKeep(fresh, now)]).toEqual([fresh[1]]);
    expect(backupsToKeep([], now).size).toBe(0);
  });

  it('keeps a backup dated after "now" (a clock put back) rather than losing the newest', () => {
    const now = new Date('2026-09-10T05:00:00Z');
    const future = { at: new Date('2026-09-12T05:00:00Z') };
    const today = { at: new Date('2026-09-10T04:00:00Z') };
    expect(backupsToKeep([today, future], now)).toEqual(new Set([today, future]));
  });
});
