import { join } from 'node:path';
import type { CounterDeps, HandlerGroup } from '../deps.ts';

export function journalHandlers(d: CounterDeps): HandlerGroup<'verifyJournal' | 'backupJournal'> {
  return {
    verifyJournal: () => d.session().journal.verify(),
    backupJournal: () => d.session().journal.backup(join(d.dataDir, 'backups')),
  };
}
