import { randomBytes } from 'node:crypto';
// Automatic verified backups of a real journal file: written with SQLite's online backup while
// entries keep coming, verified, named, 0600; due after a shift close and after the interval; a
// damaged or tampered file refused with backup_corrupt; the folder vanishing mid-write loses
// nothing and is reported; rotation applied in the folder.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentDirectory } from '../../../main/agents/directory.ts';
import { BackupService } from '../../../main/backup/service.ts';
import { verifyBackupFile } from '../../../main/backup/verify.ts';
import { parseBackupName } from '../../../main/backup/write.ts';
import type { AppFailure } from '../../../main/failure.ts';
import { ShiftService } from '../../../main/shifts/service.ts';
import { manualClock, openTempJournal, tempDir } from '../../unit/main/journal/helpers.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

async function setup(opts: { onProgress?: () => void; pagesPerStep?: number } = {}) {
  const clock = manualClock('2026-07-01T05:00:00.000Z');
  const j = openTempJournal(clock);
  const out = tempDir('shubbak-backups-');
  cleanups.push(j.cleanup, out.cleanup);
  const keys = { current: randomBytes(32), previous: null };
  const agents = new AgentDirectory(j.journal, clock, () => keys);
  const boss = await agents.createFirstSupervisor('Samir', '246810');
  const shifts = new ShiftService(j.journal, clock, { counterId: j.journal.counterId, stationName: () => 'Cairo 1', environment: 'TRAINING' });
  const logs: string[] = [];
  const service = new BackupService({ dataDir: j.dir, journal: () => j.journal, clock, log: (m) => logs.push(m), hooks: opts });
  service.saveSettings({ folder: out.dir, everyHours: 3, warnAfterHours: 26, keepDays: 7, keepWeeks: 8 });
  return { clock, journal: j.journal, dataDir: j.dir, folder: out.dir, boss, shifts, service, logs };
}

/** Many cash moves in one open shift (several hundred pages of journal). */
function fill(t: Awaited<ReturnType<typeof setup>>, n: number) {
  if (!t.shifts.current(t.boss.id)) t.shifts.open(t.boss, { '20000': 1 });
  for (let i = 0; i < n; i++) t.shifts.move(t.boss, 'pay_in', 100, `coins ${i} ${'x'.repeat(150)}`);
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('did not fail');
    },
    (err: AppFailure) => err.error,
  );

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as AppFailure).error;
  }
  throw new Error('did not throw');
};

