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
  /**
   * Warnings for the top bar: the journal found rewound at a start (this week), no folder, the last attempt failed, a backup of this counter holds an
   * entry differently from the journal (it was changed, or restored from another history), the
   * last good one too old.
   */
  warning: 'journal_rewound' | 'settings_changed' | 'folder_missing' | 'failed' | 'history_differs' | 'stale' | null;
  /** The first backup in the folder that holds an entry of this journal differently (kept, never rotated out). */
  differs: { path: string; seq: number } | null;
  /**
   * The last start that found the journal shorter than, or different from, the head this PC kept
   * in its keychain (entries removed or rewritten outside the app): when, the entry kept, where the
   * journal ended. On the top bar for a week after.
   */
  rewound: { at: string; anchoredSeq: number; foundSeq: number } | null;
  /**
   * The last time entries were found after that head whose tag this PC's key does not open
   * (appended outside the app): how many, the first, their kinds. On the top bar for a week after
   * (the same warning), in Settings → Journal for good.
   */
  foreign: { at: string; count: number; firstSeq: number; types: string[] } | null;
  running: boolean;
  /** No sale, shift or cash move yet on this PC: it may become a counter restored from a backup. */
  fresh: boolean;
  /** Backups kept in the folder by the rotation, newest first. */
  kept: BackupFileInfo[];
}

/** Restore this counter on a new PC: from a backup file, from the station database, or both. */
export const RestoreInput = z
  .strictObject({
    /** A backup file's full path (a USB stick, a share). */
    file: z.string().trim().min(1).max(1000).optional(),
    /** The counter to take from the linked station database (after the backup's entries, or all of them). */
    stationCounterId: z.string().regex(/^ctr_[0-9a-f-]{36}$/).optional(),
  })
  .refine((r) => r.file !== undefined || r.stationCounterId !== undefined, { message: 'a backup file or a counter of the station' });
export type RestoreInput = z.infer<typeof RestoreInput>;

export interface RestoreResult {
  environment: CounterEnvironment;
  counterId: string;
  /** The last entry of the restored journal, and how many came from the station. */
  seq: number;
  fromStation: number;
}

/** Retire this counter's identity on this PC and start a new one (the old journals kept read-only). */
export const RetireInput = z.strictObject({ reason: z.string().trim().min(1).max(200) });

export interface RetireResult {
  oldCounterId: string;
  newCounterId: string;
  /** Where the old journals are kept, read-only. */
  keptIn: string;
  /** Whether the station database recorded the retirement (false: unreachable or not linked). */
  stationRetired: boolean;
}

/** A retired journal of this PC, as Reports lists it: `retired/<counter id>-<UTC time>/journal-<environment>.db`. */
export const RetiredJournalId = z.string().regex(/^ctr_[0-9a-f-]{36}-\d{8}T\d{9}Z\/journal-(training|sandbox|live)\.db$/);

/** A journal of a counter identity retired on this PC (Replace), kept read-only for its reports. */
export interface RetiredJournal {
  id: string;
  counterId: string;
  environment: CounterEnvironment;
  /** When the identity was retired (ISO UTC). */
  retiredAt: string;
  entries: number;
  /** The first and last business days of its shifts (null: none). */
  firstDay: string | null;
  lastDay: string | null;
}

/** What a report of a retired journal says about it, on screen and on paper. */
export interface RetiredMark {
  counterId: string;
  retiredAt: string;
}
