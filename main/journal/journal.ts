import { ensurePrivateFile, privateDir } from '../files/private.ts';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { JournalCheck } from '../../contract/counter.ts';
import type { Clock } from '../clock.ts';
import { canonicalJson } from '../../core/canonical-json.ts';
import { entryHash, GENESIS_HASH } from './chain.ts';
import { verifyChain } from './verify-chain.ts';
import type { EntryPayloads, EntryType } from './entries.ts';
import { migrate } from './migrate.ts';
import { keySalesOfOlderForm, keyUnkeyedSales, SALE_LOOKUP_MIGRATION } from './sale-lookup.ts';
import { backupBeforeUpgrade } from './migration-backup.ts';
import { applyEntry, rebuildReadModels } from './read-models.ts';
import { entryProblem } from './schemas.ts';
import { databaseHasWork } from './journal-file.ts';
import { AppFailure } from '../failure.ts';

export interface Entry<K extends EntryType = EntryType> {
  seq: number;
  at: string;
  type: K;
  payload: EntryPayloads[K];
  /** The counter that wrote it (entries older than counter ids: the journal's own). */
  counterId: string;
  shiftId: string | null;
  hash: string;
}

/** An entry as stored: the payload's canonical text, and whether its hash covers the counter (v2). */
export interface StoredEntry {
  seq: number;
  at: string;
  type: string;
  payload: string;
  prevHash: string;
  hash: string;
  chainedCounter: boolean;
  shiftId: string | null;
}

/** A row of the entries table, as stored. */
export interface EntryRow {
  seq: number;
  at: string;
  type: string;
  payload: string;
  prev_hash: string;
  hash: string;
  counter_id: string | null;
  shift_id: string | null;
}

/** An entries row as shipping reads it. */
export function storedEntryOf(r: EntryRow): StoredEntry {
  return {
    seq: r.seq,
    at: r.at,
    type: r.type,
    payload: r.payload,
    prevHash: r.prev_hash,
    hash: r.hash,
    chainedCounter: r.counter_id !== null,
    shiftId: r.shift_id,
  };
}

/** An entry that fails its schema: the journal is read-only, and says which entry. */
export function invalidEntryFailure(seq: number, problem: string): AppFailure {
  return new AppFailure('journal_read_only', `Journal entry ${seq} is not valid (${problem}): the journal is open read-only`);
}

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

/** Commits after which a checkpoint runs once the event loop turns; and after which it runs at once. */
const CHECKPOINT_AFTER = 100;
const CHECKPOINT_FORCED = 1_000;

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
 * chained by hash, plus read models derived from them in the same transactions.
 */
export class Journal {
  /** The SQLite handle: only main/journal/ reaches it (journalDatabase); eslint forbids it elsewhere. */
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
  #commitsSinceCheckpoint = 0;
  #checkpointQueued = false;

  static {
    databaseOf = (journal) => journal.#db;
  }