describe('automatic backups', () => {
  it('writes a verified, named, private copy of the journal; nothing left beside it', async () => {
    const t = await setup();
    fill(t, 50);
    const file = await t.service.backUp();
    expect(file.seq).toBe(t.journal.lastSeq());
    expect(parseBackupName(file.path.split('/').pop()!)).toMatchObject({ environment: 'TRAINING', counterId: t.journal.counterId, seq: file.seq });
    expect(statSync(file.path).mode & 0o777).toBe(0o600);
    expect(readdirSync(t.folder)).toEqual([file.path.split('/').pop()]); // no -wal, -shm, partial
    await expect(verifyBackupFile(file.path)).resolves.toMatchObject({ environment: 'TRAINING', seq: file.seq });
    const status = t.service.status();
    expect(status).toMatchObject({ folder: t.folder, folderAvailable: true, sameDiskAsJournal: false, warning: null, lastFailure: null });
    expect(status.lastGood).toEqual(file);
  });

  it("clears only its own counter's crash leftovers in a folder shared with other counters", async () => {
    const t = await setup();
    fill(t, 5);
    const mine = `.partial-${t.journal.counterId}-999999-1.db`;
    const othersBeingWritten = '.partial-ctr_00000000-0000-4000-8000-0000000000ff-4242-1.db';
    for (const name of [mine, othersBeingWritten]) writeFileSync(join(t.folder, name), 'x');
    const file = await t.service.backUp();
    expect(readdirSync(t.folder).sort()).toEqual([othersBeingWritten, file.path.split('/').pop()!].sort());
  });

  it('never stops the journal: entries written during the backup land, the copy is whole', async () => {
    let during = 0;
    const t = await setup({
      pagesPerStep: 1,
      onProgress: () => void during++,
    });
    fill(t, 400);
    const before = t.journal.lastSeq();
    const running = t.service.backUp();
    // sales go on between the backup's steps
    for (let i = 0; i < 20; i++) {
      await new Promise((r) => setImmediate(r));
      t.shifts.move(t.boss, 'pay_out', 100, `during ${i}`);
    }
    const file = await running;
    expect(during).toBeGreaterThan(20);
    expect(file.seq).toBeGreaterThanOrEqual(before);
    expect(t.journal.verify()).toMatchObject({ ok: true, entries: before + 20 });
    expect((await verifyBackupFile(file.path)).seq).toBe(file.seq);
  });

  it('is due after a shift close, and after the interval while entries are written', async () => {
    const t = await setup();
    expect(t.service.due()).toBe(true); // a new journal with entries and no backup yet
    await t.service.tick();
    expect(t.service.due()).toBe(false);
    fill(t, 3);
    t.clock.advance(3_600_000);
    expect(t.service.due()).toBe(false); // entries, but within the interval and no close
    t.shifts.count(t.boss, { '20000': 1 });
    t.shifts.close(t.boss, 'end');
    expect(t.service.due()).toBe(true);
    await t.service.tick();
    expect(t.service.status().lastGood!.seq).toBe(t.journal.lastSeq());
    t.shifts.open(t.boss, { '20000': 1 });
    t.clock.advance(3 * 3_600_000);
    expect(t.service.due()).toBe(true);
    await t.service.tick();
    t.clock.advance(5 * 3_600_000);
    expect(t.service.due()).toBe(false); // nothing new since: no backup, no warning
    expect(t.service.status().warning).toBeNull();
    // the counter sells for longer than the warning threshold without a good backup: warned
    t.service.saveSettings({ ...t.service.settings.get(), everyHours: 24, warnAfterHours: 6 });
    fill(t, 1);
    t.clock.advance(7 * 3_600_000);
    expect(t.service.status().warning).toBe('stale');
  });

  it('the folder vanishing mid-write loses nothing: the journal is untouched, the failure is shown, the next one is good', async () => {
    let vanish = false;
    let folder = '';
    const t = await setup({
      pagesPerStep: 2,
      onProgress: () => {
        if (vanish) rmSync(folder, { recursive: true, force: true });
      },
    });
    folder = t.folder;
    fill(t, 300);
    const first = await t.service.backUp();
    fill(t, 10);
    vanish = true;
    const err = await t.service.backUp().then(
      () => null,
      (e: AppFailure) => e.error,
    );
    vanish = false;
    expect(err?.code).toBe('backup_folder_unavailable');
    expect(existsSync(t.folder)).toBe(false);
    expect(t.journal.verify()).toMatchObject({ ok: true, entries: t.journal.lastSeq() });
    t.shifts.move(t.boss, 'pay_in', 100, 'still selling');
    const status = t.service.status();
    expect(status).toMatchObject({ folderAvailable: false, warning: 'folder_missing' });
    expect(status.lastGood).toEqual(first);
    expect(status.lastFailure?.error.code).toBe('backup_folder_unavailable');
    // not retried every minute while the stick is out
    expect(t.service.due()).toBe(false);
    // the stick comes back: the next backup holds everything, the warning goes
    mkdirSync(t.folder);
    const next = await t.service.backUp();
    expect(next.seq).toBe(t.journal.lastSeq());
    expect(readdirSync(t.folder).filter((n) => n.startsWith('.'))).toEqual([]);
    expect(t.service.status()).toMatchObject({ warning: null, lastFailure: null });
  });

  it('refuses a chosen folder that does not exist, and never creates it', async () => {
    const t = await setup();
    const missing = join(t.folder, 'usb-stick-not-there');
    expect(codeOf(() => t.service.saveSettings({ ...t.service.settings.get(), folder: missing })).code).toBe('backup_folder_unavailable');
    expect(codeOf(() => t.service.saveSettings({ ...t.service.settings.get(), folder: 'relative/path' })).code).toBe('invalid_argument');
    expect(existsSync(missing)).toBe(false);
  });

  it('a damaged or tampered backup is refused with backup_corrupt and says why', async () => {
    const t = await setup();
    fill(t, 200);
    const file = await t.service.backUp();
    // bytes overwritten in the middle of the file (a failing disk, a cut power)
    const damaged = join(t.folder, 'damaged.db');
    const bytes = readFileSync(file.path);
    bytes.fill(0x5a, Math.floor(bytes.length / 2), Math.floor(bytes.length / 2) + 8192);
    writeFileSync(damaged, bytes);
    const d = await refusal(verifyBackupFile(damaged));
    expect(d.code).toBe('backup_corrupt');
    expect(d.message).toMatch(/damaged|cannot be read|not a journal/);
    // an entry edited in a copy (SQLite finds it whole, the chain does not)
    const tampered = join(t.folder, 'tampered.db');
    copyFileSync(file.path, tampered);
    const db = new Database(tampered);
    db.exec('DROP TRIGGER entries_no_update');
    db.prepare("UPDATE entries SET payload = replace(payload, 'coins 5 ', 'coins 9 ') WHERE seq = (SELECT min(seq) FROM entries WHERE payload LIKE '%coins 5 %')").run();
    db.close();
    expect((await refusal(verifyBackupFile(tampered))).message).toMatch(/hash chain is broken at entry \d+/);
    // not a database at all, and another counter's backup where this counter's is expected
    const junk = join(t.folder, 'junk.db');
    writeFileSync(junk, 'this is not a database');
    expect((await refusal(verifyBackupFile(junk))).code).toBe('backup_corrupt');
    expect((await refusal(verifyBackupFile(file.path, { counterId: 'ctr_00000000-0000-4000-8000-00000000ffff' }))).message).toMatch(/not ctr_/);
  });

  it('rotates the folder: older backups of this counter go, other files stay', async () => {
    const t = await setup();
    writeFileSync(join(t.folder, 'notes.txt'), 'keep me');
    for (let day = 0; day < 20; day++) {
      fill(t, 1);
      await t.service.backUp();
      t.clock.advance(86_400_000);
    }
    const names = readdirSync(t.folder);
    expect(names).toContain('notes.txt');
    const kept = names.filter((n) => parseBackupName(n));
    expect(kept.length).toBeLessThan(20);
    expect(kept.length).toBeGreaterThanOrEqual(7);
    expect(t.service.status().kept.length).toBe(kept.length);
  });
});

