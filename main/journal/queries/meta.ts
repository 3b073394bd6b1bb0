// The journal's `meta` table: one text value per key (the lookup's mark, when the wallet statement
// was read, …), read and written here only, through one statement each.
import type { Journal } from '../journal.ts';

/** The value kept under `key`, or undefined. */
export function metaValue(j: Journal, key: string): string | undefined {
  return j.stmt<[string], { value: string }>('SELECT value FROM meta WHERE key = ?').get(key)?.value;
}

/** Keeps `value` under `key` (in the caller's transaction when there is one). */
export function setMetaValue(j: Journal, key: string, value: string): void {
  j.stmt<[string, string]>('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
}
