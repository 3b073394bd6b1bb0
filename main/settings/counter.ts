// The counter's own settings, kept per counter in `counter-settings.json` (see ./file.ts):
// for now its name, shown in the top bar and printed on receipts and test pages. Until the
// supervisor saves one, the counter is named by its start-up option.
import { z } from 'zod';
import { StationName } from '../../contract/calls.ts';
import { SettingsFile } from './file.ts';

export const COUNTER_SETTINGS_FILE = 'counter-settings.json';

const Stored = z.object({
  version: z.literal(1),
  stationName: StationName,
  savedAt: z.string(),
});

export class CounterSettingsStore {
  readonly #file: SettingsFile<z.infer<typeof Stored>>;

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
    return this.#file.save({ version: 1, stationName, savedAt: at.toISOString() }).stationName;
  }
}
