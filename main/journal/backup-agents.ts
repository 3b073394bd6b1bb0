import Database from 'better-sqlite3';
import { AppFailure } from '../failure.ts';
import type { PinKeys } from '../vault/pin-key.ts';
import { AGENT_ROW_TYPES } from './agent-rows.ts';
import { heldKeysOf, TAGGED_COLUMNS, tagOpensWith, type TaggedRow } from './entry-tags.ts';

/**
 * Refuses a backup file whose agents were not written with a PIN key held here: every agent entry
 * must carry a tag this PC's key opens, and a supervisor must be among them. Over a lost journal
 * (main/agents/journal-lost.ts) the restore is open to whoever is at the counter: a journal made
 * elsewhere would bring agents of its maker's choosing (or, with no tags, PIN hashes of an earlier
 * version, which this counter would seal as its own).
 */
export function refuseAgentsNotKeyedHere(path: string, pinKeys: PinKeys | null): void {
  const refuse = (why: string) =>
    new AppFailure('restore_foreign_backup', `This backup's agents were not written by this counter (${why}): over a missing journal only a backup of this counter, or of its station, is restored`);
  if (!pinKeys) throw refuse('the PIN key cannot be read here');
  const keys = heldKeysOf(pinKeys);
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
  } catch {
    throw refuse('the file cannot be read');
  }
  try {
    const counterId = (db.prepare("SELECT value FROM meta WHERE key = 'counter_id'").pluck().get() as string | undefined) ?? '';
    const rows = db
      .prepare(`SELECT ${TAGGED_COLUMNS} FROM entries WHERE type IN (${AGENT_ROW_TYPES.map(() => '?').join(',')}) ORDER BY seq`)
      .all(...AGENT_ROW_TYPES) as TaggedRow[];
    let supervisor = false;
    for (const r of rows) {
      const payload = JSON.parse(r.payload) as Record<string, unknown>;
      const entry = { seq: r.seq, prevHash: r.prev_hash, type: r.type, at: r.at, counterId: r.counter_id ?? counterId, shiftId: r.shift_id, payload };
      if (!tagOpensWith(keys, entry)) throw refuse(`entry ${r.seq} (${r.type}) carries no tag this counter's key opens`);
      if (r.type === 'agent.saved' && payload.role === 'supervisor') supervisor = true;
    }
    if (!supervisor) throw refuse('it has no supervisor');
  } catch (err) {
    if (err instanceof AppFailure) throw err;
    throw refuse('its entries cannot be read');
  } finally {
    db.close();
  }
}
