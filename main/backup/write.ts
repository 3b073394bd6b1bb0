// One backup of a live journal: SQLite's online backup (page by page between turns of the event
// loop, so sales go on) into a hidden file of the chosen folder, turned into a self-contained
// file (no -wal beside it), fsynced, verified, and only then renamed to its final name. A
// folder that goes away mid-write leaves at most a hidden partial file; the journal is only read.
import { accessSync, chmodSync, constants, closeSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { fsyncFile, fsyncFolder } from '../files/durable.ts';
import { join } from 'node:path';
import type { BackupFileInfo } from '../../contract/backup.ts';
import type { CounterEnvironment } from '../../contract/counter.ts';
import { AppFailure } from '../failure.ts';
import type { Journal } from '../journal/journal.ts';
import { backupJournal } from '../journal/backup-copy.ts';
import { verifyBackupFile } from './verify.ts';

const NAME = /^shubbak-(training|sandbox|live)-(ctr_[0-9a-f-]{36})-(\d{8}T\d{6}\d{3}Z)-seq(\d+)\.db$/;

/** The file name of a backup: whose, when and up to which entry, so the folder reads by itself. */
export function backupName(environment: CounterEnvironment, counterId: string, at: Date, seq: number): string {
  const stamp = at.toISOString().replace(/[-:.]/g, '');
  return `shubbak-${environment.toLowerCase()}-${counterId}-${stamp}-seq${seq}.db`;
}

/** What a backup's name says, or null for any other file. */
export function parseBackupName(name: string): { environment: CounterEnvironment; counterId: string; at: Date; seq: number } | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const s = m[3]!;
  const at = new Date(`${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}.${s.slice(15, 18)}Z`);
  return { environment: m[1]!.toUpperCase() as CounterEnvironment, counterId: m[2]!, at, seq: Number(m[4]) };
}

export interface WriteHooks {
  /** Called between backup steps (tests make the folder vanish here). */
  onProgress?: () => void;
  /** Pages per step (SQLite's backup_step); smaller steps leave more room to sales. */
  pagesPerStep?: number;
}

/** The folder exists and this user may write in it. */
export function folderWritable(folder: string): boolean {
  try {
    accessSync(folder, constants.W_OK);
    return statSync(folder).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The hidden name a backup has while it is written: the counter's, so that a folder shared by
 * several counters' PCs has each one clear only its own crash leftovers.
 */
export const partialPrefix = (counterId: string): string => `.partial-${counterId}-`;

/** Writes, verifies and names one backup of `journal` in `folder` (which must exist). */
export async function writeBackup(journal: Journal, folder: string, at: Date, hooks: WriteHooks = {}): Promise<BackupFileInfo> {
  const startSeq = journal.lastSeq();
  const partial = join(folder, `${partialPrefix(journal.counterId)}${process.pid}-${at.getTime()}.db`);
  try {
    // Made first with mode 0600, so the copy is never readable by others, not even for a moment.
    closeSync(openSync(partial, 'wx', 0o600));
    await backupJournal(journal, partial, { pagesPerStep: hooks.pagesPerStep ?? 256, onStep: hooks.onProgress });
    chmodSync(partial, 0o600);
    fsyncFile(partial);
    const verified = await verifyBackupFile(partial, {
      atLeastSeq: startSeq,
      counterId: journal.counterId,
      hashAt: (seq) => journal.hashAt(seq),
    });
    const path = join(folder, backupName(journal.environment as CounterEnvironment, journal.counterId, at, verified.seq));
    renameSync(partial, path);
    fsyncFolder(folder);
    return { path, at: at.toISOString(), seq: verified.seq, bytes: statSync(path).size };
  } catch (err) {
    rmSync(partial, { force: true });
    if (err instanceof AppFailure) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (!folderWritable(folder) || code === 'ENOENT' || code === 'EACCES' || code === 'EROFS' || code === 'ENOSPC') {
      throw new AppFailure('backup_folder_unavailable', `The backup folder ${folder} cannot be written (${code ?? (err as Error).message}); the journal is untouched`);
    }
    throw new AppFailure('backup_failed', `The backup to ${folder} failed: ${(err as Error).message}`);
  }
}
