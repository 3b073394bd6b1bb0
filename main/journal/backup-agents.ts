import { AppFailure } from '../failure.ts';
import type { PinKeys } from '../vault/pin-key.ts';
import type { JournalFile } from './journal-file.ts';
import { heldKeysOf, taggedEntryOf, tagOpensWith } from './entry-tags.ts';
import { agentsHeadMissing, type AgentsHead } from './agents-head.ts';

/** What a backup file restored over a lost journal must be (main/agents/journal-lost.ts). */
export interface OverLostJournal {
  /** The PIN keys its agents must be written with (null: none held, nothing passes). */
  keys: PinKeys | null;
  /** The change to the agents the restored journal must hold (agents-head.ts; null: none kept). */
  agentsHead: AgentsHead | null;
}

/**
 * Refuses a restored journal (the backup with the station's later entries) that lacks the change
 * to the agents the keychain kept before the journal went missing: it would bring them back as
 * they were before it (a supervisor since dismissed).
 */
export function refuseWithoutAgentsHead(journal: { hashAt(seq: number): string | null }, head: AgentsHead | null): void {
  const missing = agentsHeadMissing(journal, head ?? undefined);
  if (!missing) return;
  throw new AppFailure(
    'restore_before_agents_change',
    `This backup does not hold entry ${missing.seq}, a change to this counter's agents the keychain saw before its journal went missing: restore a newer backup or from the station, or type the station secret a supervisor wrote down`,
    { seq: missing.seq },
  );
}

/**
 * Refuses a backup whose agents were not written with a PIN key held here: every agent entry must
 * carry a tag this PC's key opens, and a supervisor must be among them. Over a lost journal
 * (main/agents/journal-lost.ts) the restore is open to whoever is at the counter: a journal made
 * elsewhere would bring agents of its maker's choosing (or, with no tags, PIN hashes of an earlier
 * version, which this counter would seal as its own).
 */
export function refuseAgentsNotKeyedHere(file: JournalFile, counterId: string, environment: string, over: Pick<OverLostJournal, 'keys'>): void {
  const refuse = (why: string) =>
    new AppFailure('restore_foreign_backup', `This backup's agents were not written by this counter (${why}): over a missing journal only a backup of this counter, or of its station, is restored`);
  if (!over.keys) throw refuse('the PIN key cannot be read here');
  const keys = heldKeysOf(over.keys, environment);
  let supervisor = false;
  for (const r of file.agentEntries()) {
    const entry = taggedEntryOf({ counterId }, r);
    if (!tagOpensWith(keys, entry)) throw refuse(`entry ${r.seq} (${r.type}) carries no tag this counter's key opens`);
    if (r.type === 'agent.saved' && entry.payload.role === 'supervisor') supervisor = true;
  }
  if (!supervisor) throw refuse('it has no supervisor');
}
