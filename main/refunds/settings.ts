// The station's refund settings on this counter (`refund-settings.json`, a supervisor's): what it
// keeps of a refund it chooses to give, and after how many days an unsettled claim is overdue.
// The file is the PC user's and the policy is money out of the drawer: it is sealed with the PIN key
// (main/settings/file.ts), and changed outside the app it holds back the refunds the station
// chooses to give until a supervisor saves it (./service.ts).
import { z } from 'zod';
import { RefundPolicy, type RefundSettings } from '../../contract/refunds.ts';
import { SettingsFile } from '../settings/file.ts';
import type { SettingSeal } from '../vault/settings-seal.ts';

export const REFUND_SETTINGS_FILE = 'refund-settings.json';

/** Nothing saved: refunds the station chooses to give are paid whole; claims overdue after two weeks. */
export const DEFAULT_REFUND_SETTINGS: RefundSettings = { policy: { kind: 'none' }, overdueDays: 14 };

export const OverdueDays = z.int().min(1).max(365);

const Stored = z.object({ version: z.literal(1), policy: RefundPolicy, overdueDays: OverdueDays, savedAt: z.string(), savedBy: z.string() });

export class RefundSettingsStore {
  readonly #file: SettingsFile<z.infer<typeof Stored>>;

  constructor(dir: string, log: (message: string, err?: unknown) => void, seal: SettingSeal | null) {
    this.#file = new SettingsFile({ dir, file: REFUND_SETTINGS_FILE, what: 'refund settings', schema: Stored, log, seal });
  }

  load(): RefundSettings {
    const s = this.#file.load();
    const changed = this.#file.changedOutside() ? { changedOutside: true as const } : {};
    return { ...(s ? { policy: s.policy, overdueDays: s.overdueDays } : DEFAULT_REFUND_SETTINGS), ...changed };
  }

  save(settings: RefundSettings, by: string, at: Date): RefundSettings {
    this.#file.save({ version: 1, ...settings, savedAt: at.toISOString(), savedBy: by });
    return this.load();
  }
}
