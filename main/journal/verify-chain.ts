import type Database from 'better-sqlite3';
import type { JournalCheck } from '../../contract/counter.ts';
import { entryHash, GENESIS_HASH } from './chain.ts';
import type { EntryRow } from './journal.ts';

/**
 * Walks the whole chain of a journal database (the live one or a backup opened read-only): the
 * first entry that was edited, deleted, inserted or reordered, and whether the head agrees.
 */
export function verifyChain(db: Database.Database): JournalCheck & { lastHash: string } {
  let expected = 1;
  let prev = GENESIS_HASH;
  const bad = (seq: number) => ({ ok: false, entries: expected - 1, firstBadSeq: seq, lastHash: prev });
  for (const r of db.prepare('SELECT * FROM entries ORDER BY seq').iterate() as Iterable<EntryRow>) {
    if (r.seq !== expected) return bad(expected);
    if (r.prev_hash !== prev) return bad(r.seq);
    if (entryHash({ seq: r.seq, prevHash: r.prev_hash, type: r.type, payload: r.payload, at: r.at, counterId: r.counter_id, shiftId: r.shift_id }) !== r.hash) {
      return bad(r.seq);
    }
    prev = r.hash;
    expected++;
  }
  const last = expected - 1;
  const head = db.prepare('SELECT seq, hash FROM journal_head WHERE id = 1').get() as { seq: number; hash: string } | undefined;
  if (!head) return last === 0 ? { ok: true, entries: 0, firstBadSeq: null, lastHash: prev } : bad(1);
  if (head.seq > last) return bad(last + 1);
  if (head.seq < last) return bad(head.seq + 1);
  if (head.hash !== prev) return bad(last);
  return { ok: true, entries: last, firstBadSeq: null, lastHash: prev };
}
