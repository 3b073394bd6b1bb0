import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { journalDatabase, Journal } from '../../../../main/journal/journal.ts';
import { DEFAULT_AGENT } from '../../../../main/journal/agents.ts';
import { openSaleCount, saleRowOf } from '../../../../main/journal/queries/sales.ts';
import { SalesStore } from '../../../../main/selling/store.ts';
import { booking } from '../selling/fixtures.ts';
import { manualClock, openTempJournal, TEST_COUNTER } from './helpers.ts';
import { assertRebuildChangesNothing } from '../../../support/read-models.ts';
import { intent } from './sale-intent.ts';

let t: ReturnType<typeof openTempJournal>;
afterEach(() => t.cleanup());

const confirmed = (saleId: string, ref = 'PB-A1') => ({ saleId, status: 'confirmed' as const, bookingReference: ref, booking: booking('confirmed', ref), error: null, charged: true });

/** What another connection to the file (a station's IT person, a backup tool) reads of a sale's read models. */
function onDisk(path: string, saleId: string) {
  const db = new Database(path, { readonly: true });
  try {
    return {
      row: db.prepare('SELECT * FROM sales WHERE sale_id = ?').get(saleId) as Record<string, unknown> | undefined,
      cash: db.prepare('SELECT count(*) FROM cash_movements WHERE sale_id = ?').pluck().get(saleId) as number,
      mark: db.prepare('SELECT unfolded_from FROM journal_head').pluck().get() as number | null,
    };
  } finally {
    db.close();
  }
}

function sale(store: SalesStore, saleId: string, ref = 'PB-A1') {
  store.recordIntent(intent(saleId), DEFAULT_AGENT);
  store.markSending(saleId);
  return store.recordOutcome(confirmed(saleId, ref));
}

