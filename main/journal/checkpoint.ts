import type Database from 'better-sqlite3';

/** Commits after which a checkpoint runs once the event loop turns; and after which it runs at once. */
const CHECKPOINT_AFTER = 100;
const CHECKPOINT_FORCED = 1_000;

/**
 * SQLite's automatic checkpoint (copying the WAL into the database file, with an fsync of its
 * own) would run inside whichever commit passes 1,000 WAL pages: about one sale in a hundred
 * would pay two durable writes more, which is the sale commit's p99. It is off (Journal.open sets
 * wal_autocheckpoint = 0); the checkpoint runs here instead, once the event loop turns after a
 * commit, i.e. between sales. A caller committing in a loop without yielding still gets one
 * every CHECKPOINT_FORCED commits, so the WAL stays bounded.
 */
export class CheckpointBetweenCommits {
  readonly #db: Database.Database;
  readonly #beforeCheckpoint: () => void;
  #commits = 0;
  #queued = false;

  /** `beforeCheckpoint`: work kept out of the sales' commits, done between sales just before the checkpoint. */
  constructor(db: Database.Database, beforeCheckpoint: () => void = () => {}) {
    this.#db = db;
    this.#beforeCheckpoint = beforeCheckpoint;
  }

  afterCommit(): void {
    this.#commits++;
    if (this.#commits >= CHECKPOINT_FORCED) return this.#checkpoint();
    if (this.#commits < CHECKPOINT_AFTER || this.#queued) return;
    this.#queued = true;
    setImmediate(() => this.#checkpoint()).unref();
  }

  /** The WAL's frames and how many of them are already in the database file (checkpointing nothing). */
  state(): { log: number; checkpointed: number } {
    const [row] = this.#db.pragma('wal_checkpoint(NOOP)') as { log: number; checkpointed: number }[];
    return { log: row!.log, checkpointed: row!.checkpointed };
  }

  /** Runs the checkpoint now (e.g. after opening's own commits), and counts commits from here. */
  now(): void {
    this.#checkpoint();
  }

  #checkpoint(): void {
    this.#queued = false;
    if (!this.#db.open || this.#db.inTransaction) return;
    this.#commits = 0;
    try {
      this.#beforeCheckpoint();
    } catch {
      // Done again at the next checkpoint, and before anything reads what it keeps up to date.
    }
    this.#db.pragma('wal_checkpoint(PASSIVE)');
  }
}
