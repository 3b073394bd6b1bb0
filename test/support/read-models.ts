// What a rebuild must reproduce (main/journal/read-models.ts lists it; the rebuild command uses
// it too), and the check every journal the suite builds goes through when its test ends.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Journal } from '../../main/journal/journal.ts';
import { rebuildAndCompare } from '../../main/journal/read-models.ts';
import { manualClock } from '../unit/main/journal/helpers.ts';

export { readModelRows } from '../../main/journal/read-models.ts';

/** Throws unless dropping the read models and folding the entries again changes no row. */
export function assertRebuildChangesNothing(journal: Journal): void {
  const changed = Object.entries(rebuildAndCompare(journal)).filter(([, n]) => n > 0);
  if (changed.length > 0) throw new Error(`rebuilt read models differ from the incremental ones in ${journal.path}: ${changed.map(([t, n]) => `${t} ${n}`).join(', ')}`);
}

/** The journals of a counter's data folder (TRAINING's and each other environment's). */
export function journalsIn(dataDir: string): string[] {
  const training = join(dataDir, 'training', 'journal.db');
  const others = existsSync(dataDir) ? readdirSync(dataDir).filter((f) => /^journal-[a-z]+\.db$/.test(f)).map((f) => join(dataDir, f)) : [];
  return [...(existsSync(training) ? [training] : []), ...others];
}

/** The check, on every journal a closed counter left in its data folder. */
export function assertRebuildsIn(dataDir: string): void {
  for (const path of journalsIn(dataDir)) {
    const environment = path.includes('training') ? 'TRAINING' : /journal-([a-z]+)\.db$/.exec(path)![1]!.toUpperCase();
    const journal = Journal.open({ path, clock: manualClock(), environment, counterId: 'ctr_check' });
    try {
      assertRebuildChangesNothing(journal);
    } finally {
      journal.close();
    }
  }
}
