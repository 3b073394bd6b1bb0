import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BACKUP_SETTINGS_FILE } from '../backup/settings.ts';
import { REFUND_SETTINGS_FILE } from '../refunds/settings.ts';
import { STATION_SETTINGS_FILE } from '../station/link.ts';
import { UPDATE_SETTINGS_FILE } from '../updates/settings.ts';
import type { Keychain } from '../vault/keychain.ts';
import type { SettingSeal } from '../vault/settings-seal.ts';
import { COUNTER_SETTINGS_FILE } from './counter.ts';
import { SEAL_MEMBER, sealedText, writeAtomically } from './file.ts';

// The sealed settings files (./file.ts) of the versions before were plain: the first start of this
// version seals each as it finds it, and notes in the keychain that it did. From then on a file
// without a seal was changed outside the app. Someone who also deletes that note from the
// keychain (the same OS user) has the next start take the file as found, as the other marks kept
// there do (main/journal/head-anchor.ts).

/** The settings files that guard the counter: the idle lock's minutes, where backups go, the update feed, the refund policy, the station link. */
export const SEALED_SETTINGS = [COUNTER_SETTINGS_FILE, BACKUP_SETTINGS_FILE, UPDATE_SETTINGS_FILE, REFUND_SETTINGS_FILE, STATION_SETTINGS_FILE] as const;

/** The keychain account noting that the settings file at `path` is sealed from now on. */
export const sealedSinceAccount = (path: string): string => `settings-sealed:${path}`;

export async function sealEarlierSettings(opts: {
  dataDir: string;
  files: readonly string[];
  seal: SettingSeal;
  keychain: Pick<Keychain, 'get' | 'set'>;
  log: (message: string, err?: unknown) => void;
}): Promise<void> {
  for (const file of opts.files) {
    const path = join(opts.dataDir, file);
    try {
      if ((await opts.keychain.get(sealedSinceAccount(path))) !== null) continue;
      const values = plainValues(path);
      if (values && !(SEAL_MEMBER in values)) {
        const seal = opts.seal.make(file, sealedText(values));
        if (seal === null) continue; // no PIN key: sealed at a later start
        writeAtomically(path, `${JSON.stringify({ ...values, [SEAL_MEMBER]: seal }, null, 2)}\n`);
        opts.log(`${file}: sealed as an earlier version left it`);
      }
      await opts.keychain.set(sealedSinceAccount(path), new Date().toISOString());
    } catch (err) {
      opts.log(`${file}: could not be sealed as an earlier version left it (the next start tries again)`, err);
    }
  }
}

/** The file's values as JSON holds them; null when it is missing or not a JSON object (its load logs that). */
function plainValues(path: string): Record<string, unknown> | null {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
  return typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
}
