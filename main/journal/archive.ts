// A journal kept for reports only: a retired counter's (Replace, main/backup/retire.ts). Sealed
// once when it is retired (its write-ahead log folded in, rollback-journal mode), so that it can
// then be read from a read-only file with nothing written beside it: SQLite opens a WAL-mode
// file only by creating its -shm and -wal files next to it, even to read.
import { existsSync, openSync, readSync, closeSync, readFileSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { AppFailure } from '../failure.ts';
import type { Journal } from './journal.ts';
import { migrate } from './migrate.ts';
import { migrations } from './migrations/index.ts';

/** Folds the journal's write-ahead log into it and leaves WAL mode (the journal is closed everywhere else). */
export function sealJournalFile(path: string): void {
  const db = new Database(path, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
  } finally {
    db.close();
  }
}

/** SQLite's file header: bytes 18 and 19 are 2 in WAL mode. */
function inWalMode(path: string): boolean {
  const header = Buffer.alloc(20);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, header, 0, 20, 0);
  } finally {
    closeSync(fd);
  }
  return header[18] === 2;
}

const schemaIsCurrent = (db: Database.Database) => {
  const applied = new Set((db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((r) => r.version));
  return migrations.every((m) => applied.has(m.version));
};

/**
 * A retired journal's database, opened read-only. A sealed journal of this version's schema is
 * read from its file as it is; one still in WAL mode, or of an older schema, is read from a copy
 * in memory (brought to this schema there, `migrated` says so): the file is never written.
 */
export function openArchivedDatabase(path: string): { db: Database.Database; migrated: boolean } {
  if (!inWalMode(path)) {
    const db = new Database(path, { readonly: true, fileMustExist: true });
    if (schemaIsCurrent(db)) return { db, migrated: false };
    db.close();
  }
  if (existsSync(`${path}-wal`) && statSync(`${path}-wal`).size > 0) {
    throw new AppFailure('journal_read_only', `The retired journal ${path} still has a write-ahead log beside it: it is read only once sealed`);
  }
  const copy = readFileSync(path);
  copy[18] = 1; // the copy in memory in rollback-journal mode
  copy[19] = 1;
  const db = new Database(copy);
  try {
    const done = migrate(db);
    return { db, migrated: done.length > 0 };
  } catch (err) {
    db.close();
    throw err;
  }
}

/** How much a journal holds: its entries, and the first and last business days of its shifts. */
export function journalSpan(journal: Journal): { entries: number; firstDay: string | null; lastDay: string | null } {
  const days = journal.stmt('SELECT min(business_day) AS first, max(business_day) AS last FROM shifts').get() as { first: string | null; last: string | null };
  return { entries: journal.lastSeq(), firstDay: days.first, lastDay: days.last };
}