describe('a journal changed behind the counter', () => {
  it('a backup that holds an entry differently raises the alarm at the next backup, and is never rotated out', async () => {
    const t = await setup();
    fill(t, 3);
    const first = await t.service.backUp();
    expect(t.service.status()).toMatchObject({ warning: null, differs: null });
    // Someone with the data folder replaces the journal by another history of the same counter (its
    // entries rewritten and every hash recomputed: it verifies on its own); here, a journal of the
    // same counter id written afresh, with the same number of entries.
    const other = await setup();
    expect(other.journal.counterId).toBe(t.journal.counterId);
    fill(other, 40);
    const stranger = await other.service.backUp();
    copyFileSync(stranger.path, join(t.folder, stranger.path.split('/').pop()!));
    fill(t, 40);
    expect(t.journal.lastSeq()).toBeGreaterThanOrEqual(stranger.seq);
    await t.service.backUp();
    const status = t.service.status();
    expect(status.warning).toBe('history_differs');
    expect(status.differs).toEqual({ path: join(t.folder, stranger.path.split('/').pop()!), seq: stranger.seq });
    // Days later, the rotation keeps it: it is evidence, and may be the only copy of those entries.
    for (let day = 0; day < 20; day++) {
      t.clock.advance(86_400_000);
      fill(t, 1);
      await t.service.backUp();
    }
    expect(existsSync(status.differs!.path)).toBe(true);
    expect(existsSync(first.path)).toBe(false);
    expect(t.service.status().warning).toBe('history_differs');
  });
});
