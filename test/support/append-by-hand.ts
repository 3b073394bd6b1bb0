// An entry appended to a journal file with SQLite, chained as the journal chains them (the chain
// has no key: anyone with the data folder can) but without the counter's keyed tag
// (main/journal/entry-tags.ts), as an attacker holding the data folder would write it. Not folded
// into the read models: the journal did not write it.
import type Database from 'better-sqlite3';
import { canonicalJson } from '../../core/canonical-json.ts';
import { entryHash, GENESIS_HASH } from '../../main/journal/chain.ts';

/** Appends after the journal's last entry, under its counter; the seq it took. */
export function appendByHand(db: Database.Database, type: string, payload: unknown, opts: { at?: string; shiftId?: string | null; counterId?: string } = {}): number {
  const last = db.prepare('SELECT seq, hash, counter_id FROM entries ORDER BY seq DESC LIMIT 1').get() as { seq: number; hash: string; counter_id: string | null } | undefined;
  const seq = (last?.seq ?? 0) + 1;
  const prevHash = last?.hash ?? GENESIS_HASH;
  const counterId = opts.counterId ?? last?.counter_id ?? null;
  const shiftId = opts.shiftId ?? null;
  const at = opts.at ?? new Date().toISOString();
  const text = canonicalJson(payload);
  const hash = entryHash({ seq, prevHash, type, payload: text, at, counterId, shiftId });
  db.prepare('INSERT INTO entries (seq, at, type, payload, prev_hash, hash, counter_id, shift_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(seq, at, type, text, prevHash, hash, counterId, shiftId);
  db.prepare('UPDATE journal_head SET seq = ?, hash = ?').run(seq, hash);
  return seq;
}
