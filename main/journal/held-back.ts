import type Database from 'better-sqlite3';
import type { Entry } from './entry-row.ts';
import type { EntryType } from './entries.ts';

/**
 * A sale's own entries (its intent, attempts, outcome and cash) are folded into the read models
 * just after their commits rather than in them. Folded in them, the sales row, its report, cash
 * and status indexes put some twenty pages more into the sale's two fsyncs and half of the sale's
 * work in front of the booking request and the printed ticket; the entries alone are the record.
 */
export const HELD_BACK: ReadonlySet<string> = new Set<EntryType>(['sale.intent', 'sale.attempt', 'sale.outcome', 'cash.received']);

/** What the journal lends the held-back entries. */
export interface HeldBackHost {
  /** Folds one entry into the read models (read-models.ts applyEntry). */
  apply(entry: Entry): void;
  lastSeq(): number;
  /** Up to `limit` entries after `afterSeq`, parsed. */
  page(afterSeq: number, limit: number): Entry[];
  /** Runs `fn` in a durable transaction of its own. */
  transaction(fn: () => void): void;
  /** Drops the read models and folds every entry into them again. */
  rebuild(): void;
  /** False for a read-only journal: its read models are read as they were left. */
  writable(): boolean;
}

/**
 * The entries appended but not folded into the read models yet. The head row's `unfolded_from`
 * names the first (NULL: none); every entry after it is held back too, so they are always the journal's
 * tail and are folded in order. They are folded:
 * - before anything reads or writes through the journal (Journal.stmt, journalDatabase), in the
 *   reader's transaction or in one of their own;
 * - before an entry of any other kind is folded, in its transaction;
 * - once the event loop turns after a durable commit (between sales, or while a booking request
 *   is on its way), in a transaction of their own;
 * - when the journal is opened (after a crash or a power cut between a sale's commits) or closed.
 * A sale's own row is its stored row with its held-back entries folded in memory (queries/sales.ts),
 * so a sale reads nothing back from the read models while it commits.
 */
export class HeldBackEntries {
  readonly #db: Database.Database;
  readonly #host: HeldBackHost;
  readonly #mark: Database.Statement<[], number | null>;
  readonly #setMark: Database.Statement<[number]>;
  readonly #dropMark: Database.Statement<[]>;
  /** undefined: not known (after a failed transaction), read again from the head row. */
  #from: number | null | undefined = undefined;
  /** The held-back entries as appended, so the sale's own reads parse nothing back. */
  readonly #appended = new Map<number, Entry>();
  /** While folding, or reading the read models as stored: nothing is folded. */
  #quiet = false;
  #queued = false;

  constructor(db: Database.Database, host: HeldBackHost) {
    this.#db = db;
    this.#host = host;
    this.#mark = db.prepare<[], number | null>('SELECT unfolded_from FROM journal_head WHERE id = 1').pluck();
    this.#setMark = db.prepare('UPDATE journal_head SET unfolded_from = ? WHERE id = 1');
    this.#dropMark = db.prepare('UPDATE journal_head SET unfolded_from = NULL WHERE id = 1');
  }

  /** The first entry held back (null: none). */
  from(): number | null {
    if (this.#from === undefined) {
      this.#from = this.#mark.get() ?? null;
    }
    return this.#from;
  }

  /**
   * When the journal is opened: what a crash or a power cut left held back is folded. A mark that
   * is not a seq of this journal, or from which the entries do not fold (edited, or copied from
   * another file), is not trusted: the read models are rebuilt from every entry.
   */
  open(): void {
    const from = this.from();
    if (from === null || !this.#host.writable()) return;
    this.#host.transaction(() => {
      try {
        if (!Number.isSafeInteger(from) || from < 1 || from > this.#host.lastSeq()) throw new RangeError(`unfolded_from ${from}`);
        this.#foldThrough(this.#host.lastSeq());
      } catch {
        this.#dropMark.run();
        this.forget();
        this.#host.rebuild();
      }
    });
  }

  /** Called by append with the entry just inserted: true when it is held back; else what is held back before it is folded first. */
  hold(e: Entry): boolean {
    if (!HELD_BACK.has(e.type)) {
      this.#foldThrough(e.seq - 1);
      return false;
    }
    if (this.from() === null) {
      this.#setMark.run(e.seq);
      this.#from = e.seq;
    }
    this.#appended.set(e.seq, e);
    return true;
  }

  /** Folds every entry held back: in the open transaction, or in one of its own. */
  catchUp(): void {
    if (this.#quiet || !this.#db.open || this.from() === null || !this.#host.writable()) return;
    if (this.#db.inTransaction) this.#foldThrough(this.#host.lastSeq());
    else this.#host.transaction(() => this.#foldThrough(this.#host.lastSeq()));
  }

  /** Before the journal closes: folded now, or when it is next opened. */
  beforeClose(): void {
    try {
      this.catchUp();
    } catch {
      // Folded when the journal is next opened.
    }
  }

  /** After a durable commit: what is held back is folded once the event loop turns. */
  afterCommit(): void {
    if (this.#queued || this.from() === null) return;
    this.#queued = true;
    setImmediate(() => {
      this.#queued = false;
      if (!this.#db.open || this.#db.inTransaction) return;
      try {
        this.catchUp();
      } catch {
        // Folded again by the next reader, which then meets the failure itself.
      }
    }).unref();
  }

  /** After a failed transaction: what is held back is known again from the journal. */
  forget(): void {
    this.#from = undefined;
    this.#appended.clear();
  }

  /** Runs a transaction: when it fails, what it held back is forgotten with it. */
  unlessRolledBack<T>(transaction: () => T): T {
    try {
      return transaction();
    } catch (err) {
      this.forget();
      throw err;
    }
  }

  /** The entries held back, in order, without folding them. */
  entries(): Entry[] {
    const from = this.from();
    if (from === null) return [];
    // Appended by this journal from the mark on: they run to its head, as an entry of any other kind folds them first.
    const appended = [...this.#appended.values()];
    if (appended[0]?.seq === from) return appended;
    return this.quietly(() => this.#host.page(from - 1, this.#host.lastSeq() - from + 1));
  }

  /** Runs `fn` without folding what is held back (it reads the read models as stored). */
  quietly<T>(fn: () => T): T {
    const was = this.#quiet;
    this.#quiet = true;
    try {
      return fn();
    } finally {
      this.#quiet = was;
    }
  }

  #foldThrough(throughSeq: number): void {
    const from = this.from();
    if (from === null || throughSeq < from) return;
    this.quietly(() => {
      // Read back from the file, not from #appended: the read models follow the record as stored, whatever a caller did to its payload since.
      for (let after = from - 1; after < throughSeq; ) {
        const page = this.#host.page(after, Math.min(5_000, throughSeq - after));
        if (page.length === 0) break;
        for (const entry of page) this.#host.apply(entry);
        after = page.at(-1)!.seq;
      }
    });
    this.#dropMark.run();
    this.#from = null;
    this.#appended.clear();
  }
}
