// A journal file opened read-only on a connection of its own, never written: a backup being
// checked, a journal a restore must not replace, or another environment's asked whether it has
// agents. The live journal is opened by Journal.open.
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { verifyChainYielding, type ChainCheck } from './verify-chain.ts';
import { AGENTS_IN_USE_SQL } from './agents.ts';
import { AGENT_ROW_TYPES } from './agent-rows.ts';
import { TAGGED_COLUMNS, type TaggedRow } from './entry-tags.ts';

/**
 * Entry types that mean an agent worked with a journal. A fresh journal holds only the counter's
 * own set-up and, linked to a station, the station's agents and rules (not its own work).
 */
const WORK = ['sale.intent', 'shift.opened', 'cash.moved'];

/** Whether a journal database holds anything an agent did. */
export function databaseHasWork(db: Database.Database): boolean {
  return db.prepare(`SELECT 1 FROM entries WHERE type IN (${WORK.map(() => '?').join(',')}) LIMIT 1`).get(...WORK) !== undefined;
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

  /**
   * The station databases this journal was ever linked to: the stations whose settings rows its
   * entries applied (every linked counter applies its station's stream, from the station's name on).
   */
  linkedStations(): string[] {
    const rows = this.#db
      .prepare<[], { station: string }>("SELECT DISTINCT json_extract(payload, '$.fromStation.stationId') AS station FROM entries WHERE json_extract(payload, '$.fromStation.stationId') IS NOT NULL")
      .all();
    return rows.map((r) => r.station);
  }

  /** The hash of the entry `seq`, or null when there is none. */
  hashAt(seq: number): string | null {
    return this.#db.prepare<[number], { hash: string }>('SELECT hash FROM entries WHERE seq = ?').get(seq)?.hash ?? null;
  }

  /** What a Replace waits for (main/backup/retire-checks.ts): shifts not closed, sales not finished, the last entry. */
  unfinished(): { openShifts: number; unfinishedSales: number; lastSeq: number } {
    const count = (sql: string) => (this.#db.prepare<[], { n: number }>(sql).get()?.n ?? 0);
    return {
      openShifts: count('SELECT count(*) AS n FROM shifts WHERE closed_seq IS NULL'),
      unfinishedSales: count("SELECT count(*) AS n FROM sales WHERE status IN ('sending', 'unknown', 'pending')"),
      lastSeq: count('SELECT coalesce(max(seq), 0) AS n FROM entries'),
    };
  }

  /** The agents' entries (AGENT_ROW_TYPES), in order, with the columns their tags are checked from. */
  agentEntries(): TaggedRow[] {
    return this.#db.prepare<string[], TaggedRow>(`SELECT ${TAGGED_COLUMNS} FROM entries WHERE type IN (${AGENT_ROW_TYPES.map(() => '?').join(',')}) ORDER BY seq`).all(...AGENT_ROW_TYPES);
  }

  /** Whether this journal has an agent who signs in with a PIN. */
  hasAgents(): boolean {
    return this.#db.prepare(AGENTS_IN_USE_SQL).get() !== undefined;
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

/** Whether the journal file at `path` has an agent who signs in with a PIN (false when there is no file; true when it cannot be read: taken to have one). */
export function journalFileHasAgents(path: string): boolean {
  if (!existsSync(path)) return false;
  try {
    const file = JournalFile.open(path);
    try {
      return file.hasAgents();
    } finally {
      file.close();
    }
  } catch {
    return true;
  }
}
