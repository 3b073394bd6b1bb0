import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { journalDatabase, Journal } from '../../../../main/journal/journal.ts';
import { DEFAULT_AGENT } from '../../../../main/journal/agents.ts';
import { findSaleIds, keyNewEntries, resetLookup } from '../../../../main/journal/sale-lookup.ts';
import { SalesStore } from '../../../../main/selling/store.ts';
import { booking } from '../selling/fixtures.ts';
import { appendByHand, manualClock, openTempJournal, TEST_COUNTER } from './helpers.ts';
import { rebuildReadModels } from '../../../../main/journal/read-models.ts';
import { saleRowOf } from '../../../../main/journal/queries/sales.ts';
import { assertRebuildChangesNothing } from '../../../support/read-models.ts';
import { intent } from './sale-intent.ts';

let t: ReturnType<typeof openTempJournal>;
afterEach(() => t.cleanup());

function twoSales() {
  t = openTempJournal(manualClock('2026-07-01T08:00:00.000Z'));
  const store = new SalesStore(t.journal);
  store.recordIntent(intent('a'), DEFAULT_AGENT);
  store.recordOutcome({ saleId: 'a', status: 'confirmed', bookingReference: 'PB-A1', booking: booking('confirmed'), error: null, charged: true });
  store.recordIntent({ ...intent('b'), requestBody: '{"passengers":[{"full_name":"منى علي"}],"contact":{"name":"منى علي","phone":"01198765432"}}' }, DEFAULT_AGENT);
  return store;
}

