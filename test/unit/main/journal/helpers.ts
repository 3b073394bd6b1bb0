import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../../../../main/clock.ts';
import { journalDatabase, Journal } from '../../../../main/journal/journal.ts';
import { assertRebuildChangesNothing } from '../../../support/read-models.ts';
import { appendByHand as appendChained } from '../../../support/append-by-hand.ts';

/** The counter id test journals are opened with. */
export const TEST_COUNTER = 'ctr_00000000-0000-4000-8000-000000000001';

export function tempDir(prefix = 'shubbak-test-'): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A clock that only moves when told. */
export function manualClock(start = '2026-07-01T08:00:00.000Z'): Clock & { advance(ms: number): void } {
  let t = Date.parse(start);
  return { now: () => new Date(t), advance: (ms) => void (t += ms) };
}

export function openTempJournal(clock: Clock = manualClock()) {
  const tmp = tempDir();
  const journal = Journal.open({ path: join(tmp.dir, 'journal.db'), clock, environment: 'TRAINING', counterId: TEST_COUNTER });
  return {
    journal,
    dir: tmp.dir,
    cleanup() {
      // Every journal a test builds: its read models must equal a rebuild from its entries (a
      // journal a test tampered with is not: its chain check fails first).
      const db = journalDatabase(journal);
      if (db.open && !db.readonly && journal.verify().ok) assertRebuildChangesNothing(journal);
      journal.close();
      tmp.cleanup();
    },
  };
}

/** Appends an entry with SQLite, untagged, as anyone with the data folder can (test/support/append-by-hand.ts); its seq. */
export function appendByHand(journal: Journal, type: string, payload: unknown, at = '2026-07-01T09:00:00.000Z'): number {
  return appendChained(journalDatabase(journal), type, payload, { at, counterId: journal.counterId });
}
