// Automatic backups of the counter's journal: after every shift close and at least every few
// hours while entries are written, one verified backup to the supervisor's folder, then the
// rotation. Runs in the background, one at a time; a failure is remembered and shown, never
// thrown at a sale. The counter closes it before the journal (close waits for a running backup).
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import type { BackupFileInfo, BackupSettingsInput, BackupStatus } from '../../contract/backup.ts';
import type { CounterEnvironment } from '../../contract/counter.ts';
import type { AppError } from '../../contract/errors.ts';
import type { Clock } from '../clock.ts';
import { AppFailure, toAppError } from '../failure.ts';
import { lastForeign, lastRewound } from '../journal/head-anchor.ts';
import type { Journal } from '../journal/journal.ts';
import { JournalFile } from '../journal/journal-file.ts';
import { lastClosingSeq } from '../journal/queries/shifts.ts';
import { SettingsFile } from '../settings/file.ts';
import type { SettingSeal } from '../vault/settings-seal.ts';
import { backupsToKeep } from './rotation.ts';
import { BackupMemory, BackupSettingsStore } from './settings.ts';
import { folderWritable, parseBackupName, partialPrefix, writeBackup, type WriteHooks } from './write.ts';

const HOUR_MS = 3_600_000;
/** How long a rewound journal, or one found holding foreign entries, stays on the top bar (Settings → Journal says it for good). */
const REWOUND_SHOWN_MS = 7 * 24 * HOUR_MS;
/** After a failed attempt, the next automatic one waits this long (a missing USB stick is not retried every minute). */
const RETRY_AFTER_MS = 10 * 60_000;

export interface BackupServiceOptions {
  dataDir: string;
  journal: () => Journal;
  clock: Clock;
  log: (message: string, err?: unknown) => void;
  /** How often the service looks whether a backup is due (default a minute). */
  checkEveryMs?: number;
  hooks?: WriteHooks;
  /** Seals the settings (null: no PIN key, nothing is sealed or checked). */
  seal?: SettingSeal | null;
}

type Remembered = BackupMemory['byEnvironment'][string];

/**
 * How a backup stands to the journal: `within` when its last entry is the journal's entry of that
 * seq (it holds nothing the journal does not); `ahead` when it goes past the journal's last entry
 * (a newer backup left from before this journal was restored from an older one); `differs` when the
 * journal holds that entry otherwise (the journal was rewritten, or restored from another history);
 * `unreadable`. Only `within` is ever rotated out: the others may be the only copy of their entries.
 */
function standing(b: { path: string; seq: number }, journal: Journal): 'within' | 'ahead' | 'differs' | 'unreadable' {
  if (b.seq > journal.lastSeq()) return 'ahead';
  try {
    const file = JournalFile.open(b.path);
    try {
      return file.hashAt(b.seq) === journal.hashAt(b.seq) ? 'within' : 'differs';
    } finally {
      file.close();
    }
  } catch {
    return 'unreadable';
  }
}

export class BackupService {
  readonly settings: BackupSettingsStore;
  readonly #opts: BackupServiceOptions;
  readonly #memory: SettingsFile<BackupMemory>;
  #running: Promise<BackupFileInfo> | null = null;
  #timer: NodeJS.Timeout | null = null;
  #closed = false;
  /** The journals are being replaced (a restore, a Replace): no backup looks at them meanwhile. */
  #paused = 0;

  constructor(opts: BackupServiceOptions) {
    this.#opts = opts;
    this.settings = new BackupSettingsStore(opts.dataDir, opts.log, opts.seal);
    this.#memory = new SettingsFile({ dir: opts.dataDir, file: 'backup-state.json', what: 'backup state', schema: BackupMemory, log: opts.log });
  }

  start(): void {
    if (this.#timer || this.#closed) return;
    // A look that fails (a journal closed under it) is logged, never left as an unhandled rejection.
    this.#timer = setInterval(() => void this.tick().catch((err: unknown) => this.#opts.log('the backup schedule could not look whether a backup is due', err)), this.#opts.checkEveryMs ?? 60_000);
    this.#timer.unref();
  }

  /**
   * Runs `work` (which closes and replaces the journals) with the schedule paused: a backup being
   * written finishes first, and none starts until `work` is over.
   */
  async pause<T>(work: () => Promise<T>): Promise<T> {
    this.#paused++;
    try {
      await this.#running?.catch(() => undefined);
      return await work();
    } finally {
      this.#paused--;
    }
  }

  /** Stops the schedule and waits for a backup being written (shutdown: before the journal closes). */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running?.catch(() => undefined);
  }

