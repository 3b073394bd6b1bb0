import { mkdirSync, statSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import type { JournalCheck } from '../../contract/counter.ts';
import type { Clock } from '../clock.ts';
import { canonicalJson, entryHash, GENESIS_HASH } from './chain.ts';
import type { EntryPayloads, EntryType } from './entries.ts';
import { migrate } from './migrate.ts';

export interface Entry<K extends EntryType = EntryType> {
  seq: number;
  at: string;
  type: K;
  payload: EntryPayloads[K];
  hash: string;
}

interface EntryRow {
  seq: number;
  at: string;
  type: string;
  payload: string;
  prev_hash: string;
  hash: string;
}

export interface JournalOptions {
  path: string;
  clock: Clock;
  /** The environment this journal belongs to; a journal never changes environment. */
  environment: string;
}

/**
 * The sales journal: one SQLite database (WAL, synchronous=FULL) of append-only entries
 * chained by hash, plus read models derived from them in the same transactions.
 */
export class Journal {
  readonly db: Database.Database;
  readonly path: string;
  readonly environment: string;
  readonly #clock: Clock;
  readonly #head: Database.Statement<[], { seq: number; hash: string }>;
  readonly #insert: Database.Statement<[number, string, string, string, string, string]>;
  readonly #setHead: Database.Statement<[number, string]>;
  readonly #statements = new Map<string, Database.Statement>();

  private constructor(db: Database.Database, opts: JournalOptions) {
    this.db = db;
    this.path = opts.path;
    this.environment = opts.environment;
    this.#clock = opts.clock;
    this.#head = db.prepare('SELECT seq, hash FROM journal_head WHERE id = 1');
    this.#insert = db.prepare('INSERT INTO entries (seq, at, type, payload, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?)');
    this.#setHead = db.prepare(
      'INSERT INTO journal_head (id, seq, hash) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET seq = excluded.seq, hash = excluded.hash',
    );
  }

  static open(opts: JournalOptions): Journal {
    mkdirSync(dirname(opts.path), { recursive: true });
    const db = new Database(opts.path);
    try {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      db.pragma('foreign_keys = ON');
      db.pragma('busy_timeout = 5000');
      db.pragma('cache_size = -32000'); // 32 MB: the report and sale indexes stay in memory
      migrate(db, { now: () => opts.clock.now() });
      const row = db.prepare("SELECT value FROM meta WHERE key = 'environment'").get() as { value: string } | undefined;
      if (!row) db.prepare("INSERT INTO meta (key, value) VALUES ('environment', ?)").run(opts.environment);
      else if (row.value !== opts.environment) {
        throw new Error(`Journal ${opts.path} belongs to ${row.value}, not ${opts.environment}`);
      }
      return new Journal(db, opts);
    } catch (err) {
      db.close();
      throw err;
    }
  }

  /** A prepared statement, compiled once per journal. */
  stmt<P extends unknown[] = unknown[], R = unknown>(sql: string): Database.Statement<P, R> {
    let s = this.#statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.#statements.set(sql, s);
    }
    return s as unknown as Database.Statement<P, R>;
  }

  now(): Date {
    return this.#clock.now();
  }

  /** Runs `fn` in one IMMEDIATE transaction: its entries and read-model writes land together or not at all. */
  transaction<T>(fn: () => T): T {
    if (this.db.inTransaction) return fn();
    return this.db.transaction(fn).immediate();
  }

  /** Appends one entry chained to the last one. Call inside `transaction` with its read-model writes. */
  append<K extends EntryType>(type: K, payload: EntryPayloads[K], at: Date = this.#clock.now()): Entry<K> {
    if (!this.db.inTransaction) throw new Error('Journal.append outside a transaction');
    const head = this.#head.get();
    const seq = (head?.seq ?? 0) + 1;
    const prevHash = head?.hash ?? GENESIS_HASH;
    const text = canonicalJson(payload);
    const iso = at.toISOString();
    const hash = entryHash({ seq, prevHash, type, payload: text, at: iso });
    this.#insert.run(seq, iso, type, text, prevHash, hash);
    this.#setHead.run(seq, hash);
    return { seq, at: iso, type, payload, hash };
  }

  /** Entries in order (optionally of some types), parsed. */
  *entries<K extends EntryType>(types?: readonly K[]): Generator<Entry<K>> {
    const rows = types
      ? this.db
          .prepare(`SELECT * FROM entries WHERE type IN (${types.map(() => '?').join(',')}) ORDER BY seq`)
          .iterate(...types)
      : this.db.prepare('SELECT * FROM entries ORDER BY seq').iterate();
    for (const r of rows as Iterable<EntryRow>) {
      yield { seq: r.seq, at: r.at, type: r.type as K, payload: JSON.parse(r.payload) as EntryPayloads[K], hash: r.hash };
    }
  }

  /** Walks the whole chain: the first entry that was edited, deleted, inserted or reordered. */
  verify(): JournalCheck {
    let expected = 1;
    let prev = GENESIS_HASH;
    const bad = (seq: number): JournalCheck => ({ ok: false, entries: expected - 1, firstBadSeq: seq });
    for (const r of this.db.prepare('SELECT * FROM entries ORDER BY seq').iterate() as Iterable<EntryRow>) {
      if (r.seq !== expected) return bad(expected);
      if (r.prev_hash !== prev) return bad(r.seq);
      if (entryHash({ seq: r.seq, prevHash: r.prev_hash, type: r.type, payload: r.payload, at: r.at }) !== r.hash) {
        return bad(r.seq);
      }
      prev = r.hash;
      expected++;
    }
    const last = expected - 1;
    const head = this.#head.get();
    if (!head) return last === 0 ? { ok: true, entries: 0, firstBadSeq: null } : bad(1);
    if (head.seq > last) return bad(last + 1);
    if (head.seq < last) return bad(head.seq + 1);
    if (head.hash !== prev) return bad(last);
    return { ok: true, entries: last, firstBadSeq: null };
  }

  /** A consistent copy made with SQLite's online backup while the app keeps writing. */
  async backup(dir: string): Promise<{ path: string; bytes: number }> {
    mkdirSync(dir, { recursive: true });
    const stamp = this.#clock.now().toISOString().replace(/[:.]/g, '-');
    let path = join(dir, `journal-${stamp}.db`);
    for (let n = 2; existsSync(path); n++) path = join(dir, `journal-${stamp}-${n}.db`);
    await this.db.backup(path);
    return { path, bytes: statSync(path).size };
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
