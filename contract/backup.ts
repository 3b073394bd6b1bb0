import { z } from 'zod';
import type { AppError } from './errors.ts';
import type { CounterEnvironment } from './counter.ts';

// Automatic verified backups of the counter's journal, as the supervisor sets them up and as
// the top bar and Settings report them.

export const BackupSettingsInput = z.strictObject({
  /** An absolute folder on another disk, a USB stick or a share; null: the data folder's backups/. */
  folder: z.string().trim().min(1).max(1000).nullable(),
  /** While selling, a backup at least this often (a shift close always makes one). */
  everyHours: z.int().min(1).max(24),
  /** The last good backup older than this is a warning. */
  warnAfterHours: z.int().min(1).max(24 * 14),
  /** Days that keep their newest backup, then calendar weeks that keep theirs. */
  keepDays: z.int().min(1).max(60),
  keepWeeks: z.int().min(0).max(104),
});
export type BackupSettingsInput = z.infer<typeof BackupSettingsInput>;

export interface BackupFileInfo {
  path: string;
  /** UTC ISO time the backup was written. */
  at: string;
  /** The last journal entry it holds. */
  seq: number;
  bytes: number;
}

export interface BackupStatus {
  settings: BackupSettingsInput;
  /** Where backups go now (the chosen folder, or the data folder's backups/). */
  folder: string;
  /** The chosen folder is the data folder's own (same disk: a dead disk takes both). */
  sameDiskAsJournal: boolean;
  folderAvailable: boolean;
  environment: CounterEnvironment;
  lastGood: BackupFileInfo | null;
  /** The last attempt's failure, when it failed after the last good one. */
  lastFailure: { at: string; error: AppError } | null;
  /** Warnings for the top bar: no folder, the last good one too old, the last attempt failed. */
  warning: 'folder_missing' | 'stale' | 'failed' | null;
  running: boolean;
  /** Backups kept in the folder by the rotation, newest first. */
  kept: BackupFileInfo[];
}
