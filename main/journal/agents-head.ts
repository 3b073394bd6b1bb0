import { AGENT_ROW_TYPES } from './agent-rows.ts';
import { lastAgentSavedHere } from './agent-tags.ts';
import type { JournalRewound } from './entries.ts';
import type { Journal } from './journal.ts';

// The agents' head: the last entry that gave or took an agent's rights (a role, a PIN, being
// active: agent.saved, agent.pin_resealed), kept in the keychain with the journal's head
// (head-anchor.ts). A journal found rewound is most often an earlier copy put in place by the PC's
// user: one from before a supervisor was dismissed or a PIN changed would bring those back. (Not
// a sign-in, a wrong PIN or a lock: a backup made before the last sign-in must still restore.)
// So a rewind that lost the agents' head makes the journal lost (main/agents/journal-lost.ts)
// until a journal that holds it is restored, or a supervisor is made with the station secret;
// meanwhile the keychain keeps that head, so that deleting the rewind's mark finds the same again.

export interface AgentsHead {
  seq: number;
  hash: string;
}

const AGENT_ROW_TYPES_SQL = AGENT_ROW_TYPES.map((t) => `'${t}'`).join(', ');

/** The journal's last entry that gave or took an agent's rights, counted or not (through the index entries_of_agents, whose own list is asked first). */
function lastAgentEntry(journal: Journal): AgentsHead | null {
  const row = journal
    .stmt<[], AgentsHead>(
      `SELECT seq, hash FROM entries INDEXED BY entries_of_agents WHERE type IN (${AGENT_ROW_TYPES_SQL}) AND type IN ('agent.saved', 'agent.pin_resealed') ORDER BY seq DESC LIMIT 1`,
    )
    .get();
  return row ?? null;
}

/** The agents' head a rewind lost, as its entry names it (null: none, or none was kept then). */
export function agentsHeadLost(rewound: JournalRewound | null): AgentsHead | null {
  return rewound?.agentsSeq !== undefined && rewound.agentsHash !== undefined ? { seq: rewound.agentsSeq, hash: rewound.agentsHash } : null;
}

/**
 * The agents' head the last rewind lost, while no agent was saved here since (null otherwise).
 * `lastSaved`: lastAgentSavedHere's answer, when the caller has it already.
 */
export function earlierCopyUnsettled(
  journal: Journal,
  rewound: (JournalRewound & { seq: number }) | null,
  lastSaved: () => number | null = () => lastAgentSavedHere(journal, AGENT_ROW_TYPES),
): AgentsHead | null {
  const lost = agentsHeadLost(rewound);
  if (!lost) return null;
  const saved = lastSaved();
  return saved !== null && saved > rewound!.seq ? null : lost;
}

/** What the keychain keeps as the agents' head: the journal's, unless it is an earlier copy not yet settled. */
export function agentsHeadToKeep(journal: Journal, rewound: (JournalRewound & { seq: number }) | null): AgentsHead | null {
  return earlierCopyUnsettled(journal, rewound) ?? lastAgentEntry(journal);
}

/** The agents' head kept, when a journal (or a backup file) does not hold it (null: it does, or none was kept). */
export function agentsHeadMissing(holder: { hashAt(seq: number): string | null }, kept: AgentsHead | undefined): AgentsHead | null {
  return kept && holder.hashAt(kept.seq) !== kept.hash ? kept : null;
}
