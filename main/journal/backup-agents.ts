import { AppFailure } from '../failure.ts';
import type { PinKeys } from '../vault/pin-key.ts';
import type { JournalFile } from './journal-file.ts';
import { heldKeysOf, taggedEntryOf, tagOpensWith } from './entry-tags.ts';

/**
 * Refuses a backup whose agents were not written with a PIN key held here: every agent entry must
 * carry a tag this PC's key opens, and a supervisor must be among them. Over a lost journal
 * (main/agents/journal-lost.ts) the restore is open to whoever is at the counter: a journal made
 * elsewhere would bring agents of its maker's choosing (or, with no tags, PIN hashes of an earlier
 * version, which this counter would seal as its own).
 */
export function refuseAgentsNotKeyedHere(file: JournalFile, counterId: string, environment: string, pinKeys: PinKeys | null): void {
  const refuse = (why: string) =>
    new AppFailure('restore_foreign_backup', `This backup's agents were not written by this counter (${why}): over a missing journal only a backup of this counter, or of its station, is restored`);
  if (!pinKeys) throw refuse('the PIN key cannot be read here');
  const keys = heldKeysOf(pinKeys, environment);
  let supervisor = false;
  for (const r of file.agentEntries()) {
    const entry = taggedEntryOf({ counterId }, r);
    if (!tagOpensWith(keys, entry)) throw refuse(`entry ${r.seq} (${r.type}) carries no tag this counter's key opens`);
    if (r.type === 'agent.saved' && entry.payload.role === 'supervisor') supervisor = true;
  }
  if (!supervisor) throw refuse('it has no supervisor');
}
