import { z } from 'zod';
import { UpdateFeedUrl, type UpdateSettingsInput } from '../../contract/updates.ts';
import { SettingsFile } from '../settings/file.ts';

export const UPDATE_SETTINGS_FILE = 'update-settings.json';

const Stored = z.object({ version: z.literal(1), enabled: z.boolean(), feedUrl: UpdateFeedUrl.nullable(), savedAt: z.string() });
type Stored = z.infer<typeof Stored>;

/** The supervisor's choice, per counter (this PC): off and no feed until saved. */
export class UpdateSettingsStore {
  readonly #file: SettingsFile<Stored>;

  constructor(dir: string, log?: (message: string, err?: unknown) => void) {
    this.#file = new SettingsFile({ dir, file: UPDATE_SETTINGS_FILE, what: 'update settings', schema: Stored, log });
  }

  get(): UpdateSettingsInput {
    const s = this.#file.load();
    return s ? { enabled: s.enabled && s.feedUrl !== null, feedUrl: s.feedUrl } : { enabled: false, feedUrl: null };
  }

  save(input: UpdateSettingsInput, at: Date): UpdateSettingsInput {
    this.#file.save({ version: 1, enabled: input.enabled, feedUrl: input.feedUrl, savedAt: at.toISOString() });
    return this.get();
  }
}
