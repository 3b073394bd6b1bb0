import { z } from 'zod';

// Updates of the app itself: electron-updater against a generic HTTPS feed (latest.yml and the
// installers) that the station or head office hosts. Off until a supervisor sets a feed.

/** The feed's base URL: HTTPS only (an update is code that runs with the counter's rights). */
export const UpdateFeedUrl = z
  .url({ protocol: /^https$/, hostname: z.regexes.hostname })
  .max(500)
  .refine((u) => !/[?#]/.test(u), 'no query or fragment');

export const UpdateSettingsInput = z.strictObject({ enabled: z.boolean(), feedUrl: UpdateFeedUrl.nullable() }).refine((s) => !s.enabled || s.feedUrl !== null, {
  message: 'a feed is needed to turn updates on',
  path: ['feedUrl'],
});
export type UpdateSettingsInput = z.infer<typeof UpdateSettingsInput>;

/** Why a downloaded update waits (it installs by itself once none holds). */
export type UpdateWait = 'shift_open' | 'sale_in_flight' | 'counter_busy';

export type UpdatePhase = 'off' | 'held' | 'unavailable' | 'idle' | 'checking' | 'downloading' | 'downloaded' | 'installing' | 'failed';

export interface UpdateStatus {
  enabled: boolean;
  feedUrl: string | null;
  /**
   * `unavailable`: this build cannot update itself (run from the repository, the web harness);
   * `held`: saved on, but the settings were changed outside the app (or cannot be checked without the keychain).
   */
  phase: UpdatePhase;
  currentVersion: string;
  /** The version found on the feed (downloading or downloaded). */
  availableVersion: string | null;
  waitingFor: UpdateWait | null;
  lastCheckedAt: string | null;
  /** The last failure's message (English; the feed's own words). */
  lastError: string | null;
}
