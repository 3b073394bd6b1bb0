import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BACKUP_SETTINGS_FILE } from '../backup/settings.ts';
import { REFUND_SETTINGS_FILE } from '../refunds/settings.ts';
import { STATION_SETTINGS_FILE } from '../station/link.ts';
import { UPDATE_SETTINGS_FILE } from '../updates/settings.ts';
import type { Keychain } from '../vault/keychain.ts';
import type { SettingSeal } from '../vault/settings-seal.ts';
import { COUNTER_SETTINGS_FILE } from './counter.ts';
import { jsonObject, SEAL_MEMBER, sealedText, writeAtomically } from './file.ts';

// The sealed settings files (./file.ts) of the versions before were plain: the first start of this
// version seals each as it finds it, and notes in the keychain that it did (one entry for the data
// folder, listing the files). From then on a file without a seal was changed outside the app.
// Someone who also deletes that note from the keychain (the same OS user) has the next start take
// the files as found, as the other marks kept there do (main/journal/head-anchor.ts).

/** The settings files that guard the counter: the idle lock's minutes, where backups go, the update feed, the refund policy, the station link. */
export const SEALED_SETTINGS = [COUNTER_SETTINGS_FILE, BACKUP_SETTINGS_FILE, UPDATE_SETTINGS_FILE, REFUND_SETTINGS_FILE, STATION_SETTINGS_FILE] as const;

/** The keychain account noting which settings files of the data folder are sealed from now on. */
export const sealedSinceAccount = (dataDir: string): string => `settings-sealed:${dataDir}`;

export async function sealEarlierSettings(opts: {
  dataDir: string;
  files: readonly string[];
  seal: SettingSeal;
  keychain: Pick<Keychain, 'get' | 'set'>;
  log: (message: string, err?: unknown) => void;
}): Promise<void> {
  const account = sealedSinceAccount(opts.dataDir);
  try {
    const noted = sealedFiles(await opts.keychain.get(account));
    const due = opts.files.filter((f) => !noted.includes(f));
    if (due.length === 0) return;
    const sealed = due.filter((file) => sealAsFound(join(opts.dataDir, file), file, opts.seal, opts.log));
    await opts.keychain.set(account, JSON.stringify([...noted, ...sealed]));
  } catch (err) {
    opts.log('settings files could not be sealed as an earlier version left them (the next start tries again)', err);
  }
}

/** Seals a plain file as found; false when it cannot be sealed now (no PIN key: a later start does it). */
function sealAsFound(path: string, file: string, seal: SettingSeal, log: (message: string) => void): boolean {
  const values = plainValues(path);
  if (!values || SEAL_MEMBER in values) return true;
  const made = seal.make(file, sealedText(values));
  if (made === null) return false;
  writeAtomically(path, `${JSON.stringify({ ...values, [SEAL_MEMBER]: made }, null, 2)}\n`);
  log(`${file}: sealed as an earlier version left it`);
  return true;
}

const sealedFiles = (text: string | null): string[] => {
  try {
    const list: unknown = text === null ? [] : JSON.parse(text);
    return Array.isArray(list) ? list.filter((f): f is string => typeof f === 'string') : [];
  } catch {
    return [];
  }
};

/** The file's values as JSON holds them; null when it is missing or not a JSON object (its load logs that). */
function plainValues(path: string): Record<string, unknown> | null {
  try {
    return jsonObject(JSON.parse(readFileSync(path, 'utf8')));
  } catch {
    return null;
  }
}
