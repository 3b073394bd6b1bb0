import type { CounterEnvironment } from '../../contract/counter.ts';
import type { AppError } from '../../contract/errors.ts';
import { journalFileHasAgents } from '../journal/journal-file.ts';

/** From the most real environment to the least: the first with agents holds the counter. */
const BY_REALITY: readonly CounterEnvironment[] = ['LIVE', 'SANDBOX', 'TRAINING'];

export interface WorldOfRecordDeps {
  /** The environment the counter runs now, and whether its journal has agents. */
  current: () => { environment: CounterEnvironment; agentsInUse: boolean };
  /** Where an environment's journal lives (main/session.ts journalPath). */
  journalPath: (environment: CounterEnvironment) => string;
}

/** The environment whose agents hold the counter's own settings and keys (null: no environment has agents yet). */
export function worldOfRecord(d: WorldOfRecordDeps): CounterEnvironment | null {
  const now = d.current();
  for (const environment of BY_REALITY) {
    const hasAgents = environment === now.environment ? now.agentsInUse : journalFileHasAgents(d.journalPath(environment));
    if (hasAgents) return environment;
  }
  return null;
}

/** Why a call of contract/installation.ts may not be made in the environment running now (null: it may). */
export function installationRefusal(d: WorldOfRecordDeps): AppError | null {
  const record = worldOfRecord(d);
  const here = d.current().environment;
  if (record === null || record === here) return null;
  return {
    code: 'counter_held_elsewhere',
    message: `This changes the whole counter, and its agents are in ${record}: a supervisor of ${record} does it there, not ${here}`,
  };
}
