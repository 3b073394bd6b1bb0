import { afterEach, describe, expect, it } from 'vitest';
import type { EntryType } from '../../../../main/journal/entries.ts';
import { ENTRY_TYPES, rebuildAndCompare, readModelRows } from '../../../../main/journal/read-models.ts';
import { writeEveryEntry } from '../../../support/every-entry.ts';
import { manualClock, openTempJournal } from './helpers.ts';
import { journalDatabase } from '../../../../main/journal/journal.ts';

let t: ReturnType<typeof openTempJournal>;
afterEach(() => t.cleanup());

const unchanged = (changed: Record<string, number>) => Object.fromEntries(Object.keys(changed).map((k) => [k, 0]));

describe('the read models are caches of the fold', () => {
  it('rebuilt from the entries equal what was written incrementally, entry kind by entry kind', () => {
    const clock = manualClock('2026-07-01T08:00:00.000Z');
    t = openTempJournal(clock);
    const kinds = new Set<EntryType>();
    writeEveryEntry(t.journal, (type) => {
      kinds.add(type);
      clock.advance(1_000);
      // after every entry: dropping the read models and folding the entries again changes nothing
      const changed = rebuildAndCompare(t.journal);
      expect(changed, `after ${type}`).toEqual(unchanged(changed));
    });
    expect([...kinds].sort()).toEqual([...ENTRY_TYPES].sort());

    const rows = readModelRows(t.journal);
    // every read model holds rows, so the comparison above compared something
    for (const table of ['agents', 'shifts', 'sales', 'sale_lookup', 'cash_movements', 'prints', 'shift_corrections', 'trip_changes', 'station_settings_applied']) {
      expect(rows[table], table).not.toHaveLength(0);
    }
    expect(rows.cash_movements).toHaveLength(6); // float, two sales, pay-in, pay-out, drop
    expect(rows.trip_changes).toMatchObject([{ sale_id: 'a', called_by: 'Mona' }]);
    expect(rows.station_settings_applied).toEqual([{ station_id: 'stn_luxor', seq: 6, entry_seq: t.journal.lastSeq() - 1 }]);
    expect(journalDatabase(t.journal).prepare('SELECT sale_id, status, booking_ref, attempts, cash_recorded FROM sales ORDER BY intent_seq').all()).toEqual([
      { sale_id: 'a', status: 'confirmed', booking_ref: 'PB-A', attempts: 1, cash_recorded: 1 },
      { sale_id: 'b', status: 'confirmed', booking_ref: 'PB-B', attempts: 2, cash_recorded: 1 },
      { sale_id: 'c', status: 'failed', booking_ref: null, attempts: 1, cash_recorded: 0 },
      { sale_id: 'd', status: 'failed', booking_ref: null, attempts: 1, cash_recorded: 0 },
    ]);
  });

  it('are rebuilt when they were wrong: the rebuild says what it changed', () => {
    t = openTempJournal();
    writeEveryEntry(t.journal);
    journalDatabase(t.journal).prepare("UPDATE sales SET status = 'unknown' WHERE sale_id = 'b'").run();
    journalDatabase(t.journal).prepare('DELETE FROM trip_changes').run();
    const changed = rebuildAndCompare(t.journal);
    expect(changed).toMatchObject({ sales: 1, trip_changes: 1, cash_movements: 0 });
    expect(journalDatabase(t.journal).prepare("SELECT status FROM sales WHERE sale_id = 'b'").pluck().get()).toBe('confirmed');
  });
});
