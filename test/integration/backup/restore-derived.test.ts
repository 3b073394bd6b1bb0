// A restore takes the entries, never the backup's tables: a backup copy whose cash_movements rows
// were deleted (the chain untouched, so every file check passes) comes back with the drawer's
// expected cash folded from its entries again, as the old counter had it. And it takes the bytes
// it checked: a file that reads otherwise the second time (a share) is refused.
import { copyFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { restoreCounter } from '../../../main/backup/restore.ts';
import { verifyBackupFile } from '../../../main/backup/verify.ts';
import { writeBackup } from '../../../main/backup/write.ts';
import { Journal } from '../../../main/journal/journal.ts';
import { readModelRows } from '../../../main/journal/read-models.ts';
import { journalPath } from '../../../main/session.ts';
import { oldCounter, shiftsOf } from './old-counter.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

it('a backup whose derived tables were altered restores with figures folded from its entries', async () => {
  const { clock, old, folder, newPc, boss, shifts } = await oldCounter(cleanups);
  for (let i = 0; i < 5; i++) shifts.move(boss, 'pay_out', 1_000, `tea ${i}`);
  const asSold = readModelRows(old.journal);
  const backup = await writeBackup(old.journal, folder, clock.now());

  // a copy of the backup with its pay-outs taken out of the cash table (the entries untouched)
  const doctored = join(folder, 'doctored.db');
  copyFileSync(backup.path, doctored);
  const db = new Database(doctored);
  expect(db.prepare("DELETE FROM cash_movements WHERE kind = 'pay_out'").run().changes).toBe(5);
  db.close();
  await expect(verifyBackupFile(doctored)).resolves.toMatchObject({ seq: backup.seq });

  const restored = await restoreCounter(newPc, { file: doctored }, clock);
  expect(restored).toMatchObject({ counterId: old.journal.counterId, seq: backup.seq, fromStation: 0 });
  const back = Journal.open({ path: journalPath(newPc, 'TRAINING'), clock, environment: 'TRAINING', counterId: restored.counterId });
  try {
    expect(readModelRows(back).cash_movements).toEqual(asSold.cash_movements);
    // the drawer: the float less the five pay-outs, as on the old PC
    const count = shiftsOf(back, clock).count(boss, { '20000': 1 });
    expect(count.expectedMinor).toBe(20_000 - 5 * 1_000);
  } finally {
    back.close();
  }
});

it('a backup file that reads otherwise after it was checked is refused, and the data folder is left as it was', async () => {
  const { clock, old, folder, newPc, boss, shifts } = await oldCounter(cleanups);
  const first = await writeBackup(old.journal, folder, clock.now());
  const checked = await verifyBackupFile(first.path);
  shifts.move(boss, 'pay_out', 1_000, 'tea');
  clock.advance(60_000);
  const later = await writeBackup(old.journal, folder, clock.now());
  // what a share serving other bytes the second time hands over: the same counter's other backup
  copyFileSync(later.path, first.path);
  const before = readdirSync(newPc);
  await expect(restoreCounter(newPc, { file: first.path, checked }, clock)).rejects.toMatchObject({ error: { code: 'backup_corrupt', message: expect.stringMatching(/changed while it was read/) } });
  expect(readdirSync(newPc)).toEqual(before);
  expect(existsSync(journalPath(newPc, 'TRAINING'))).toBe(false);
  // the same bytes as checked: restored
  copyFileSync(later.path, first.path);
  await expect(restoreCounter(newPc, { file: first.path, checked: await verifyBackupFile(first.path) }, clock)).resolves.toMatchObject({ seq: later.seq });
});
