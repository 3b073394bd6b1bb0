// Entries a backup missed but the station database holds, taken into the restored journal: each
// must follow the journal's head (its prev_hash is the head's hash, its seq the next one), match
// its own hash, exactly as the station checked it on arrival, and pass its schema; then it is
// stored as it was written and applied to the read models, as if this journal had written it.
import type { EntryPayloads } from './entries.ts';
import { entryHash, GENESIS_HASH } from './chain.ts';
import type { Entry, Journal, StoredEntry } from './journal.ts';
import { applyEntry } from './read-models.ts';
import { entryProblem } from './schemas.ts';
import { AppFailure } from '../failure.ts';

/** Appends `entries` (in seq order, following the journal's head) to `journal`; returns how many were taken. */
export function adoptEntries(journal: Journal, entries: readonly StoredEntry[]): number {
  return journal.transaction(() => {
    const head = journal.stmt<[], { seq: number; hash: string }>('SELECT seq, hash FROM journal_head WHERE id = 1').get();
    let seq = head?.seq ?? 0;
    let prev = head?.hash ?? GENESIS_HASH;
    const insert = journal.stmt('INSERT INTO entries (seq, at, type, payload, prev_hash, hash, counter_id, shift_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    for (const e of entries) {
      const counterId = e.chainedCounter ? journal.counterId : null;
      const hash = entryHash({ seq: e.seq, prevHash: e.prevHash, type: e.type, payload: e.payload, at: e.at, counterId, shiftId: e.shiftId });
      if (e.seq !== seq + 1 || e.prevHash !== prev || hash !== e.hash) {
        throw new AppFailure('backup_corrupt', `The station's entry ${e.seq} does not follow this counter's entry ${seq}: the backup and the station disagree`);
      }
      const payload = JSON.parse(e.payload) as EntryPayloads[Entry['type']];
      const problem = entryProblem(e.type, payload);
      if (problem) throw new AppFailure('backup_corrupt', `The station's entry ${e.seq} is not a valid entry (${problem}): it is not taken`);
      insert.run(e.seq, e.at, e.type, e.payload, e.prevHash, e.hash, counterId, e.shiftId);
      seq = e.seq;
      prev = e.hash;
      applyEntry(journal, { seq, at: e.at, type: e.type as Entry['type'], payload, counterId: journal.counterId, shiftId: e.shiftId, hash: e.hash });
    }
    journal.stmt('INSERT INTO journal_head (id, seq, hash) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET seq = excluded.seq, hash = excluded.hash').run(seq, prev);
    return entries.length;
  });
}
