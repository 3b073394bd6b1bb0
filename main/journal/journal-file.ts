// A journal file opened read-only on a connection of its own, never written: a backup being
// checked, or a journal a restore must not replace. The live journal is opened by Journal.open
// (which claims it for its environment and counter here).
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { verifyChainYielding, type ChainCheck } from './verify-chain.ts';

/**
 * Entry types that mean an agent worked with a journal. A fresh journal holds only the counter's
 * own set-up and, linked to a station, the station's agents and rules (not its own work).
 */
const WORK = ['sale.intent', 'shift.opened', 'cash.moved'];

/** Whether a journal database holds anything an agent did. */
export function databaseHasWork(db: Database.Database): boolean {
  return db.prepare(`SELECT 1 FROM entries WHERE type IN (${WORK.map(() => '?').join(',')}) LIMIT 1`).get(...WORK) !== undefined;
}

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

export class JournalFile {
  readonly #db: Database.Database;

  private constructor(db: Database.Database) {
    this.#db = db;
  }

  /** Opens the file read-only; throws when it does not exist or SQLite cannot open it. */
  static open(path: string): JournalFile {
    return new JournalFile(new Database(path, { readonly: true, fileMustExist: true }));
  }

  /** The meta table (environment, counter_id, …); throws when the file has none. */
  meta(): Map<string, string> {
    const meta = new Map<string, string>();
    for (const r of this.#db.prepare<[], { key: string; value: string }>('SELECT key, value FROM meta').all()) meta.set(r.key, r.value);
    return meta;
  }

  /** The whole chain walked, giving the event loop back every few hundred entries. */
  verifyChain(): Promise<ChainCheck> {
    return verifyChainYielding(this.#db);
  }

  /** Whether an agent worked with this journal. */
  hasWork(): boolean {
    return databaseHasWork(this.#db);
  }

  close(): void {
    this.#db.close();
  }
}

/** Whether the journal file at `path` holds anything an agent did (false when there is no file): then a restore never replaces it. */
export function journalFileHasWork(path: string): boolean {
  if (!existsSync(path)) return false;
  const file = JournalFile.open(path);
  try {
    return file.hasWork();
  } finally {
    file.close();
  }
}
