// A retired counter's journal, as Reports reads it (Replace, issue 24): sealed when it is retired
// and made 0400, then opened read-only: the same figures as when it was live, nothing appended,
// its file never written and nothing created beside it. One of an older schema, or still in WAL
// mode, is read from a copy in memory brought to this schema there; one with a write-ahead log
// beside it is refused.
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppFailure } from '../../../../main/failure.ts';
import { journalSpan, sealJournalFile } from '../../../../main/journal/archive.ts';
import { Journal, journalDatabase } from '../../../../main/journal/journal.ts';
import { migrate } from '../../../../main/journal/migrate.ts';
import { migrations } from '../../../../main/journal/migrations/index.ts';
import { dayReport } from '../../../../main/journal/report.ts';
import { DAY, writeEveryEntry } from '../../../support/every-entry.ts';
import { manualClock, openTempJournal, tempDir } from './helpers.ts';

const folder = tempDir('shubbak-retired-');
let live: ReturnType<typeof openTempJournal>;
let expected: ReturnType<typeof dayReport>;
let rows: Record<string, unknown>[];
beforeAll(() => {
  const clock = manualClock('2026-07-01T08:00:00.000Z');
  live = openTempJournal(clock);
  writeEveryEntry(live.journal, () => clock.advance(1_000));
  expected = dayReport(live.journal, 'TRAINING', DAY, () => null);
  rows = journalDatabase(live.journal).prepare('SELECT * FROM entries ORDER BY seq').all() as Record<string, unknown>[];
});
afterAll(() => {
  live.cleanup();
  folder.cleanup();
});

const digest = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** Reads it as Reports do, tries to append to it, and says what happened to the file. */
function readRetired(path: string) {
  const before = { digest: digest(path), beside: readdirSync(folder.dir).sort() };
  const journal = Journal.openRetired(path, manualClock());
  let refused: unknown = null;
  try {
    expect(dayReport(journal, 'TRAINING', DAY, () => null)).toEqual(expected);
    expect(journalSpan(journal)).toEqual({ entries: rows.length, firstDay: DAY, lastDay: DAY });
    try {
      journal.transaction(() => journal.append('cash.moved', { movementId: 'm-after', shiftId: 's', agentId: 'a', kind: 'pay_in', amountMinor: 100, reason: 'after retiring' }));
    } catch (err) {
      refused = err;
    }
  } finally {
    journal.close();
  }
  expect(refused).toBeInstanceOf(AppFailure);
  expect((refused as AppFailure).error.code).toBe('journal_read_only');
  expect(digest(path)).toBe(before.digest);
  expect(readdirSync(folder.dir).sort()).toEqual(before.beside);
}

describe('a retired journal, read for reports', () => {
  it('sealed when retired and made 0400: read in place, the same figures, nothing appended, nothing written', () => {
    const path = join(folder.dir, 'sealed.db');
    journalDatabase(live.journal).pragma('wal_checkpoint(TRUNCATE)');
    copyFileSync(live.journal.path, path);
    sealJournalFile(path);
    chmodSync(path, 0o400);
    expect(readdirSync(folder.dir)).toEqual(['sealed.db']);
    readRetired(path);
    const journal = Journal.openRetired(path, manualClock());
    expect(journalDatabase(journal).readonly).toBe(true);
    expect(journalDatabase(journal).memory).toBe(false);
    journal.close();
  });

  it('of an older schema, still in WAL mode: read from a copy in memory brought to this schema, the file untouched', () => {
    const path = join(folder.dir, 'older.db');
    const old = new Database(path);
    old.pragma('journal_mode = WAL');
    migrate(old, { upTo: Math.max(...migrations.map((m) => m.version)) - 1 });
    const columns = (old.pragma('table_info(entries)') as { name: string }[]).map((c) => c.name);
    const insert = old.prepare(`INSERT INTO entries (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`);
    old.transaction(() => {
      for (const r of rows) insert.run(Object.fromEntries(columns.map((c) => [c, r[c]])));
      const last = rows.at(-1)!;
      old.prepare('INSERT INTO journal_head (id, seq, hash) VALUES (1, ?, ?)').run(last.seq, last.hash);
      old.prepare("INSERT INTO meta (key, value) VALUES ('environment', 'TRAINING'), ('counter_id', ?)").run(live.journal.counterId);
    })();
    old.close();
    chmodSync(path, 0o400);
    readRetired(path);
    const journal = Journal.openRetired(path, manualClock());
    expect(journalDatabase(journal).memory).toBe(true);
    journal.close();
  });

  it('with a write-ahead log beside it (not sealed): refused, not read without it', () => {
    const path = join(folder.dir, 'unsealed.db');
    copyFileSync(join(folder.dir, 'older.db'), path);
    writeFileSync(`${path}-wal`, Buffer.alloc(4096, 1));
    expect(() => Journal.openRetired(path, manualClock())).toThrow(/still has a write-ahead log/);
  });
});
