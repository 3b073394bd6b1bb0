// The backup settings of this counter (this PC, every environment): where backups go, how often,
// how many are kept. Not secret: plain JSON in the data folder, like the print settings.
import { join } from 'node:path';
import { z } from 'zod';
import { BackupSettingsInput } from '../../contract/backup.ts';
import { SettingsFile } from '../settings/file.ts';
import type { SettingSeal } from '../vault/settings-seal.ts';

export const BACKUP_SETTINGS_FILE = 'backup-settings.json';

export const DEFAULT_BACKUP_SETTINGS: BackupSettingsInput = { folder: null, everyHours: 3, warnAfterHours: 26, keepDays: 7, keepWeeks: 8 };

export class BackupSettingsStore {
  readonly #file: SettingsFile<BackupSettingsInput>;
  readonly #dataDir: string;

  /** `seal`: where backups go is sealed, so that a folder edited in by hand is raised (./service.ts). */
  constructor(dataDir: string, log?: (message: string, err?: unknown) => void, seal: SettingSeal | null = null) {
    this.#dataDir = dataDir;
    this.#file = new SettingsFile({ dir: dataDir, file: BACKUP_SETTINGS_FILE, what: 'backup settings', schema: BackupSettingsInput, log, seal });
  }

  /** Whether the settings were edited outside the app (a supervisor's save ends it). */
  changedOutside(): boolean {
    return this.#file.changedOutside();
  }

  get(): BackupSettingsInput {
    return this.#file.load() ?? DEFAULT_BACKUP_SETTINGS;
  }

  save(s: BackupSettingsInput): BackupSettingsInput {
    return this.#file.save(s);
  }

  /** Where backups go: the chosen folder, or the data folder's backups/ (same disk: warned). */
  folder(): string {
    return this.get().folder ?? this.defaultFolder();
  }

  defaultFolder(): string {
    return join(this.#dataDir, 'backups');
  }
}

/** What the service remembers between starts, per environment: the last good backup and failure. */
export const BackupMemory = z.object({
  version: z.literal(1),
  byEnvironment: z.record(
    z.string(),
    z.object({
      lastGood: z.object({ path: z.string(), at: z.string(), seq: z.int(), bytes: z.int() }).nullable(),
      lastFailure: z.object({ at: z.string(), error: z.object({ code: z.string(), message: z.string() }) }).nullable(),
      /** Seen at the last rotation: a backup holding an entry of the journal differently. */
      differs: z.object({ path: z.string(), seq: z.int() }).nullable().optional(),
    }),
  ),
});
export type BackupMemory = z.infer<typeof BackupMemory>;
