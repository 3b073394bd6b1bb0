// The shapes of journal entries: as the journal hands them out (Entry), as stored (EntryRow) and
// as shipping reads them (StoredEntry).
import { AppFailure } from '../failure.ts';
import type { EntryPayloads, EntryType } from './entries.ts';

export interface Entry<K extends EntryType = EntryType> {
  seq: number;
  at: string;
  type: K;
  payload: EntryPayloads[K];
  /** The counter that wrote it (entries older than counter ids: the journal's own). */
  counterId: string;
  shiftId: string | null;
  hash: string;
}

/** An entry as stored: the payload's canonical text, and whether its hash covers the counter (v2). */
export interface StoredEntry {
  seq: number;
  at: string;
  type: string;
  payload: string;
  prevHash: string;
  hash: string;
  chainedCounter: boolean;
  shiftId: string | null;
}

/** A row of the entries table, as stored. */
export interface EntryRow {
  seq: number;
  at: string;
  type: string;
  payload: string;
  prev_hash: string;
  hash: string;
  counter_id: string | null;
  shift_id: string | null;
}

/** An entries row as shipping reads it. */
export function storedEntryOf(r: EntryRow): StoredEntry {
  return {
    seq: r.seq,
    at: r.at,
    type: r.type,
    payload: r.payload,
    prevHash: r.prev_hash,
    hash: r.hash,
    chainedCounter: r.counter_id !== null,
    shiftId: r.shift_id,
  };
}

/** An entry that fails its schema: the journal is read-only, and says which entry. */
export function invalidEntryFailure(seq: number, problem: string): AppFailure {
  return new AppFailure('journal_read_only', `Journal entry ${seq} is not valid (${problem}): the journal is open read-only`);
}
