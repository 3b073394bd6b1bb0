import Database from 'better-sqlite3';
import { journalDatabase, type Journal } from './journal.ts';

/**
 * An online copy of the live journal into `path` (a few pages at a time, so sales go on between
 * steps), then made self-contained: rollback journal mode, no WAL beside it.
 */
export async function backupJournal(journal: Journal, path: string, opts: { pagesPerStep: number; onStep?: () => void }): Promise<void> {
  await journalDatabase(journal).backup(path, {
    progress: () => {
      opts.onStep?.();
      return opts.pagesPerStep;
    },
  });
  const copy = new Database(path);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}
