import type { CounterEnvironment } from '../../contract/counter.ts';
import type { AppError } from '../../contract/errors.ts';
import { journalFileHasAgents } from '../journal/journal-file.ts';

/** From the most real environment to the least. */
const BY_REALITY: readonly CounterEnvironment[] = ['LIVE', 'SANDBOX', 'TRAINING'];

export interface WorldOfRecordDeps {
  /** The environment the counter runs now. */
  current: () => CounterEnvironment;
  /** Where an environment's journal lives (main/session.ts journalPath). */
  journalPath: (environment: CounterEnvironment) => string;
}

/**
 * The environment whose agents hold the counter's own settings and keys: the one running now,
 * unless a more real one has agents (LIVE's over SANDBOX's and TRAINING's, SANDBOX's over
 * TRAINING's). A less real world never changes what a more real one with agents runs with.
 */
export function worldOfRecord(d: WorldOfRecordDeps): CounterEnvironment {
  const here = d.current();
  for (const environment of BY_REALITY) {
    if (environment === here) break;
    if (journalFileHasAgents(d.journalPath(environment))) return environment;
  }
  return here;
}

/** Why a call of contract/installation.ts may not be made in the environment running now (null: it may). */
export function installationRefusal(d: WorldOfRecordDeps): AppError | null {
  const record = worldOfRecord(d);
  const here = d.current();
  if (record === here) return null;
  return {
    code: 'counter_held_elsewhere',
    message: `This changes the whole counter, and its agents are in ${record}: a supervisor of ${record} does it there, not ${here}`,
  };
}
