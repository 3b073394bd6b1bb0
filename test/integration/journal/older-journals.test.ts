// Journals written by the earlier versions themselves (test/fixtures/journals, made by
// scripts/journal-fixtures/generate.ts from the commits in git history: each version's own
// counter sold, printed, moved cash and closed a shift, and its own reports' answers were kept).
// Today's code opens each copy (migrations run, read models folded again), and every figure those
// reports gave must come out the same: the sales list, the day report, the frozen Z-report and
// its recomputation from the entries, the blind count, the day's shifts. A figure a later rule
// changed on purpose is listed in the fixture's `decidedChanges` with the rule's name, and today's
// figure is asserted under that name.
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { FixtureFigures, SchemaVersion } from '../../../scripts/journal-fixtures/generate.ts';
import { Journal, journalDatabase } from '../../../main/journal/journal.ts';
import { migrations } from '../../../main/journal/migrations/index.ts';
import { rebuildAndCompare } from '../../../main/journal/read-models.ts';
import { dayReport } from '../../../main/journal/report.ts';
import { verifyChain } from '../../../main/journal/verify-chain.ts';
import { ReferenceService } from '../../../main/reference/service.ts';
import { SalesStore } from '../../../main/selling/store.ts';
import { ShiftService } from '../../../main/shifts/service.ts';
import { TripWatcher } from '../../../main/worklist/watcher.ts';
import type { ZReport } from '../../../contract/counter.ts';
import { tempDir } from '../main/helpers.ts';
import { figureDifferences } from './figures.ts';

const fixtures = join(import.meta.dirname, '../../fixtures/journals');
const index = JSON.parse(readFileSync(join(fixtures, 'index.json'), 'utf8')) as { versions: (SchemaVersion & { fixture: string })[] };
const folder = tempDir('shubbak-older-journals-');
afterAll(() => folder.cleanup());

const clock = { now: () => new Date('2026-12-01T08:00:00.000Z') };
type Answered = {
  sales: unknown[];
  dayReport: { date: string };
  z?: { report: ZReport };
  zAgain?: { report: ZReport };
  count?: unknown;
  shifts?: unknown[];
};

/** Opens a copy of the fixture with today's code, as a counter opening its data folder would. */
function openCopy(fixture: string): Journal {
  const path = join(folder.dir, fixture, 'journal.db');
  const source = join(fixtures, fixture, 'journal.db');
  const db = new Database(source, { readonly: true });
  const meta = db.prepare("SELECT value FROM meta WHERE key = 'counter_id'").pluck().get() as string | undefined;
  db.close();
  mkdirSync(join(folder.dir, fixture), { recursive: true });
  copyFileSync(source, path);
  // A journal from before counters had ids takes the installation's (any id: nothing names it yet).
  return Journal.open({ path, clock, environment: 'TRAINING', counterId: meta ?? 'ctr_00000000-0000-4000-8000-00000000f1c5' });
}

