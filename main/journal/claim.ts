import type Database from 'better-sqlite3';

/**
 * A journal opened by Journal.open is its environment's for good, and its counter's: a new one
 * takes both, an existing one must be the environment's. The counter id the journal keeps.
 */
export function claimJournal(db: Database.Database, opts: { path: string; environment: string; counterId: string }): string {
  const row = db.prepare("SELECT value FROM meta WHERE key = 'environment'").get() as { value: string } | undefined;
  if (!row) db.prepare("INSERT INTO meta (key, value) VALUES ('environment', ?)").run(opts.environment);
  else if (row.value !== opts.environment) throw new Error(`Journal ${opts.path} belongs to ${row.value}, not ${opts.environment}`);
  db.prepare("INSERT INTO meta (key, value) VALUES ('counter_id', ?) ON CONFLICT (key) DO NOTHING").run(opts.counterId);
  return (db.prepare("SELECT value FROM meta WHERE key = 'counter_id'").get() as { value: string }).value;
}
