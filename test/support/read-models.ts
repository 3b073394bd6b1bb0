import type { Journal } from '../../main/journal/journal.ts';
import { READ_MODELS } from '../../main/journal/read-models.ts';

/** Every row of every read model, in a stable order: what a rebuild must reproduce exactly. */
export function readModelRows(journal: Journal): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const table of READ_MODELS) out[table] = journal.db.prepare(`SELECT * FROM ${table} ORDER BY 1`).all();
  return out;
}
