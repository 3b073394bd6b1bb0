// The journal's `meta` table: one text value per key (the lookup's mark, when the wallet statement
// was read, …), read and written here only, through one statement each.
import type { z } from 'zod';
import type { Journal } from '../journal.ts';

/** The value kept under `key`, or undefined. */
export function metaValue(j: Journal, key: string): string | undefined {
  return j.stmt<[string], { value: string }>('SELECT value FROM meta WHERE key = ?').get(key)?.value;
}

/** Keeps `value` under `key` (in the caller's transaction when there is one). */
export function setMetaValue(j: Journal, key: string, value: string): void {
  j.stmt<[string, string]>('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
}

/** Forgets what is kept under `key` (in the caller's transaction when there is one). */
export function forgetMetaValue(j: Journal, key: string): void {
  j.stmt<[string]>('DELETE FROM meta WHERE key = ?').run(key);
}

/** The JSON value kept under `key` as `schema` reads it; `fallback` when absent or unreadable (a cache, never a fact). */
export function metaJson<T>(j: Journal, key: string, schema: z.ZodType<T>, fallback: T): T {
  let stored: unknown;
  try {
    stored = JSON.parse(metaValue(j, key) ?? 'null');
  } catch {
    return fallback;
  }
  const parsed = schema.safeParse(stored);
  return parsed.success ? parsed.data : fallback;
}