  private constructor(db: Database.Database, opts: JournalOptions, counterId: string) {
    this.#db = db;
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
      const row = db.prepare("SELECT value FROM meta WHERE key = 'environment'").get() as { value: string } | undefined;
      if (!row) db.prepare("INSERT INTO meta (key, value) VALUES ('environment', ?)").run(opts.environment);
      else if (row.value !== opts.environment) {
        throw new Error(`Journal ${opts.path} belongs to ${row.value}, not ${opts.environment}`);
      }
      db.prepare("INSERT INTO meta (key, value) VALUES ('counter_id', ?) ON CONFLICT (key) DO NOTHING").run(opts.counterId);
      const counter = db.prepare("SELECT value FROM meta WHERE key = 'counter_id'").get() as { value: string };
      const journal = new Journal(db, opts, counter.value);
      journal.#checkEntries();
      if (migrated.length > 0 && journal.lastSeq() > 0 && !journal.#invalid) {
        // A journal written by an earlier schema: its read models are folded again from its
        // entries, so they hold what this version's fold says (columns a migration added included).
        rebuildReadModels(journal);
      } else if (migrated.includes(SALE_LOOKUP_MIGRATION)) keyUnkeyedSales(journal);
      keySalesOfOlderForm(journal);
      return journal;
    } catch (err) {
      db.close();
      throw err;
    }
  }

  /**
   * Checks every entry not yet checked against its schema (all of them the first time; then only
   * the ones added since, as entries are also checked when written). The first that fails makes
   * the journal read-only, naming its seq, instead of folding it into wrong figures.
   */
  #checkEntries(): void {
    const from = Number((this.#db.prepare("SELECT value FROM meta WHERE key = 'checked_seq'").pluck().get() as string | undefined) ?? 0);
    let last = from;
    for (const [seq, type, payload] of this.#db.prepare('SELECT seq, type, payload FROM entries WHERE seq > ? ORDER BY seq').raw(true).iterate(from) as Iterable<[number, string, string]>) {
      const problem = entryProblem(type, JSON.parse(payload));
      if (problem) {
        this.#invalid = { seq, problem };
        break;
      }
      last = seq;
    }
    if (last > from) this.#db.prepare("INSERT INTO meta (key, value) VALUES ('checked_seq', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(String(last));
  }

  /** Why the journal is read-only (an entry that fails its schema), or null when it is writable. */
  get readOnlyFailure(): AppFailure | null {
    return this.#invalid ? invalidEntryFailure(this.#invalid.seq, this.#invalid.problem) : null;
  }

  /**
   * A prepared statement, compiled once per journal. For main/journal/ only: every other module
   * calls a named function of main/journal/ (eslint's no-restricted-syntax forbids `.stmt` elsewhere).
   */
  stmt<P extends unknown[] = unknown[], R = unknown>(sql: string): Database.Statement<P, R> {
    let s = this.#statements.get(sql);
    if (!s) {
      s = this.#db.prepare(sql);
      this.#statements.set(sql, s);
    }
    return s as unknown as Database.Statement<P, R>;
  }

  now(): Date {
    return this.#clock.now();
  }

  /** Runs `fn` in one IMMEDIATE transaction: its entries and read-model writes land together or not at all. */
  transaction<T>(fn: () => T): T {
    if (this.#db.inTransaction) return fn();
    const result = this.#db.transaction(fn).immediate();
    this.#afterCommit();
    return result;
  }

  /**
   * SQLite's automatic checkpoint (copying the WAL into the database file, with an fsync of its
   * own) would run inside whichever commit passes 1,000 WAL pages: about one sale in a hundred
   * would pay two durable writes more, which is the sale commit's p99. It is off (Journal.open);
   * the checkpoint runs here instead, once the event loop turns after a commit, i.e. between
   * sales. A caller committing in a loop without yielding still gets one every CHECKPOINT_FORCED
   * commits, so the WAL stays bounded.
   */
  #afterCommit(): void {
    this.#commitsSinceCheckpoint++;
    if (this.#commitsSinceCheckpoint >= CHECKPOINT_FORCED) return this.#checkpoint();
    if (this.#commitsSinceCheckpoint < CHECKPOINT_AFTER || this.#checkpointQueued) return;
    this.#checkpointQueued = true;
    setImmediate(() => this.#checkpoint()).unref();
  }

  /** The WAL's frames and how many of them are already in the database file (checkpointing nothing). */
  walState(): { log: number; checkpointed: number } {
    const [row] = this.#db.pragma('wal_checkpoint(NOOP)') as { log: number; checkpointed: number }[];
    return { log: row!.log, checkpointed: row!.checkpointed };
  }

  #checkpoint(): void {
    this.#checkpointQueued = false;
    if (!this.#db.open || this.#db.inTransaction) return;
    this.#commitsSinceCheckpoint = 0;
    this.#db.pragma('wal_checkpoint(PASSIVE)');
  }

  /**
   * A transaction committed to the WAL without its own fsync: durable against the process dying
   * at once, and against power loss with the next durable commit, which flushes the WAL with it.
   * Only for an entry a durable commit always follows before anything leaves the counter (a sale's
   * intent, followed by its attempt before POST /bookings): it saves one fsync per sale.
   */
  transactionFlushedByNext<T>(fn: () => T): T {
    if (this.#db.inTransaction) return fn();
    this.stmt('PRAGMA synchronous = NORMAL').run();
    try {
      return this.#db.transaction(fn).immediate();
    } finally {
      this.stmt('PRAGMA synchronous = FULL').run();
      this.#afterCommit();
    }
  }

  /**
   * Appends one entry chained to the last one and applies it to the read models (read-models.ts),
   * in the caller's transaction: the entry and what follows from it land together or not at all.
   */
  append<K extends EntryType>(type: K, payload: EntryPayloads[K], opts: AppendOptions = {}): Entry<K> {
    if (!this.#db.inTransaction) throw new Error('Journal.append outside a transaction');
    if (this.#invalid) throw this.readOnlyFailure!;
    const problem = entryProblem(type, payload);
    if (problem) throw new Error(`Refusing to journal an invalid entry: ${problem}`);
    const head = this.#head.get();
    const seq = (head?.seq ?? 0) + 1;
    const prevHash = head?.hash ?? GENESIS_HASH;
    const text = canonicalJson(payload);
    const at = (opts.at ?? this.#clock.now()).toISOString();
    const shiftId = opts.shiftId ?? null;
    const hash = entryHash({ seq, prevHash, type, payload: text, at, counterId: this.counterId, shiftId });
    this.#insert.run(seq, at, type, text, prevHash, hash, this.counterId, shiftId);
    this.#setHead.run(seq, hash);
    const entry: Entry<K> = { seq, at, type, payload, counterId: this.counterId, shiftId, hash };
    applyEntry(this, entry);
    return entry;
  }

  /** Entries in order (optionally of some types), parsed. Do not write to the journal while iterating. */
  *entries<K extends EntryType>(types?: readonly K[]): Generator<Entry<K>> {
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

  /** Up to `limit` entries after `afterSeq`, parsed (for readers that write between pages). */
  page(afterSeq: number, limit: number): Entry[] {
    return (this.stmt('SELECT * FROM entries WHERE seq > ? ORDER BY seq LIMIT ?').all(afterSeq, limit) as EntryRow[]).map((r) => this.#parse(r));
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

  /**
   * Copies the journal into the file at `path` with SQLite's online backup (page by page between
   * turns of the event loop, so sales go on; `pagesPerStep` pages at a time, `onStep` between
   * steps), then makes the copy self-contained (no -wal beside it). The journal is only read.
   */
  async backupTo(path: string, opts: { pagesPerStep: number; onStep?: () => void }): Promise<void> {
    await this.#db.backup(path, {
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

  #parse<K extends EntryType>(r: EntryRow): Entry<K> {
    const payload = JSON.parse(r.payload) as EntryPayloads[K];
    const problem = entryProblem(r.type, payload);
    if (problem) throw invalidEntryFailure(r.seq, problem);
    return {
      seq: r.seq,
      at: r.at,
      type: r.type as K,
      payload,
      counterId: r.counter_id ?? this.counterId,
      shiftId: r.shift_id,
      hash: r.hash,
    };
  }

  /** Walks the whole chain: the first entry that was edited, deleted, inserted or reordered. */
  verify(): JournalCheck {
    const { ok, entries, firstBadSeq } = verifyChain(this.#db);
    return { ok, entries, firstBadSeq };
  }

  close(): void {
    if (this.#db.open) this.#db.close();
  }
}
