import { ensurePrivateFile, privateDir } from '../files/private.ts';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { JournalCheck } from '../../contract/counter.ts';
import type { Clock } from '../clock.ts';
import { entryHash, GENESIS_HASH } from './chain.ts';
import { entryText } from './entry-tags.ts';
import { verifyChain } from './verify-chain.ts';
import type { EntryPayloads, EntryType } from './entries.ts';
import { migrate } from './migrate.ts';
import { bringLookupUpToDate, keyNewEntries } from './sale-lookup.ts';
import { backupBeforeUpgrade } from './migration-backup.ts';
import { applyEntry, rebuildReadModels } from './read-models.ts';
import { entryProblem, firstInvalidEntry } from './schemas.ts';
import { databaseHasWork } from './journal-file.ts';
import { claimJournal } from './claim.ts';
import { AppFailure } from '../failure.ts';
import { openArchivedDatabase } from './archive.ts';
import { invalidEntryFailure, storedEntryOf, type Entry, type EntryRow, type StoredEntry } from './entry-row.ts';
import { CheckpointBetweenCommits } from './checkpoint.ts';
import { HeldBackEntries } from './held-back.ts';

export { invalidEntryFailure, storedEntryOf, type Entry, type EntryRow, type StoredEntry } from './entry-row.ts';

export interface AppendOptions {
  at?: Date;
  /** The shift the entry belongs to (null: none, e.g. a markup change or a test page). */
  shiftId?: string | null;
}

export interface JournalOptions {
  path: string;
  clock: Clock;
  /** The environment this journal belongs to; a journal never changes environment. */
  environment: string;
  /** This installation's counter id: a new journal takes it; an existing one keeps its own. */
  counterId: string;
}

let databaseOf: (journal: Journal) => Database.Database;

/**
 * The journal's SQLite handle, for the modules of main/journal/ (and tests that tamper with the
 * file on purpose). Every other module reads and writes through main/journal/'s named functions;
 * eslint forbids importing this outside main/journal/ and test/.
 */
export function journalDatabase(journal: Journal): Database.Database {
  return databaseOf(journal);
}

/**
 * The sales journal: one SQLite database (WAL, synchronous=FULL) of append-only entries
 * chained by hash, plus read models derived from them in the same transactions (a sale's own
 * entries: just after theirs, held-back.ts).
 */
export class Journal {
  readonly #db: Database.Database;
  readonly path: string;
  readonly environment: string;
  /** The counter whose journal this is (meta 'counter_id'). */
  readonly counterId: string;
  readonly #clock: Clock;
  readonly #head: Database.Statement<[], { seq: number; hash: string }>;
  readonly #insert: Database.Statement<[number, string, string, string, string, string, string, string | null]>;
  readonly #setHead: Database.Statement<[number, string]>;
  readonly #statements = new Map<string, Database.Statement>();
  /** Set when an entry fails its schema: the journal is read, never written (see readOnlyFailure). */
  #invalid: { seq: number; problem: string } | null = null;
  readonly #checkpoints: CheckpointBetweenCommits;
  /** The entries appended but not folded into the read models yet (a sale reads its own row through them). */
  readonly heldBack: HeldBackEntries;
  readonly #synchronous: { normal: Database.Statement; full: Database.Statement };
  readonly #immediate: <T>(fn: () => T) => T;

  static {
    databaseOf = (journal) => {
      journal.heldBack.catchUp();
      return journal.#db;
    };
  }
  /** A retired counter's journal, opened for reports: nothing is ever appended to it. */
  #retired = false;
  /** The last entry this process appended (head-anchor.ts checks the file still holds it). */
  lastAppended: { seq: number; hash: string } | null = null;

