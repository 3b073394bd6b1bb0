import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { HASHED_SECRETS_MIGRATION, MIGRATIONS } from './schema.ts';

export type Db = Database.Database;

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** Opens (creating if needed) the sandbox database and brings its schema up to date. */
export function openDb(path: string | ':memory:'): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  // WAL + NORMAL: a crash can lose the last commits but never corrupts; plenty for a simulator.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // Deleted content is overwritten with zeros rather than left in free pages.
  db.pragma('secure_delete = ON');
  db.function('sha256_hex', { deterministic: true }, (text: unknown) => sha256Hex(String(text)));
  migrate(db);
  return db;
}

function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let version = current; version < MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version]!);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
  // A database made before secrets were hashed still holds the plain secrets in pages SQLite has
  // freed and in the WAL: rebuild the file and empty the WAL so that not a byte of them is left.
  if (current > 0 && current < HASHED_SECRETS_MIGRATION) {
    db.exec('VACUUM');
    db.pragma('wal_checkpoint(TRUNCATE)');
  }
}

/** Small key/value store for per-database secrets and settings. */
export class Meta {
  readonly #get: Database.Statement<[string], { value: string }>;
  readonly #set: Database.Statement<[string, string]>;

  constructor(db: Db) {
    this.#get = db.prepare('SELECT value FROM meta WHERE key = ?');
    this.#set = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
  }

  get(key: string): string | undefined {
    return this.#get.get(key)?.value;
  }

  set(key: string, value: string): void {
    this.#set.run(key, value);
  }

  /** The stored value, or `create()` stored now (used for secrets made once per database). */
  getOrCreate(key: string, create: () => string): string {
    const existing = this.get(key);
    if (existing !== undefined) return existing;
    const value = create();
    this.set(key, value);
    return value;
  }
}
