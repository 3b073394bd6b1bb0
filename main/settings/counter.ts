// The counter's own settings, kept per counter in `counter-settings.json` (see ./file.ts):
// its name, shown in the top bar and printed on receipts and test pages (until the supervisor
// saves one, the counter is named by its start-up option), and how soon an idle screen locks.
import { z } from 'zod';
import { StationName } from '../../contract/calls.ts';
import { SettingsFile } from './file.ts';
import type { ArabicDigits } from '../../core/format.ts';

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

  constructor(dir: string, log: (message: string, err?: unknown) => void = () => {}) {
    this.#file = new SettingsFile({ dir, file: COUNTER_SETTINGS_FILE, what: 'counter settings', schema: Stored, log });
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
    return this.#file.load()?.idleLockMinutes ?? DEFAULT_IDLE_LOCK_MINUTES;
  }

  saveIdleLockMinutes(minutes: number, at: Date = new Date()): number {
    return this.#save({ idleLockMinutes: minutes }, at).idleLockMinutes ?? minutes;
  }

  arabicDigits(): ArabicDigits {
    return this.#file.load()?.arabicDigits ?? 'arab';
  }

  saveArabicDigits(style: ArabicDigits, at: Date = new Date()): ArabicDigits {
    return this.#save({ arabicDigits: style }, at).arabicDigits ?? style;
  }

  #save(change: Partial<Stored>, at: Date): Stored {
    return this.#file.save({ ...this.#file.load(), ...change, version: 1, savedAt: at.toISOString() });
  }
}