  #key(): string {
    const j = this.#opts.journal();
    return `${j.environment}:${j.counterId}`;
  }

  #remembered(): Remembered {
    return this.#memory.load()?.byEnvironment[this.#key()] ?? { lastGood: null, lastFailure: null };
  }

  #remember(r: Remembered): void {
    const all = this.#memory.load() ?? { version: 1 as const, byEnvironment: {} };
    this.#memory.save({ version: 1, byEnvironment: { ...all.byEnvironment, [this.#key()]: r } });
  }

  /** Whether a backup is due now: a shift closed since the last good one, or it is older than the interval. */
  due(): boolean {
    const journal = this.#opts.journal();
    const { lastGood, lastFailure } = this.#remembered();
    const now = this.#opts.clock.now().getTime();
    const lastSeq = journal.lastSeq();
    if (lastSeq === 0 || lastSeq === lastGood?.seq) return false;
    if (lastFailure && now - Date.parse(lastFailure.at) < RETRY_AFTER_MS) return false;
    if (!lastGood) return true;
    if (lastClosingSeq(journal) > lastGood.seq) return true;
    return now - Date.parse(lastGood.at) >= this.settings.get().everyHours * HOUR_MS;
  }

  /** One look at the schedule (the timer calls it; tests call it with their clock). */
  async tick(): Promise<void> {
    if (this.#closed || this.#paused > 0 || this.#running || !this.due()) return;
    await this.backUp().catch(() => undefined);
  }

  /** Writes one verified backup now (waits for one already running first), then rotates. */
  async backUp(): Promise<BackupFileInfo> {
    if (this.#closed) throw new AppFailure('backup_failed', 'The counter is closing');
    if (this.#paused > 0) throw new AppFailure('backup_failed', 'The journal is being replaced (a restore or a Replace): back up once it is done', { retryable: true });
    while (this.#running) await this.#running.catch(() => undefined);
    const run = this.#write();
    this.#running = run;
    try {
      return await run;
    } finally {
      this.#running = null;
    }
  }

  async #write(): Promise<BackupFileInfo> {
    const journal = this.#opts.journal();
    const folder = this.settings.folder();
    const at = this.#opts.clock.now();
    const before = this.#remembered();
    try {
      if (this.settings.get().folder === null) mkdirDefault(folder);
      if (!folderWritable(folder)) throw new AppFailure('backup_folder_unavailable', `The backup folder ${folder} is missing or cannot be written`);
      const file = await writeBackup(journal, folder, at, this.#opts.hooks);
      const differs = this.#rotate(folder, journal);
      this.#remember({ lastGood: file, lastFailure: null, differs });
      this.#opts.log(`backup written: ${file.path} (entries up to ${file.seq})`);
      return file;
    } catch (err) {
      const error = toAppError(err);
      this.#remember({ ...before, lastFailure: { at: at.toISOString(), error: { code: error.code, message: error.message } } });
      this.#opts.log(`backup failed: ${error.message}`, err instanceof AppFailure ? undefined : err);
      throw err;
    }
  }

  /**
   * Deletes this journal's backups the rotation no longer keeps, and partial files left by a crash;
   * answers the first backup that holds an entry of the journal differently (the alarm).
   */
  #rotate(folder: string, journal: Journal): { path: string; seq: number } | null {
    const mine = this.#list(folder, journal);
    const keep = backupsToKeep(mine, this.#opts.clock.now(), { days: this.settings.get().keepDays, weeks: this.settings.get().keepWeeks });
    let differs: { path: string; seq: number } | null = null;
    for (const b of mine.sort((x, y) => x.seq - y.seq)) {
      const stands = standing(b, journal);
      if (stands === 'differs') differs ??= { path: b.path, seq: b.seq };
      if (!keep.has(b) && stands === 'within') rmSync(b.path, { force: true });
    }
    // This counter's partial files a crash left (one being written now by this process is kept;
    // another counter's, on a shared folder, is never touched).
    const ours = partialPrefix(journal.counterId);
    for (const name of readdirSync(folder)) {
      if (name.startsWith(ours) && !name.startsWith(`${ours}${process.pid}-`)) rmSync(join(folder, name), { force: true });
    }
    return differs;
  }

  #list(folder: string, journal: Journal): { path: string; at: Date; iso: string; seq: number; bytes: number }[] {
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      return [];
    }
    return names.flatMap((name) => {
      const p = parseBackupName(name);
      if (!p || p.environment !== journal.environment || p.counterId !== journal.counterId) return [];
      const path = join(folder, name);
      return [{ path, at: p.at, iso: p.at.toISOString(), seq: p.seq, bytes: sizeOf(path) }];
    });
  }

  saveSettings(input: BackupSettingsInput): BackupStatus {
    if (input.folder !== null) {
      if (!isAbsolute(input.folder)) throw new AppFailure('invalid_argument', 'The backup folder must be a full path', { fields: [{ field: 'folder', message: 'not a full path' }] });
      const folder = resolve(input.folder);
      if (!folderWritable(folder)) throw new AppFailure('backup_folder_unavailable', `The backup folder ${folder} is missing or cannot be written`);
      input = { ...input, folder };
    }
    this.settings.save(input);
    return this.status();
  }

  status(): BackupStatus {
    const journal = this.#opts.journal();
    const settings = this.settings.get();
    const folder = this.settings.folder();
    const folderAvailable = folderWritable(folder) || (settings.folder === null);
    const { lastGood, lastFailure, differs = null } = this.#remembered();
    const now = this.#opts.clock.now().getTime();
    // A success clears the failure: one remembered is one since the last good backup.
    const failedSince = lastFailure !== null;
    // Too old: entries written since a good backup made longer ago than the threshold (or, never
    // backed up, a journal older than it: a new counter is not warned in its first hours).
    const since = lastGood ? Date.parse(lastGood.at) : Date.parse(journal.firstEntryAt() ?? new Date(now).toISOString());
    const stale = journal.lastSeq() > (lastGood?.seq ?? 0) && now - since > settings.warnAfterHours * HOUR_MS;
    const found = lastRewound(journal);
    const rewound = found && { at: found.at, anchoredSeq: found.anchoredSeq, foundSeq: found.foundSeq };
    const last = lastForeign(journal);
    const foreign = last && { at: last.at, count: last.count, firstSeq: last.entries[0]!.seq, types: [...new Set(last.entries.map((e) => e.type))] };
    const thisWeek = (at: string | undefined) => at !== undefined && now - Date.parse(at) < REWOUND_SHOWN_MS;
    const rewoundThisWeek = thisWeek(rewound?.at) || thisWeek(foreign?.at);
    const warning = rewoundThisWeek ? 'journal_rewound' : this.settings.changedOutside() ? 'settings_changed' : !folderAvailable ? 'folder_missing' : failedSince ? 'failed' : differs ? 'history_differs' : stale ? 'stale' : null;
    return {
      settings,
      folder,
      sameDiskAsJournal: settings.folder === null,
      folderAvailable,
      environment: journal.environment as CounterEnvironment,
      lastGood,
      lastFailure: failedSince ? { at: lastFailure.at, error: lastFailure.error as AppError } : null,
      warning,
      differs,
      rewound,
      foreign,
      running: this.#running !== null,
      fresh: !journal.hasWork(),
      kept: this.#list(folder, journal)
        .sort((a, b) => b.at.getTime() - a.at.getTime())
        .map(({ path, iso, seq, bytes }) => ({ path, at: iso, seq, bytes })),
    };
  }
}

function mkdirDefault(folder: string): void {
  // Only the data folder's own backups/ is made on demand; a chosen folder (a USB stick, a share)
  // must exist, or a missing stick would silently fill the mount point of the PC's own disk.
  mkdirSync(folder, { recursive: true, mode: 0o700 });
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
