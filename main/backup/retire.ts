// Replace: a supervisor retires this PC's counter identity and starts a new one. The old
// journals are moved, whole, to retired/<counter id>-<time>/ and made read-only (0400): kept for
// reports and audits, never written again. The new identity starts empty journals.
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { CounterEnvironment } from '../../contract/counter.ts';
import { journalPath } from '../session.ts';
import { adoptCounterId } from '../settings/installation.ts';

const ENVIRONMENTS: CounterEnvironment[] = ['TRAINING', 'SANDBOX', 'LIVE'];

/** Moves every journal of the data folder aside, read-only, and gives the installation a new counter id. */
export function retireIdentity(dataDir: string, oldCounterId: string, now: Date): { keptIn: string; newCounterId: string } {
  const keptIn = join(dataDir, 'retired', `${oldCounterId}-${now.toISOString().replace(/[-:.]/g, '')}`);
  mkdirSync(keptIn, { recursive: true, mode: 0o700 });
  for (const env of ENVIRONMENTS) {
    const path = journalPath(dataDir, env);
    if (!existsSync(path)) continue;
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
