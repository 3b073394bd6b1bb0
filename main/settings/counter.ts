// The counter's own settings, kept per counter in `counter-settings.json` (see ./file.ts):
// its name, shown in the top bar and printed on receipts and test pages (until the supervisor
// saves one, the counter is named by its start-up option), and how soon an idle screen locks.
// The idle minutes guard the counter, and the file is the PC user's: it is sealed (./file.ts), and
// minutes found in it changed outside the app count only where they lock sooner than the default.
import { z } from 'zod';
import { StationName } from '../../contract/calls.ts';
import { SettingsFile } from './file.ts';
import type { ArabicDigits } from '../../core/format.ts';
import type { SettingSeal } from '../vault/settings-seal.ts';

export const COUNTER_SETTINGS_FILE = 'counter-settings.json';

/** Minutes without a key or a click before the screen locks, when nothing was saved. */
export const DEFAULT_IDLE_LOCK_MINUTES = 5;

const Stored = z.object({
  version: z.literal(1),
  stationName: StationName.optional(),
  idleLockMinutes: z.int().min(0).max(240).optional(),
  /** The digits of Arabic screens and paper (core/format.ts); Arabic-Indic when not saved. */
  arabicDigits: z.enum(['arab', 'latn']).optional(),
  savedAt: z.string(),
});
type Stored = z.infer<typeof Stored>;

export class CounterSettingsStore {
  readonly #file: SettingsFile<Stored>;
  readonly #log: (message: string) => void;
  /** The unsealed minutes last said in the log (said once, not at every check). */
  #refused: number | null = null;

  constructor(dir: string, log: (message: string, err?: unknown) => void = () => {}, seal: SettingSeal | null = null) {
    this.#file = new SettingsFile({ dir, file: COUNTER_SETTINGS_FILE, what: 'counter settings', schema: Stored, log, seal });
    this.#log = log;
  }

  get path(): string {
    return this.#file.path;
  }

  /** The saved station name, or null when none was saved. */
  stationName(): string | null {
    return this.#file.load()?.stationName ?? null;
  }

  /** Saves the name (trimmed) and answers it as stored. */
  saveStationName(stationName: string, at: Date = new Date()): string {
    return this.#save({ stationName }, at).stationName ?? stationName;
  }

  idleLockMinutes(): number {
    const minutes = this.#file.load()?.idleLockMinutes;
    if (minutes === undefined) return DEFAULT_IDLE_LOCK_MINUTES;
    if (!this.#file.changedOutside() || (minutes >= 1 && minutes <= DEFAULT_IDLE_LOCK_MINUTES)) return minutes;
    if (this.#refused !== minutes) {
      this.#refused = minutes;
      this.#log(`counter settings: the idle lock's ${minutes} minutes were changed outside the app: the screen locks after ${DEFAULT_IDLE_LOCK_MINUTES}`);
    }
    return DEFAULT_IDLE_LOCK_MINUTES;
  }

  saveIdleLockMinutes(minutes: number, at: Date = new Date()): number {
    this.#save({ idleLockMinutes: minutes }, at);
    return this.idleLockMinutes();
  }

  arabicDigits(): ArabicDigits {
    return this.#file.load()?.arabicDigits ?? 'arab';
  }

  saveArabicDigits(style: ArabicDigits, at: Date = new Date()): ArabicDigits {
    return this.#save({ arabicDigits: style }, at).arabicDigits ?? style;
  }

  #save(change: Partial<Stored>, at: Date): Stored {
    // minutes changed outside the app are not sealed by the next save of another setting
    const kept = this.#file.changedOutside() ? { ...this.#file.load(), idleLockMinutes: this.idleLockMinutes() } : this.#file.load();
    return this.#file.save({ ...kept, ...change, version: 1, savedAt: at.toISOString() });
  }
}