describe("a sale's entries are folded just after its commits", () => {
  it("are not in the read models while the sale commits, its own row is, and the next turn of the event loop folds them", async () => {
    t = openTempJournal();
    const path = join(t.dir, 'journal.db');
    const store = new SalesStore(t.journal);
    const row = sale(store, 'a');
    expect(row).toMatchObject({ sale_id: 'a', status: 'confirmed', booking_ref: 'PB-A1', cash_recorded: 1, attempts: 1, in_doubt: 0 });
    const before = onDisk(path, 'a');
    expect(before.row).toBeUndefined();
    expect(before.cash).toBe(0);
    expect(before.mark).toBeGreaterThan(0);

    await new Promise((resolve) => setImmediate(resolve));
    const after = onDisk(path, 'a');
    expect(after.mark).toBeNull();
    expect(after.cash).toBe(1);
    // The row the sale read in memory is the row the fold wrote.
    expect(after.row).toEqual(row);
    expect(saleRowOf(t.journal, 'a')).toEqual(row);
  });

  it('are folded before anything else reads the read models, and before an entry of another kind, in order', () => {
    t = openTempJournal();
    const path = join(t.dir, 'journal.db');
    const store = new SalesStore(t.journal);
    sale(store, 'a');
    expect(onDisk(path, 'a').row).toBeUndefined();
    expect(openSaleCount(t.journal)).toBe(0); // a read: folded first
    expect(onDisk(path, 'a').row).toMatchObject({ status: 'confirmed' });

    sale(store, 'b', 'PB-B1');
    // An entry of another kind appended with no read before it: what is held back is folded first, in its transaction.
    t.journal.transaction(() =>
      t.journal.append('print.recorded', { printId: 'p1', saleId: 'b', kind: 'tickets', printer: 'TicketPDF', status: 'sent', jobId: 'j1', errorCode: null, copy: false, language: 'ar', agentId: DEFAULT_AGENT.id }),
    );
    const disk = onDisk(path, 'b');
    expect(disk.row).toMatchObject({ status: 'confirmed', cash_recorded: 1 });
    expect(disk.mark).toBeNull();
    assertRebuildChangesNothing(t.journal);
  });

  it('left held back by a crash or a power cut between commits are folded when the journal is opened again', () => {
    t = openTempJournal();
    const path = join(t.dir, 'journal.db');
    const store = new SalesStore(t.journal);
    store.recordIntent(intent('a'), DEFAULT_AGENT);
    store.markSending('a');
    // The files as a power cut leaves them: the WAL holds the commits, nothing folded them.
    const copy = join(t.dir, 'copy.db');
    copyFileSync(path, copy);
    copyFileSync(`${path}-wal`, `${copy}-wal`);
    expect(onDisk(copy, 'a').row).toBeUndefined();

    const reopened = Journal.open({ path: copy, clock: manualClock(), environment: 'TRAINING', counterId: TEST_COUNTER });
    try {
      expect(onDisk(copy, 'a')).toMatchObject({ row: { status: 'sending', attempts: 1, in_doubt: 1 }, mark: null });
      new SalesStore(reopened).recordOutcome(confirmed('a'));
      assertRebuildChangesNothing(reopened);
    } finally {
      reopened.close();
    }
  });

  it('are folded when the journal is closed', () => {
    t = openTempJournal();
    const path = join(t.dir, 'journal.db');
    sale(new SalesStore(t.journal), 'a');
    t.journal.close();
    expect(existsSync(path)).toBe(true);
    expect(onDisk(path, 'a')).toMatchObject({ row: { status: 'confirmed' }, cash: 1, mark: null });
    t = openTempJournal(); // the cleanup's own journal
  });

  it('rolled back with their transaction leave nothing behind to fold', () => {
    t = openTempJournal();
    const store = new SalesStore(t.journal);
    expect(() =>
      t.journal.transaction(() => {
        t.journal.append('sale.intent', { ...intent('ghost'), agentId: DEFAULT_AGENT.id, agentName: DEFAULT_AGENT.name, shiftId: 'shift-x', businessDay: '2026-07-01' }, { shiftId: 'shift-x' });
        throw new Error('the agent cancelled');
      }),
    ).toThrow('the agent cancelled');
    expect(saleRowOf(t.journal, 'ghost')).toBeNull();
    expect(t.journal.heldBack.from()).toBeNull();
    sale(store, 'a');
    expect(saleRowOf(t.journal, 'a')).toMatchObject({ status: 'confirmed' });
    assertRebuildChangesNothing(t.journal);
  });

  it('a rollback after committed, still held-back entries: the sale still reads all of them, the new ones too', () => {
    t = openTempJournal();
    const store = new SalesStore(t.journal);
    store.recordIntent(intent('a'), DEFAULT_AGENT);
    store.markSending('a');
    expect(() =>
      t.journal.transaction(() => {
        t.journal.append('sale.attempt', { saleId: 'a', attempt: 2 }, { shiftId: store.get('a')!.shift_id });
        throw new Error('the disk is full');
      }),
    ).toThrow('the disk is full');
    // Only what the file holds is known now: the intent and the first attempt, not the rolled-back one.
    expect(t.journal.heldBack.entries().map((e) => e.type)).toEqual(['sale.intent', 'sale.attempt']);
    store.recordOutcome(confirmed('a'));
    expect(t.journal.heldBack.entries().map((e) => e.type)).toEqual(['sale.intent', 'sale.attempt', 'sale.outcome', 'cash.received']);
    expect(saleRowOf(t.journal, 'a')).toMatchObject({ status: 'confirmed', attempts: 1, cash_recorded: 1 });
    assertRebuildChangesNothing(t.journal);
  });

  it('a second intent of a sale is refused when it is written, not left for the fold to fail on', () => {
    t = openTempJournal();
    const store = new SalesStore(t.journal);
    store.recordIntent(intent('a'), DEFAULT_AGENT);
    expect(() => store.recordIntent(intent('a'), DEFAULT_AGENT)).toThrow(expect.objectContaining({ error: expect.objectContaining({ code: 'conflict' }) }));
    expect(t.journal.heldBack.entries().map((e) => e.type)).toEqual(['sale.intent']);
    assertRebuildChangesNothing(t.journal);
  });

  it('a mark edited in the file (past the last entry, or back over folded entries) makes the journal rebuild its read models when opened', () => {
    t = openTempJournal();
    const path = join(t.dir, 'journal.db');
    const store = new SalesStore(t.journal);
    sale(store, 'a');
    sale(store, 'b', 'PB-B1');
    t.journal.close();
    for (const mark of [9_999, 1, -3]) {
      const db = new Database(path);
      db.prepare('UPDATE journal_head SET unfolded_from = ?').run(mark);
      db.close();
      const j = Journal.open({ path, clock: manualClock(), environment: 'TRAINING', counterId: TEST_COUNTER });
      try {
        expect(onDisk(path, 'a')).toMatchObject({ row: { status: 'confirmed' }, cash: 1, mark: null });
        expect(onDisk(path, 'b')).toMatchObject({ row: { status: 'confirmed' }, cash: 1 });
        assertRebuildChangesNothing(j);
      } finally {
        j.close();
      }
    }
    t = openTempJournal();
  });

  it('a read-only journal (an entry fails its schema) folds nothing and still reads', () => {
    t = openTempJournal();
    const path = join(t.dir, 'journal.db');
    const store = new SalesStore(t.journal);
    sale(store, 'a');
    t.journal.close();
    const db = new Database(path);
    db.prepare('DROP TRIGGER entries_no_update').run();
    db.prepare("UPDATE entries SET payload = '{}' WHERE type = 'sale.attempt'").run();
    db.prepare('UPDATE journal_head SET unfolded_from = (SELECT max(seq) FROM entries)').run();
    db.close();
    const j = Journal.open({ path, clock: manualClock(), environment: 'TRAINING', counterId: TEST_COUNTER });
    try {
      expect(j.readOnlyFailure?.message).toMatch(/Journal entry \d+ is not valid/);
      expect(() => journalDatabase(j).prepare('SELECT count(*) FROM sales').pluck().get()).not.toThrow();
    } finally {
      j.close();
    }
    t = openTempJournal();
  });
});