describe('the sale lookup read model', () => {
  it('finds a sale by each of its keys as they arrive: names and phone with the intent, references with the outcome', () => {
    twoSales();
    const find = (q: string) => findSaleIds(t.journal, q, 10);
    expect(find('PB-A')).toEqual(['a']);
    expect(find('SBX-1')).toEqual(['a']); // the operator's reference, from the booking
    expect(find('Ahmad')).toEqual(['a']);
    expect(find('+20 10 0123')).toEqual(['a']);
    expect(find('مني')).toEqual(['b']);
    expect(find('011 987')).toEqual(['b']);
    expect(find('2/7/2026')).toEqual(['b', 'a']); // most recent first
    expect(find('nobody')).toEqual([]);
  });

  it('keys a sale after its commits, not in them: between sales, on opening, and before any lookup', async () => {
    twoSales();
    const keyed = (j: Journal) => journalDatabase(j).prepare('SELECT count(*) FROM sale_lookup').pluck().get() as number;
    expect(keyed(t.journal)).toBe(0); // the sales' commits wrote no key
    const path = join(t.dir, 'journal.db');
    t.journal.close(); // as a power cut would leave it
    const reopened = Journal.open({ path, clock: manualClock('2026-07-01T08:05:00.000Z'), environment: 'TRAINING', counterId: TEST_COUNTER });
    try {
      const keyedOnOpening = keyed(reopened);
      expect(keyedOnOpening).toBeGreaterThan(0);
      // The next sale's keys: written once the event loop turns after the checkpoint's count of commits.
      new SalesStore(reopened).recordIntent(
        { ...intent('c'), requestBody: '{"passengers":[{"full_name":"Karim Nasser"}],"contact":{"name":"Karim Nasser","phone":"01212345678"}}' },
        DEFAULT_AGENT,
      );
      expect(keyed(reopened)).toBe(keyedOnOpening);
      for (let i = 0; i < 100; i++) reopened.transaction(() => reopened.append('hold.released', { holdId: `hold-${i}`, agentId: 'agent-1' }));
      await new Promise((resolve) => setImmediate(resolve));
      expect(keyed(reopened)).toBeGreaterThan(keyedOnOpening);
      expect(findSaleIds(reopened, 'Karim', 10)).toEqual(['c']);
      assertRebuildChangesNothing(reopened);
    } finally {
      reopened.close();
    }
  });

  it('keys every sale again from its entries, the same keys, once', () => {
    twoSales();
    expect(keyNewEntries(t.journal)).toBe(3); // a's intent and answer, b's intent
    const before = journalDatabase(t.journal).prepare('SELECT * FROM sale_lookup ORDER BY key, sale_id').all();
    t.journal.transaction(() => resetLookup(t.journal));
    expect(journalDatabase(t.journal).prepare('SELECT count(*) FROM sale_lookup').pluck().get()).toBe(0);
    expect(keyNewEntries(t.journal)).toBe(3);
    expect(journalDatabase(t.journal).prepare('SELECT * FROM sale_lookup ORDER BY key, sale_id').all()).toEqual(before);
    expect(keyNewEntries(t.journal)).toBe(0);
  });

  it('keys everything again when its mark is not a seq of this journal', () => {
    twoSales();
    expect(keyNewEntries(t.journal)).toBe(3);
    for (const mark of ['garbage', '-4', '1.5', '999999']) {
      journalDatabase(t.journal).prepare("UPDATE meta SET value = ? WHERE key = 'lookup_keyed_seq'").run(mark);
      journalDatabase(t.journal).prepare("DELETE FROM sale_lookup WHERE sale_id = 'b'").run();
      expect(findSaleIds(t.journal, 'منى', 10)).toEqual(['b']);
    }
  });

  it('is filled for the sales already in a journal when migration 0011 is applied to it', () => {
    twoSales();
    const path = join(t.dir, 'journal.db');
    journalDatabase(t.journal).exec("DROP TABLE sale_lookup; DELETE FROM schema_migrations WHERE version = 11;");
    t.journal.close();
    const reopened = Journal.open({ path, clock: manualClock(), environment: 'TRAINING', counterId: TEST_COUNTER });
    try {
      expect(findSaleIds(reopened, 'PB-A1', 10)).toEqual(['a']);
      expect(findSaleIds(reopened, 'منى', 10)).toEqual(['b']);
    } finally {
      reopened.close();
    }
  });

  it('keys the sales again with their name skeletons when the journal\'s keys are of the first form: "Mona" finds منى', () => {
    twoSales();
    const path = join(t.dir, 'journal.db');
    // A journal as the first form left it: the keys without skeletons, no form written.
    keyNewEntries(t.journal);
    journalDatabase(t.journal).exec("DELETE FROM sale_lookup WHERE key LIKE 's:%'; DELETE FROM meta WHERE key = 'lookup_keys_form';");
    expect(findSaleIds(t.journal, 'Mona', 10)).toEqual([]);
    t.journal.close();
    const reopened = Journal.open({ path, clock: manualClock(), environment: 'TRAINING', counterId: TEST_COUNTER });
    try {
      expect(findSaleIds(reopened, 'Mona', 10)).toEqual(['b']);
      expect(findSaleIds(reopened, 'أحمد', 10)).toEqual(['a']);
      expect(findSaleIds(reopened, 'PB-A1', 10)).toEqual(['a']);
    } finally {
      reopened.close();
    }
  });

  it('a sale’s entries appended by hand (never folded) do not stop the journal opening; it is keyed once the counter folds them', () => {
    twoSales();
    const j = t.journal;
    const { agentId, agentName, shiftId, businessDay } = j.entry<'sale.intent'>(saleRowOf(j, 'a')!.intent_seq).payload;
    appendByHand(j, 'sale.intent', { ...intent('forged'), agentId, agentName, shiftId, businessDay, requestBody: '{"passengers":[{"full_name":"Laila Fouad"}],"contact":{"name":"Laila Fouad","phone":"01011112222"}}' });
    const path = join(t.dir, 'journal.db');
    j.close();
    const reopened = Journal.open({ path, clock: manualClock('2026-07-01T08:05:00.000Z'), environment: 'TRAINING', counterId: TEST_COUNTER });
    try {
      expect(findSaleIds(reopened, 'Laila', 10)).toEqual([]);
      expect(findSaleIds(reopened, 'Ahmad', 10)).toEqual(['a']);
      rebuildReadModels(reopened); // what the counter does once it has found them (head-anchor.ts)
      expect(findSaleIds(reopened, 'Laila', 10)).toEqual(['forged']);
    } finally {
      reopened.close();
    }
  });
});
