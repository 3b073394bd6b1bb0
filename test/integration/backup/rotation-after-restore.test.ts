// After a counter is restored from an older backup, the rotation never deletes the newer backups
// of that counter lying in the same folder: they hold entries the restored journal does not (or,
// once it has written past them, another history of those entries). Real journals, real files.
import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { restoreCounter } from '../../../main/backup/restore.ts';
import { BackupService } from '../../../main/backup/service.ts';
import { Journal } from '../../../main/journal/journal.ts';
import { journalPath } from '../../../main/session.ts';
import { oldCounter, shiftsOf } from './old-counter.ts';

const HOUR = 3_600_000;
const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

const settings = (folder: string) => ({ folder, everyHours: 3, warnAfterHours: 26, keepDays: 7, keepWeeks: 8 });

it('a newer backup of the counter survives the rotation of a journal restored from an older one', async () => {
  const { clock, old, folder, newPc, boss, shifts } = await oldCounter(cleanups);
  const first = new BackupService({ dataDir: old.dir, journal: () => old.journal, clock, log: () => {} });
  first.saveSettings(settings(folder));
  const older = await first.backUp();
  const stick = join(newPc, 'older-on-a-stick.db'); // a copy of it elsewhere (the folder's own is rotated out)
  copyFileSync(older.path, stick);
  for (let i = 0; i < 6; i++) shifts.move(boss, 'pay_in', 100, `coins ${i}`);
  clock.advance(HOUR);
  const newer = await first.backUp();
  expect(newer.seq).toBeGreaterThan(older.seq + 3);

  // the PC dies; a new one is restored from the older backup (the newer one was not found)
  await restoreCounter(newPc, { file: stick }, clock);
  const back = Journal.open({ path: journalPath(newPc, 'TRAINING'), clock, environment: 'TRAINING', counterId: old.journal.counterId });
  cleanups.unshift(() => back.close());
  const again = shiftsOf(back, clock);
  const second = new BackupService({ dataDir: newPc, journal: () => back, clock, log: () => {} });
  second.saveSettings(settings(folder));

  again.move(boss, 'pay_out', 100, 'tea');
  clock.advance(HOUR);
  const behind = await second.backUp(); // the same Cairo day: the rotation keeps one of the day
  expect(behind.seq).toBeLessThan(newer.seq);
  expect(existsSync(newer.path)).toBe(true); // entries the restored journal does not hold

  for (let i = 0; i < 8; i++) again.move(boss, 'pay_out', 100, `tea ${i}`);
  clock.advance(HOUR);
  const past = await second.backUp();
  expect(past.seq).toBeGreaterThan(newer.seq);
  expect(existsSync(newer.path)).toBe(true); // same numbers, another history
  expect(existsSync(behind.path)).toBe(false); // within the restored journal: rotated as usual
});
