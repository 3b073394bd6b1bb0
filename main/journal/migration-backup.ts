import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type Sqlite from 'better-sqlite3';

/** Where a journal's pre-upgrade copies go: <data>/backups beside the journal's own folder. */
export const upgradeBackupDir = (journalPath: string): string => join(dirname(journalPath), 'backups');

/**
 * A consistent copy of the journal as it was before an update's schema migrations ran
 * (`VACUUM INTO`: one transaction-consistent file, WAL included), so a migration that goes wrong
 * on a station's real data can be undone by putting this file back. Never overwrites a copy.
 */
export function backupBeforeUpgrade(db: Sqlite.Database, journalPath: string, from: number, to: number, at: Date): string {
  const dir = upgradeBackupDir(journalPath);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  const name = `${basename(journalPath, '.db')}-schema-${from}-before-${to}-${stamp}.db`;
  let file = join(dir, name);
  for (let n = 2; existsSync(file); n++) file = join(dir, name.replace(/\.db$/, `-${n}.db`));
  db.prepare('VACUUM INTO ?').run(file);
  chmodSync(file, 0o600);
  return file;
}
