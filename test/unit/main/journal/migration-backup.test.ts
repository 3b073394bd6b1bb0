import Database from 'better-sqlite3';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Journal } from '../../../../main/journal/journal.ts';
import { migrate } from '../../../../main/journal/migrate.ts';
import { migrations } from '../../../../main/journal/migrations/index.ts';
import { upgradeBackupDir } from '../../../../main/journal/migration-backup.ts';
import { manualClock, TEST_COUNTER, tempDir } from './helpers.ts';

// An update's first start: the journal written by the previous version is copied, as it was,
// before the new version's migrations touch it.

const latest = Math.max(...migrations.map((m) => m.version));
const open = (path: string) => Journal.open({ path, clock: manualClock('2026-11-26T07:00:00.000Z'), environment: 'LIVE', counterId: TEST_COUNTER });
const schemaOf = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT max(version) AS v FROM schema_migrations').get() as { v: number }).v;
  } finally {
    db.close();
  }
};

let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp?.cleanup());

describe('the journal before an upgrade', () => {
  it('is copied with its old schema and its entries before the pending migrations run', () => {
    tmp = tempDir();
    const path = join(tmp.dir, 'journal-live.db');
    // The journal of the previous version: every migration but the newest, and its data.
    const previous = new Database(path);
    migrate(previous, { upTo: latest - 1 });
    previous.prepare("INSERT INTO meta (key, value) VALUES ('written_by', 'the previous version')").run();
    previous.close();

    const reopened = open(path);
    reopened.close();

    const backups = readdirSync(upgradeBackupDir(path));
    expect(backups).toEqual([`journal-live-schema-${latest - 1}-before-${latest}-2026-11-26T07-00-00-000Z.db`]);
    const copy = join(upgradeBackupDir(path), backups[0]!);
    expect(schemaOf(copy)).toBe(latest - 1);
    expect(schemaOf(path)).toBe(latest);
    const old = new Database(copy, { readonly: true });
    expect(old.prepare("SELECT value FROM meta WHERE key = 'written_by'").get()).toEqual({ value: 'the previous version' });
    old.close();
    expect(statSync(copy).mode & 0o777).toBe(0o600);
  });

  it('is not copied when nothing is pending, nor when the journal is new', () => {
    tmp = tempDir();
    const path = join(tmp.dir, 'journal-live.db');
    open(path).close();
    open(path).close();
    expect(() => readdirSync(upgradeBackupDir(path))).toThrow(/ENOENT/);
  });

  it('tells the hook the schema it has and the one it will have', () => {
    const db = new Database(':memory:');
    migrate(db, { upTo: 3 });
    const seen: [number, number][] = [];
    migrate(db, { upTo: 5, beforeUpgrade: (from, to) => seen.push([from, to]) });
    migrate(db, { upTo: 5, beforeUpgrade: (from, to) => seen.push([from, to]) });
    db.close();
    expect(seen).toEqual([[3, 5]]);
  });
});
