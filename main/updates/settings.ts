import { z } from 'zod';
import { UpdateFeedUrl, type UpdateSettingsInput } from '../../contract/updates.ts';
import { SettingsFile } from '../settings/file.ts';
import type { SettingSeal } from '../vault/settings-seal.ts';

export const UPDATE_SETTINGS_FILE = 'update-settings.json';

const Stored = z.object({ version: z.literal(1), enabled: z.boolean(), feedUrl: UpdateFeedUrl.nullable(), savedAt: z.string() });
type Stored = z.infer<typeof Stored>;

/**
 * The supervisor's choice, per counter (this PC): off and no feed until saved. Whoever sets the
 * feed chooses the code the counter installs, and the file is the PC user's: it is sealed with
 * the PIN key (main/settings/file.ts), and a feed turned on in a file changed outside the app, or
 * where no PIN key can check it (`seal` null), is held off until a supervisor saves it.
 */
export class UpdateSettingsStore {
  readonly #file: SettingsFile<Stored>;
  readonly #checkable: boolean;

  constructor(dir: string, log: (message: string, err?: unknown) => void, seal: SettingSeal | null) {
    this.#file = new SettingsFile({ dir, file: UPDATE_SETTINGS_FILE, what: 'update settings', schema: Stored, log, seal });
    this.#checkable = seal !== null;
  }

  get(): UpdateSettingsInput {
    const s = this.#file.load();
    return s ? { enabled: s.enabled && s.feedUrl !== null && !this.held(), feedUrl: s.feedUrl } : { enabled: false, feedUrl: null };
  }

  /** Whether updates saved on are held off: the file was changed outside the app, or cannot be checked here. */
  held(): boolean {
    return this.#file.load()?.enabled === true && (!this.#checkable || this.#file.changedOutside());
  }

  save(input: UpdateSettingsInput, at: Date): UpdateSettingsInput {
    this.#file.save({ version: 1, enabled: input.enabled, feedUrl: input.feedUrl, savedAt: at.toISOString() });
    return this.get();
  }
}
