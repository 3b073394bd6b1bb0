// A restore takes the entries, never the backup's tables: a backup copy whose cash_movements rows
// were deleted (the chain untouched, so every file check passes) comes back with the drawer's
// expected cash folded from its entries again, as the old counter had it.
import { randomBytes } from 'node:crypto';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { AgentDirectory } from '../../../main/agents/directory.ts';
import { restoreCounter } from '../../../main/backup/restore.ts';
import { verifyBackupFile } from '../../../main/backup/verify.ts';
import { writeBackup } from '../../../main/backup/write.ts';
import { Journal } from '../../../main/journal/journal.ts';
import { readModelRows } from '../../../main/journal/read-models.ts';
import { journalPath } from '../../../main/session.ts';
import { ShiftService } from '../../../main/shifts/service.ts';
import { manualClock, openTempJournal, tempDir } from '../../unit/main/journal/helpers.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

it('a backup whose derived tables were altered restores with figures folded from its entries', async () => {
  const clock = manualClock('2026-07-01T05:00:00.000Z');
  const old = openTempJournal(clock);
  const out = tempDir('shubbak-derived-backups-');
  const pc = tempDir('shubbak-derived-pc-');
  cleanups.push(old.cleanup, out.cleanup, pc.cleanup);
  const keys = { current: randomBytes(32), previous: null };
  const boss = await new AgentDirectory(old.journal, clock, () => keys).createFirstSupervisor('Samir', '246810');
  const shifts = new ShiftService(old.journal, clock, { counterId: old.journal.counterId, stationName: () => 'Cairo 1', environment: 'TRAINING' });
  shifts.open(boss, { '20000': 1 });
  for (let i = 0; i < 5; i++) shifts.move(boss, 'pay_out', 1_000, `tea ${i}`);
  const asSold = readModelRows(old.journal);
  const backup = await writeBackup(old.journal, out.dir, clock.now());

  // a copy of the backup with its pay-outs taken out of the cash table (the entries untouched)
  const doctored = join(out.dir, 'doctored.db');
  copyFileSync(backup.path, doctored);
  const db = new Database(doctored);
  expect(db.prepare("DELETE FROM cash_movements WHERE kind = 'pay_out'").run().changes).toBe(5);
  db.close();
  await expect(verifyBackupFile(doctored)).resolves.toMatchObject({ seq: backup.seq });

  const restored = await restoreCounter(pc.dir, { file: doctored }, clock);
  expect(restored).toMatchObject({ counterId: old.journal.counterId, seq: backup.seq, fromStation: 0 });
  const back = Journal.open({ path: journalPath(pc.dir, 'TRAINING'), clock, environment: 'TRAINING', counterId: restored.counterId });
  try {
    expect(readModelRows(back).cash_movements).toEqual(asSold.cash_movements);
    // the drawer: the float less the five pay-outs, as on the old PC
    const count = new ShiftService(back, clock, { counterId: back.counterId, stationName: () => 'Cairo 1', environment: 'TRAINING' }).count(boss, { '20000': 1 });
    expect(count.expectedMinor).toBe(20_000 - 5 * 1_000);
  } finally {
    back.close();
  }
});
