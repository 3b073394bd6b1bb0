import type { CounterEnvironment } from '../../contract/counter.ts';
import type { JournalLost } from '../../contract/shifts.ts';
import { lastRewound } from '../journal/head-anchor.ts';
import type { Journal } from '../journal/journal.ts';
import type { AgentDirectory } from './directory.ts';

/**
 * A LIVE (or SANDBOX) journal with no agent that was found rewound at a start: the file was deleted
 * or emptied outside the app (the head kept in the keychain said it held more). Such a counter is
 * not a new one acting as its own supervisor: nobody may act in it until its journal is restored
 * (a backup, the station) or a first supervisor is made with the station secret a supervisor
 * wrote down. The mark is the journal.rewound entry itself, so deleting the file again keeps it.
 * TRAINING (play money) starts afresh as before.
 */
export function journalLost(journal: Journal, environment: CounterEnvironment, directory: AgentDirectory): JournalLost | null {
  if (environment === 'TRAINING' || directory.inUse()) return null;
  const rewound = lastRewound(journal);
  return rewound ? { entries: rewound.anchoredSeq, foundAt: rewound.at } : null;
}