describe('a journal written by an earlier version, opened by this one', () => {
  it('there is one for every earlier schema version', () => {
    const latest = Math.max(...migrations.map((m) => m.version));
    // From the first journal (6) to the one before this build's; no version of main had 0014 as its
    // highest migration (it applied 0015 first: the schema-15 fixture has the gap).
    const earlier = Array.from({ length: latest - 6 }, (_, i) => i + 6).filter((schema) => schema !== 14);
    expect(index.versions.map((v) => v.schema)).toEqual(earlier);
  });

  for (const v of index.versions) {
    describe(`schema ${v.schema} (${v.commit}: ${v.why})`, () => {
      const recorded = JSON.parse(readFileSync(join(fixtures, v.fixture, 'figures.json'), 'utf8')) as FixtureFigures;
      const answered = recorded.answered as unknown as Answered;

      it('is migrated to this schema, checked, its chain intact, and a rebuild changes nothing', () => {
        const j = openCopy(v.fixture);
        try {
          expect(recorded.migrations.length, 'the fixture holds an older schema').toBeLessThan(migrations.length);
          expect(journalDatabase(j).prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all()).toEqual(migrations.map((m) => m.version));
          expect(j.readOnlyFailure).toBeNull();
          expect(j.verify()).toMatchObject({ ok: true });
          expect(verifyChain(journalDatabase(j)).lastHash).toBe(j.hashAt(j.lastSeq()));
          expect(j.lastSeq()).toBeGreaterThan(15);
          expect(Object.values(rebuildAndCompare(j)).every((n) => n === 0), JSON.stringify(rebuildAndCompare(j))).toBe(true);
        } finally {
          j.close();
        }
      });

      it('gives the figures that version gave', () => {
        const j = openCopy(v.fixture);
        try {
          const reference = new ReferenceService({ journal: j, client: offline, clock, log: () => {} });
          const day = answered.dayReport.date;
          const today: Record<string, unknown> = {
            sales: new SalesStore(j).list({}),
            dayReport: dayReport(j, 'TRAINING', day, (id) => reference.cached().operators.find((o) => o.id === id)?.name ?? null),
          };
          // the worklist as the check of the trips answered it (where the version had one)
          if ('worklist' in answered) today.worklist = new TripWatcher(j, offline as never, () => {}).list();
          if (answered.z) {
            const shifts = new ShiftService(j, clock, { counterId: j.counterId, stationName: () => answered.z!.report.stationName, environment: 'TRAINING' });
            const frozen = shifts.zReport(answered.z.report.zNumber);
            const recomputed = shifts.recompute(frozen);
            const { cash } = recomputed;
            // the Z-report the close answered, folded again from the shift's entries by today's code
            // (its corrections came later: zAgain, read at the end of the day, has them)
            today.z = { report: recomputed };
            today.zAgain = shifts.view(frozen.zNumber);
            today.count = { countedMinor: cash.countedMinor, expectedMinor: cash.expectedMinor, varianceMinor: cash.varianceMinor };
            today.shifts = shifts.ofDay(day);
            expect(frozen, 'the frozen Z-report reads back as written').toEqual(answered.z.report);
            // The sale pending at the close, confirmed by the API after it: open (its cash held) in the
            // Z-report frozen then, confirmed in the day's figures (docs/rules.md: a sale belongs to
            // the shift and day of its intent).
            expect(frozen.open).toHaveLength(1);
            expect((today.sales as { saleId: string; status: string }[]).find((x) => x.saleId === frozen.open[0]!.saleId)?.status).toBe('confirmed');
          }
          const was = { ...answered, z: answered.z && { report: answered.z.report } } as Record<string, unknown>;
          const { differences, compared } = figureDifferences(was, today, ['sales', 'dayReport', 'z', 'zAgain', 'count', 'shifts', 'worklist']);
          // every sale's fields and the day report's figures at least; the Z-report's too from schema 10
          expect(compared).toBeGreaterThan(answered.z ? 200 : 60);
          // Each difference must be a decided rule written in the fixture, and each decided rule must still differ.
          const decided = new Map(recorded.decidedChanges.map((c) => [c.path, c]));
          for (const d of differences) {
            const change = decided.get(d.path);
            expect(change, `${d.path}: was ${JSON.stringify(d.was)}, today ${JSON.stringify(d.today)} (no decided rule names it)`).toBeDefined();
            expect(d.today, `${d.path} (${change!.rule})`).toEqual(change!.today);
          }
          expect(recorded.decidedChanges.map((c) => c.path).filter((p) => !differences.some((d) => d.path === p)), 'decided changes that no longer differ').toEqual([]);
        } finally {
          j.close();
        }
      });
    });
  }
});

/** The reference data come from the journal's cache, the worklist from its rows: nothing here goes to the network. */
const offline = {
  cities: () => Promise.reject(new Error('offline')),
  operators: () => Promise.reject(new Error('offline')),
  routes: () => Promise.reject(new Error('offline')),
};
