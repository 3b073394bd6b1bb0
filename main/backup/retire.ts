// Replace: a supervisor retires this PC's counter identity and starts a new one. The old
// journals are sealed (main/journal/archive.ts), moved, whole, to retired/<counter id>-<time>/ and
// made read-only (0400): kept for reports (main/reports/retired.ts) and audits, never written
// again. The new identity starts empty journals.
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import { basename, join } from 'node:path';
import { CounterEnvironment } from '../../contract/counter.ts';
import { sealJournalFile } from '../journal/archive.ts';
import { journalPath } from '../session.ts';
import { adoptCounterId } from '../settings/installation.ts';
import { AppFailure } from '../failure.ts';

const ENVIRONMENTS = CounterEnvironment.options;

/** The data folder's folder of retired journals: retired/<counter id>-<UTC time>/journal-<environment>.db. */
export const RETIRED_DIR = 'retired';

function sealOrRefuse(path: string, counterId: string): void {
  try {
    sealJournalFile(path);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new AppFailure('retire_failed', `Counter ${counterId} was not retired: its journal ${path} could not be sealed (${why}; another program may have it open). Nothing changed: the counter goes on as it was`, { counterId });
  }
}

/** Moves every journal of the data folder aside, read-only, and gives the installation a new counter id. */
export function retireIdentity(dataDir: string, oldCounterId: string, now: Date): { keptIn: string; newCounterId: string } {
  const keptIn = join(dataDir, RETIRED_DIR, `${oldCounterId}-${now.toISOString().replace(/[-:.]/g, '')}`);
  const journals = ENVIRONMENTS.map((env) => ({ env, path: journalPath(dataDir, env) })).filter((j) => existsSync(j.path));
  // every journal sealed before any is moved: one that cannot be (held open elsewhere) leaves them all in place
  for (const { path } of journals) sealOrRefuse(path, oldCounterId);
  mkdirSync(keptIn, { recursive: true, mode: 0o700 });
  for (const { env, path } of journals) {
    const name = env === 'TRAINING' ? 'journal-training.db' : basename(path);
    for (const suffix of ['-wal', '-shm', '']) {
      if (!existsSync(path + suffix)) continue;
      renameSync(path + suffix, join(keptIn, name + suffix));
      chmodSync(join(keptIn, name + suffix), 0o400);
    }
  }
  const newCounterId = `ctr_${randomUUID()}`;
  adoptCounterId(dataDir, newCounterId, now);
  return { keptIn, newCounterId };
}
