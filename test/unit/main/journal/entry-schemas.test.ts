import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { journalDatabase, Journal } from '../../../../main/journal/journal.ts';
import { ENTRY_TYPES } from '../../../../main/journal/read-models.ts';
import { ENTRY_SCHEMAS, entryProblem } from '../../../../main/journal/schemas.ts';
import { writeEveryEntry } from '../../../support/every-entry.ts';
import { foldableEntry, REPORTED_TYPES } from '../../../../main/reports/sale-projection.ts';
import { manualClock, openTempJournal, TEST_COUNTER } from './helpers.ts';

let t: ReturnType<typeof openTempJournal>;
afterEach(() => t.cleanup());

describe('every entry kind has its schema', () => {
  it('one schema per kind the read models know, and every entry a real day writes fits it', () => {
    expect(Object.keys(ENTRY_SCHEMAS).sort()).toEqual([...ENTRY_TYPES].sort());
    t = openTempJournal();
    writeEveryEntry(t.journal);
    for (const e of t.journal.entries()) expect(entryProblem(e.type, e.payload), `${e.seq} ${e.type}`).toBeNull();
    // the station's reports fold them too, each checked as it arrives from the station copy (sale-projection.ts)
    const reported = t.journal.storedPage(0, 1_000).filter((e) => REPORTED_TYPES.has(e.type));
    expect(new Set(reported.map((e) => e.type))).toEqual(REPORTED_TYPES);
    for (const e of reported) expect(foldableEntry(t.journal.counterId, e), `${e.seq} ${e.type}`).toMatchObject({ seq: e.seq, type: e.type });
  });

  it.each([
    ['sale.intent', { saleId: 'a' }, /sale.intent: idempotencyKey/],
    ['sale.outcome', { saleId: 'a', status: 'booked', bookingReference: null, booking: null, error: null, charged: true }, /status/],
    ['cash.moved', { movementId: 'm', shiftId: 's', agentId: 'a', kind: 'pay_out', amountMinor: 12.5, reason: 'x' }, /amountMinor/],
    ['shift.opened', { shiftId: 's', agentId: 'a', businessDay: '1/7/2026', implicit: true }, /businessDay/],
    ['sale.refunded_by_magic', {}, /unknown entry type/],
  ])('refuses a %s that does not fit', (type, payload, why) => {
    expect(entryProblem(type, payload)).toMatch(why);
  });

  it('refuses to write an entry that does not fit its kind, and writes nothing', () => {
    t = openTempJournal();
    expect(() => t.journal.transaction(() => t.journal.append('cash.moved', { movementId: 'm', shiftId: 's', agentId: 'a', kind: 'pay_out', amountMinor: -5.5, reason: 'x' }))).toThrow(/invalid entry: cash.moved: amountMinor/);
    expect(t.journal.lastSeq()).toBe(0);
  });

  it('opens a journal holding an entry that fails its schema read-only, naming the entry, instead of folding it', () => {
    t = openTempJournal(manualClock('2026-07-01T08:00:00.000Z'));
    writeEveryEntry(t.journal);
    const bad = (journalDatabase(t.journal).prepare("SELECT seq FROM entries WHERE type = 'sale.outcome' ORDER BY seq LIMIT 1").pluck().get() as number);
    // an edit by hand (or a newer version's entry): the outcome's status is one this version does not know
    journalDatabase(t.journal).exec('DROP TRIGGER entries_no_update');
    journalDatabase(t.journal).prepare("UPDATE entries SET payload = replace(payload, '\"status\":\"confirmed\"', '\"status\":\"refunded\"') WHERE seq = ?").run(bad);
    const path = join(t.dir, 'journal.db');
    t.journal.close();
    const reopened = Journal.open({ path, clock: manualClock(), environment: 'TRAINING', counterId: TEST_COUNTER });
    try {
      expect(reopened.readOnlyFailure?.error).toMatchObject({ code: 'journal_read_only', message: expect.stringContaining(`Journal entry ${bad} is not valid (sale.outcome: status`) });
      // nothing is written on top of it
      expect(() => reopened.transaction(() => reopened.append('agent.signed_in', { agentId: 'agent-1' }))).toThrow(`Journal entry ${bad} is not valid`);
      // and nothing reads it into figures: reading it says why
      expect(() => reopened.entry(bad)).toThrow(expect.objectContaining({ error: expect.objectContaining({ code: 'journal_read_only' }) }));
      expect(() => [...reopened.foldable()]).toThrow(`Journal entry ${bad} is not valid`);
    } finally {
      reopened.close();
    }
  });
});
