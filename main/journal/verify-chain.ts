import type Database from 'better-sqlite3';
import type { JournalCheck } from '../../contract/counter.ts';
import { entryHash, GENESIS_HASH } from './chain.ts';
import type { EntryRow } from './journal.ts';

export type ChainCheck = JournalCheck & { lastHash: string };

/** Rows walked between two pauses when the walk gives way (a backup's check runs beside sales). */
const ROWS_PER_STEP = 500;

/**
 * The chain walk, as steps: it yields after every ROWS_PER_STEP rows and returns the verdict.
 * Run to the end at once (verifyChain) or with pauses (verifyChainYielding).
 */
function* walk(db: Database.Database): Generator<void, ChainCheck> {
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
    if (expected % ROWS_PER_STEP === 0) yield;
  }
  const last = expected - 1;
  const head = db.prepare('SELECT seq, hash FROM journal_head WHERE id = 1').get() as { seq: number; hash: string } | undefined;
  if (!head) return last === 0 ? { ok: true, entries: 0, firstBadSeq: null, lastHash: prev } : bad(1);
  if (head.seq > last) return bad(last + 1);
  if (head.seq < last) return bad(head.seq + 1);
  if (head.hash !== prev) return bad(last);
  return { ok: true, entries: last, firstBadSeq: null, lastHash: prev };
}

/**
 * Walks the whole chain of a journal database (the live one or a backup opened read-only): the
 * first entry that was edited, deleted, inserted or reordered, and whether the head agrees.
 */
export function verifyChain(db: Database.Database): ChainCheck {
  const steps = walk(db);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same walk, giving the event loop back every few thousand entries: a backup of a large
 * journal is checked without holding up a sale. Only for a database nobody writes meanwhile
 * (a backup file opened read-only on its own connection).
 */
export async function verifyChainYielding(db: Database.Database): Promise<ChainCheck> {
  const steps = walk(db);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
