// Journals written by every earlier schema: the same day of entries stored in the entries table
// as each schema version had it (migrations never change once shipped, so migrating an empty
// journal to version N gives exactly the schema a counter of that version wrote), then opened
// by this version: migrated, checked, read models folded again, and every figure equal to the
// journal written by this version. Every entry kind in today's shapes; the journals the earlier
// versions wrote themselves are opened in test/integration/journal/older-journals.test.ts.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldSales } from '../../../../core/sale-fold.ts';
import { journalDatabase, Journal } from '../../../../main/journal/journal.ts';
import { migrate } from '../../../../main/journal/migrate.ts';
import { migrations } from '../../../../main/journal/migrations/index.ts';
import { readModelRows } from '../../../../main/journal/read-models.ts';
import { dayReport } from '../../../../main/journal/report.ts';
import { computeZ } from '../../../../main/shifts/z-report.ts';
import { DAY, SHIFT, writeEveryEntry } from '../../../support/every-entry.ts';
import { manualClock, openTempJournal, TEST_COUNTER, tempDir } from './helpers.ts';

let reference: ReturnType<typeof openTempJournal>;
const folder = tempDir('shubbak-older-');
afterAll(() => {
  reference.cleanup();
  folder.cleanup();
});

/** What a station manager sees of the journal: each sale's fold, the day report, the Z-report. */
function figures(j: Journal) {
  const ctx = { zNumber: 1, counterId: j.counterId, stationName: 'Luxor', environment: 'TRAINING' as const, closedAt: '2026-07-01T20:00:00.000Z', comment: null };
  return {
    sales: [...foldSales([...j.foldable()]).values()],
    day: dayReport(j, 'TRAINING', DAY, () => null),
    // Entries name their shift from schema 7 on: the Z-report of an older shift is its frozen copy.
    z: j.shiftEntries(SHIFT).length > 0 ? computeZ(j.shiftEntries(SHIFT), ctx) : null,
    // the legacy agent-1 row is made by migration 0002 at the time it runs, not by an entry
    readModels: { ...readModelRows(j), agents: readModelRows(j).agents!.map((a) => ((a as { id: string }).id === 'agent-1' ? { ...(a as object), created_at: null } : a)) } as Record<string, unknown[]>,
  };
}

let expected: ReturnType<typeof figures>;
let rows: Record<string, unknown>[];
beforeAll(() => {
  const clock = manualClock('2026-07-01T08:00:00.000Z');
  reference = openTempJournal(clock);
  writeEveryEntry(reference.journal, () => clock.advance(1_000));
  expected = figures(reference.journal);
  rows = journalDatabase(reference.journal).prepare('SELECT * FROM entries ORDER BY seq').all() as Record<string, unknown>[];
});

const latest = Math.max(...migrations.map((m) => m.version));

describe('a journal written by an earlier schema', () => {
  for (const m of migrations.filter((x) => x.version < latest)) {
    it(`schema ${m.version} (${m.name}): opened, migrated and folded with the same figures`, () => {
      const path = join(folder.dir, `journal-${m.version}.db`);
      const old = new Database(path);
      migrate(old, { upTo: m.version });
      const columns = (old.pragma('table_info(entries)') as { name: string }[]).map((c) => c.name);
      const insert = old.prepare(`INSERT INTO entries (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`);
      old.transaction(() => {
        for (const r of rows) insert.run(Object.fromEntries(columns.map((c) => [c, r[c]])));
        const last = rows.at(-1)!;
        old.prepare('INSERT INTO journal_head (id, seq, hash) VALUES (1, ?, ?)').run(last.seq, last.hash);
        old.prepare("INSERT INTO meta (key, value) VALUES ('environment', 'TRAINING')").run();
      })();
      old.close();

      const opened = Journal.open({ path, clock: manualClock(), environment: 'TRAINING', counterId: TEST_COUNTER });
      try {
        expect(opened.readOnlyFailure).toBeNull();
        const got = figures(opened);
        expect(got.sales).toEqual(expected.sales);
        expect(got.day).toEqual(expected.day);
        expect(got.z).toEqual(m.version >= 7 ? expected.z : null);
        for (const table of Object.keys(expected.readModels)) {
          // before schema 7 an entry did not name its shift: a print's shift is not known
          const want = m.version < 7 && table === 'prints' ? expected.readModels[table]!.map((p) => ({ ...(p as object), shift_id: null })) : expected.readModels[table];
          expect(got.readModels[table], table).toEqual(want);
        }
      } finally {
        opened.close();
      }
    });
  }
});