  private constructor(db: Database.Database, opts: JournalOptions, counterId: string) {
    this.#db = db;
    this.#checkpoints = new CheckpointBetweenCommits(db, () => keyNewEntries(this));
    this.path = opts.path;
    this.environment = opts.environment;
    this.counterId = counterId;
    this.#clock = opts.clock;
    this.#head = db.prepare('SELECT seq, hash FROM journal_head WHERE id = 1');
    this.#insert = db.prepare(
      'INSERT INTO entries (seq, at, type, payload, prev_hash, hash, counter_id, shift_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.#setHead = db.prepare(
      'INSERT INTO journal_head (id, seq, hash) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET seq = excluded.seq, hash = excluded.hash',
    );
    this.#synchronous = { normal: db.prepare('PRAGMA synchronous = NORMAL'), full: db.prepare('PRAGMA synchronous = FULL') };
    // One BEGIN IMMEDIATE wrapper for every transaction: better-sqlite3 builds four per db.transaction call.
    this.#immediate = db.transaction(<T>(fn: () => T): T => fn()).immediate as <T>(fn: () => T) => T;
    this.heldBack = new HeldBackEntries(db, {
      apply: (entry) => applyEntry(this, entry),
      lastSeq: () => this.#head.get()?.seq ?? 0,
      page: (afterSeq, limit) => this.page(afterSeq, limit),
      transaction: (fn) => this.transaction(fn),
      rebuild: () => rebuildReadModels(this),
      writable: () => !this.#invalid && !this.#retired,
    });
  }

  static open(opts: JournalOptions): Journal {
    privateDir(dirname(opts.path));
    ensurePrivateFile(opts.path);
    const db = new Database(opts.path);
    try {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      db.pragma('foreign_keys = ON');
      db.pragma('busy_timeout = 5000');
      db.pragma('cache_size = -32000'); // 32 MB: the report and sale indexes stay in memory
      db.pragma('wal_autocheckpoint = 0'); // checkpoints run between sales: #afterCommit
      const migrated = migrate(db, {
        now: () => opts.clock.now(),
        beforeUpgrade: (from, to) => void backupBeforeUpgrade(db, opts.path, from, to, opts.clock.now()),
      });
      const journal = new Journal(db, opts, claimJournal(db, opts));
      // The first entry that fails its schema makes the journal read-only, naming its seq, instead of folding it into wrong figures.
      journal.#invalid = firstInvalidEntry(db);
      journal.heldBack.open();
      if (migrated.length > 0 && journal.lastSeq() > 0 && !journal.#invalid) {
        // A journal written by an earlier schema: its read models are folded again from its
        // entries, so they hold what this version's fold says (columns a migration added included).
        rebuildReadModels(journal);
      }
      bringLookupUpToDate(journal);
      journal.#checkpoints.now();
      return journal;
    } catch (err) {
      db.close();
      throw err;
    }
  }

  /**
   * A retired counter's journal (main/journal/archive.ts), for its reports: opened read-only,
   * nothing can be appended. Its read models are read as they were left, or rebuilt in memory
   * when it was written by an older schema.
   */
  static openRetired(path: string, clock: Clock): Journal {
    const { db, migrated } = openArchivedDatabase(path);
    try {
      const meta = new Map((db.prepare("SELECT key, value FROM meta WHERE key IN ('environment', 'counter_id')").all() as { key: string; value: string }[]).map((r) => [r.key, r.value]));
      const environment = meta.get('environment');
      const counterId = meta.get('counter_id');
      if (!environment || !counterId) throw new AppFailure('not_found', `${path} is not a counter's journal`);
      const journal = new Journal(db, { path, clock, environment, counterId }, counterId);
      if (migrated && journal.lastSeq() > 0) rebuildReadModels(journal);
      journal.#retired = true;
      return journal;
    } catch (err) {
      db.close();
      throw err;
    }
  }

  /** Why the journal is read-only (an entry that fails its schema), or null when it is writable. */
  get readOnlyFailure(): AppFailure | null {
    if (this.#retired) return new AppFailure('journal_read_only', `The journal of retired counter ${this.counterId} is kept read-only: nothing is appended to it`);
    return this.#invalid ? invalidEntryFailure(this.#invalid.seq, this.#invalid.problem) : null;
  }

  /**
   * A prepared statement, compiled once per journal. For main/journal/ only: every other module
   * calls a named function of main/journal/ (eslint's no-restricted-syntax forbids `.stmt` elsewhere).
   */
  stmt<P extends unknown[] = unknown[], R = unknown>(sql: string): Database.Statement<P, R> {
    this.heldBack.catchUp();
    let s = this.#statements.get(sql);
    if (!s) {
      s = this.#db.prepare(sql);
      this.#statements.set(sql, s);
    } else if (s.reader) {
      // Shared by every caller of the same text: one caller's .pluck() must not change what the next one reads.
      s.pluck(false);
    }
    return s as unknown as Database.Statement<P, R>;
  }

  now(): Date {
    return this.#clock.now();
  }

  /** Runs `fn` in one IMMEDIATE transaction: its entries and read-model writes land together or not at all. */
  transaction<T>(fn: () => T): T {
    if (this.#retired) throw this.readOnlyFailure!;
    if (this.#db.inTransaction) return fn();
    const result = this.heldBack.unlessRolledBack(() => this.#immediate(fn));
    this.#checkpoints.afterCommit();
    this.heldBack.afterCommit();
    return result;
  }

  /** The WAL's frames and how many of them are already in the database file (checkpointing nothing). */
  walState(): { log: number; checkpointed: number } {
    return this.#checkpoints.state();
  }

  /**
   * A transaction committed to the WAL without its own fsync: durable against the process dying
   * at once, and against power loss with the next durable commit, which flushes the WAL with it.
   * Only for an entry a durable commit always follows before anything leaves the counter (a sale's
   * intent, followed by its attempt before POST /bookings): it saves one fsync per sale.
   */
  transactionFlushedByNext<T>(fn: () => T): T {
    if (this.#db.inTransaction) return fn();
    this.#synchronous.normal.run();
    try {
      return this.heldBack.unlessRolledBack(() => this.#immediate(fn));
    } finally {
      this.#synchronous.full.run();
      this.#checkpoints.afterCommit();
    }
  }

  /**
   * Appends one entry chained to the last one and applies it to the read models (read-models.ts),
   * in the caller's transaction (a sale's own entries just after it: held-back.ts).
   */
  append<K extends EntryType>(type: K, payload: EntryPayloads[K], opts: AppendOptions = {}): Entry<K> {
    if (!this.#db.inTransaction) throw new Error('Journal.append outside a transaction');
    if (this.#invalid || this.#retired) throw this.readOnlyFailure!;
    const problem = entryProblem(type, payload);
    if (problem) throw new Error(`Refusing to journal an invalid entry: ${problem}`);
    const head = this.#head.get();
    const [seq, prevHash] = [(head?.seq ?? 0) + 1, head?.hash ?? GENESIS_HASH];
    const at = (opts.at ?? this.#clock.now()).toISOString();
    const shiftId = opts.shiftId ?? null;
    const text = entryText(this, { seq, prevHash, type, at, counterId: this.counterId, shiftId }, payload); // tagged: entry-tags.ts
    const hash = entryHash({ seq, prevHash, type, payload: text, at, counterId: this.counterId, shiftId });
    this.#insert.run(seq, at, type, text, prevHash, hash, this.counterId, shiftId);
    this.#setHead.run(seq, hash);
    this.lastAppended = { seq, hash };
    const entry: Entry<K> = { seq, at, type, payload, counterId: this.counterId, shiftId, hash };
    if (!this.heldBack.hold(entry)) applyEntry(this, entry);
    return entry;
  }

  /** Entries in order (optionally of some types), parsed. Do not write to the journal while iterating. */
  *entries<K extends EntryType>(types?: readonly K[]): Generator<Entry<K>> {
    this.heldBack.catchUp(); // not while the rows are read: SQLite writes nothing while a statement iterates
    const rows = types
      ? this.#db
          .prepare(`SELECT * FROM entries WHERE type IN (${types.map(() => '?').join(',')}) ORDER BY seq`)
          .iterate(...types)
      : this.#db.prepare('SELECT * FROM entries ORDER BY seq').iterate();
    for (const r of rows as Iterable<EntryRow>) yield this.#parse<K>(r);
  }

  /**
   * Every entry in order as a fold reads it (seq, time, type, parsed payload), in one pass over
   * the table reading nothing else: rebuilding the figures from scratch. Do not write while iterating.
   */
  *foldable(): Generator<{ seq: number; at: string; type: string; payload: unknown }> {
    this.heldBack.catchUp();
    const rows = this.#db.prepare('SELECT seq, at, type, payload FROM entries ORDER BY seq').raw(true).iterate() as Iterable<[number, string, string, string]>;
    for (const [seq, at, type, payload] of rows) {
      const parsed = JSON.parse(payload) as unknown;
      const problem = entryProblem(type, parsed);
      if (problem) throw invalidEntryFailure(seq, problem);
      yield { seq, at, type, payload: parsed };
    }
  }

  /** One entry by its seq (the caller knows its type, e.g. a sale's intent_seq). */
  entry<K extends EntryType>(seq: number): Entry<K> {
    const row = this.stmt('SELECT * FROM entries WHERE seq = ?').get(seq) as EntryRow | undefined;
    if (!row) throw new Error(`No journal entry ${seq}`);
    return this.#parse<K>(row);
  }

  /** The entries of one shift, in order, up to `uptoSeq` (through the entries_by_shift index). */
  shiftEntries(shiftId: string, uptoSeq = Number.MAX_SAFE_INTEGER): Entry[] {
    return (this.stmt('SELECT * FROM entries WHERE shift_id = ? AND seq <= ? ORDER BY seq').all(shiftId, uptoSeq) as EntryRow[]).map((r) => this.#parse(r));
  }

  /** Up to `limit` entries after `afterSeq` (optionally of some types), parsed (for readers that write between pages). */
  page<K extends EntryType>(afterSeq: number, limit: number, types?: readonly K[]): Entry<K>[] {
    const rows = types
      ? this.stmt(`SELECT * FROM entries WHERE seq > ? AND type IN (${types.map(() => '?').join(',')}) ORDER BY seq LIMIT ?`).all(afterSeq, ...types, limit)
      : this.stmt('SELECT * FROM entries WHERE seq > ? ORDER BY seq LIMIT ?').all(afterSeq, limit);
    return (rows as EntryRow[]).map((r) => this.#parse<K>(r));
  }

  /** Up to `limit` entries after `afterSeq` exactly as stored (shipping: the hash is recomputed elsewhere from these fields). */
  storedPage(afterSeq: number, limit: number): StoredEntry[] {
    return (this.stmt('SELECT * FROM entries WHERE seq > ? ORDER BY seq LIMIT ?').all(afterSeq, limit) as EntryRow[]).map(storedEntryOf);
  }

  /** The seq of the last entry (0 when empty). */
  lastSeq(): number {
    return (this.stmt('SELECT coalesce(max(seq), 0) AS n FROM entries').get() as { n: number }).n;
  }

  /** The hash of entry `seq` as stored (null: no such entry). */
  hashAt(seq: number): string | null {
    return this.stmt<[number], { hash: string }>('SELECT hash FROM entries WHERE seq = ?').get(seq)?.hash ?? null;
  }

  /** When the first entry was written (null: the journal is empty). */
  firstEntryAt(): string | null {
    return this.stmt<[], { at: string }>('SELECT at FROM entries WHERE seq = 1').get()?.at ?? null;
  }

  /** When the last entry was written (null: the journal is empty). */
  lastEntryAt(): Date | null {
    const last = this.stmt<[], { at: string }>('SELECT at FROM entries ORDER BY seq DESC LIMIT 1').get();
    return last ? new Date(last.at) : null;
  }

  /** Whether an agent worked with this journal (a sale, a shift, a cash movement), beyond its set-up. */
  hasWork(): boolean {
    return databaseHasWork(this.#db);
  }

  #parse<K extends EntryType>(r: EntryRow): Entry<K> {
    const payload = JSON.parse(r.payload) as EntryPayloads[K];
    const problem = entryProblem(r.type, payload);
    if (problem) throw invalidEntryFailure(r.seq, problem);
    return { seq: r.seq, at: r.at, type: r.type as K, payload, counterId: r.counter_id ?? this.counterId, shiftId: r.shift_id, hash: r.hash };
  }

  /** Walks the whole chain: the first entry that was edited, deleted, inserted or reordered. */
  verify(): JournalCheck {
    const { ok, entries, firstBadSeq } = verifyChain(this.#db);
    return { ok, entries, firstBadSeq };
  }

  close(): void {
    if (!this.#db.open) return;
    this.heldBack.beforeClose();
    this.#db.close();
  }
}
