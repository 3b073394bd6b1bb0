import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_AGENT } from '../../../../main/journal/agents.ts';
import { recordPrint } from '../../../../main/journal/prints.ts';
import { rebuildReadModels } from '../../../../main/journal/read-models.ts';
import { MarkupRules } from '../../../../main/pricing/rules.ts';
import { SalesStore } from '../../../../main/selling/store.ts';
import { readModelRows } from '../../../support/read-models.ts';
import { booking } from '../selling/fixtures.ts';
import { manualClock, openTempJournal } from './helpers.ts';
import { intent } from './sale-intent.ts';
import { journalDatabase } from '../../../../main/journal/journal.ts';

let t: ReturnType<typeof openTempJournal>;
afterEach(() => t.cleanup());

describe('read models', () => {
  it('are rebuilt from the entries alone, equal to what was written as the sales went', () => {
    const clock = manualClock('2026-07-01T18:00:00.000Z');
    t = openTempJournal(clock);
    const store = new SalesStore(t.journal);
    const rules = new MarkupRules(t.journal);
    rules.ensureDefault(DEFAULT_AGENT);
    const saved = rules.save({ operatorId: 'opr_gobus', originId: null, destinationId: null, fareClass: null, percent: 5, fixedMinor: 1000 }, DEFAULT_AGENT);
    // a confirmed sale, printed twice (the second a copy)
    store.recordIntent(intent('a'), DEFAULT_AGENT);
    store.markSending('a');
    store.recordOutcome({ saleId: 'a', status: 'confirmed', bookingReference: 'PB-A', booking: booking('confirmed'), error: null, charged: true });
    recordPrint(t.journal, DEFAULT_AGENT, { saleId: 'a', kind: 'receipt', printer: 'ReceiptPDF', status: 'sent', jobId: 'R-1', errorCode: null, language: 'ar' });
    recordPrint(t.journal, DEFAULT_AGENT, { saleId: 'a', kind: 'receipt', printer: 'ReceiptPDF', status: 'sent', jobId: 'R-2', errorCode: null, language: 'ar' });
    // a sale in doubt after a lost answer, then pending, then confirmed
    store.recordIntent(intent('b'), DEFAULT_AGENT);
    store.markSending('b');
    store.markUnknown('b', { code: 'network', message: 'reset' }, true);
    store.markSending('b');
    store.recordOutcome({ saleId: 'b', status: 'pending', bookingReference: 'PB-B', booking: booking('pending'), error: null, charged: true });
    clock.advance(30_000);
    store.recordOutcome({ saleId: 'b', status: 'confirmed', bookingReference: 'PB-B', booking: booking('confirmed'), error: null, charged: true });
    // a refused sale, and one still unanswered at the end
    store.recordIntent(intent('c'), DEFAULT_AGENT);
    store.markSending('c');
    store.recordOutcome({ saleId: 'c', status: 'failed', bookingReference: null, booking: null, error: { code: 'insufficient_funds', message: 'x' }, charged: false });
    store.recordIntent(intent('d'), DEFAULT_AGENT);
    store.markSending('d');
    store.markUnknown('d', { code: 'service_unavailable', message: '503', retryable: true }, true);
    // past midnight in Cairo: a new implicit shift, the old one closed
    clock.advance(4 * 3_600_000);
    store.recordIntent(intent('e'), DEFAULT_AGENT);
    rules.delete(saved.find((r) => r.operatorId === 'opr_gobus')!.id, DEFAULT_AGENT);

    const before = readModelRows(t.journal);
    expect(before.sales).toHaveLength(5);
    expect(before.shifts).toHaveLength(2);
    expect(before.cash_movements).toHaveLength(2);
    expect(before.prints).toHaveLength(2);
    expect(before.sale_lookup).toContainEqual({ key: 'r:PBA', sale_id: 'a' });
    expect(store.get('b')).toMatchObject({ status: 'confirmed', in_doubt: 0, attempts: 2, cash_recorded: 1 });
    expect(store.get('d')).toMatchObject({ status: 'unknown', in_doubt: 1, attempts: 1 });

    rebuildReadModels(t.journal);
    expect(readModelRows(t.journal)).toEqual(before);
    expect(t.journal.verify().ok).toBe(true);
  });

  it('gives each implicit shift its own id, and closes yesterday\'s at the first sale of a new Cairo day', () => {
    const clock = manualClock('2026-07-01T20:00:00.000Z'); // 23:00 in Cairo
    t = openTempJournal(clock);
    const store = new SalesStore(t.journal);
    store.recordIntent(intent('x'), DEFAULT_AGENT);
    clock.advance(2 * 3_600_000); // 01:00 the next day in Cairo
    store.recordIntent(intent('y'), DEFAULT_AGENT);
    const [x, y] = [store.get('x')!, store.get('y')!];
    expect(x.shift_id).not.toBe(y.shift_id);
    expect([x.business_day, y.business_day]).toEqual(['2026-07-01', '2026-07-02']);
    const shifts = journalDatabase(t.journal).prepare('SELECT id, closed_seq IS NOT NULL AS closed, counter_id FROM shifts ORDER BY opened_seq').all();
    expect(shifts).toEqual([
      { id: x.shift_id, closed: 1, counter_id: t.journal.counterId },
      { id: y.shift_id, closed: 0, counter_id: t.journal.counterId },
    ]);
    const entries = [...t.journal.entries()].map((e) => [e.type, e.shiftId]);
    expect(entries).toEqual([
      ['shift.opened', x.shift_id],
      ['sale.intent', x.shift_id],
      ['shift.closed', x.shift_id],
      ['shift.opened', y.shift_id],
      ['sale.intent', y.shift_id],
    ]);
  });

  it('records a repeated answer once, and an unanswered round only when something changed', () => {
    t = openTempJournal();
    const store = new SalesStore(t.journal);
    store.recordIntent(intent('p'), DEFAULT_AGENT);
    store.markSending('p');
    store.markUnknown('p', { code: 'network', message: 'reset' }, true);
    store.markUnknown('p', { code: 'network', message: 'reset' }, true);
    store.recordOutcome({ saleId: 'p', status: 'pending', bookingReference: 'PB-P', booking: booking('pending'), error: null, charged: true });
    store.recordOutcome({ saleId: 'p', status: 'pending', bookingReference: 'PB-P', booking: booking('pending'), error: null, charged: true });
    const types = [...t.journal.entries()].map((e) => e.type);
    expect(types).toEqual(['shift.opened', 'sale.intent', 'sale.attempt', 'sale.unanswered', 'sale.outcome']);
  });
});
