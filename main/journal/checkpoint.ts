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
  #commits = 0;
  #queued = false;

  constructor(db: Database.Database) {
    this.#db = db;
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

  #checkpoint(): void {
    this.#queued = false;
    if (!this.#db.open || this.#db.inTransaction) return;
    this.#commits = 0;
    this.#db.pragma('wal_checkpoint(PASSIVE)');
  }
}
