import type { CounterEnvironment } from '../../contract/counter.ts';
import type { JournalLost } from '../../contract/shifts.ts';
import { AGENT_ROW_TYPES } from '../journal/agent-rows.ts';
import { lastAgentSavedHere } from '../journal/agent-tags.ts';
import { agentsHeadLost, earlierCopyUnsettled, type AgentsHead } from '../journal/agents-head.ts';
import { tagKeysOf, type HeldKeys } from '../journal/entry-tags.ts';
import { lastRewound } from '../journal/head-anchor.ts';
import type { Journal } from '../journal/journal.ts';

/**
 * A LIVE (or SANDBOX) journal found rewound at a start whose agents this counter never wrote: the
 * file was deleted or emptied outside the app (the head kept in the keychain said it held more),
 * and no agent was saved in it with a tag this PC's key opens. Agents appended by hand, untagged as
 * an earlier version's are, do not end it. Such a counter is not a new one acting
 * as its own supervisor: nobody may sign in or act in it until its journal is restored (a
 * backup, the station) or a first supervisor is made with the station secret a supervisor wrote
 * down. The mark is the journal.rewound entry itself, found again by the next start if deleted.
 * So is a journal found to be an earlier copy of itself (agents-head.ts): its agents are as they
 * were before a change the keychain saw, until a backup that holds the change is restored or a
 * supervisor is made with the station secret. TRAINING (play money) starts afresh as before.
 */
export function journalLost(journal: Journal, environment: CounterEnvironment): JournalLost | null {
  if (environment === 'TRAINING') return null;
  // Asked before every call's role check: the agents' entries are read again only when the
  // journal's head moved (an entry appended or replaced, here or by hand) or the key changed.
  const seq = journal.lastSeq();
  const head = journal.hashAt(seq);
  const key = tagKeysOf(journal)?.current ?? null;
  const known = answers.get(journal);
  if (known?.seq === seq && known.head === head && known.key === key) return known.lost;
  const rewound = lastRewound(journal);
  // one read of the agents' entries answers both: saved here at all, and since the rewind
  const lastSaved = rewound ? lastAgentSavedHere(journal, AGENT_ROW_TYPES) : null;
  const deleted = rewound !== null && lastSaved === null;
  const earlierCopy = !deleted && earlierCopyUnsettled(journal, rewound, () => lastSaved) !== null;
  const lost = rewound && (deleted || earlierCopy) ? { entries: rewound.anchoredSeq, foundAt: rewound.at, earlierCopy } : null;
  answers.set(journal, { seq, head, key, lost });
  return lost;
}

/** The change to the agents a backup must hold to be restored over this lost journal (null: none; see agents-head.ts). */
export function agentsHeadToRestore(journal: Journal): AgentsHead | null {
  return agentsHeadLost(lastRewound(journal));
}

const answers = new WeakMap<Journal, { seq: number; head: string | null; key: HeldKeys['current'] | null; lost: JournalLost | null }>();
