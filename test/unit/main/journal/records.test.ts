import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_AGENT } from '../../../../main/journal/agents.ts';
import { otherVersionPrintedAt, recordPrint, versionedDocument } from '../../../../main/journal/prints.ts';
import { dayFigures } from '../../../../main/journal/report.ts';
import { receiptData } from '../../../../main/selling/receipt.ts';
import { SalesStore } from '../../../../main/selling/store.ts';
import { booking } from '../selling/fixtures.ts';
import { manualClock, openTempJournal } from './helpers.ts';
import { intent } from './sale-intent.ts';

let t: ReturnType<typeof openTempJournal>;
afterEach(() => t.cleanup());

describe('what printing and the day report read from the journal', () => {
  it('a receipt has station, agent, reference, journey, seats, retail, cash, change, language and environment', () => {
    t = openTempJournal(manualClock('2026-07-01T21:30:00.000Z')); // 00:30 on 2 July in Cairo
    const store = new SalesStore(t.journal);
    store.recordIntent(intent('s1'), DEFAULT_AGENT);
    store.recordOutcome({ saleId: 's1', status: 'confirmed', bookingReference: 'PB-TEST1', booking: booking('confirmed'), error: null, charged: true });
    expect(receiptData(t.journal, 's1')).toMatchObject({
      environment: 'TRAINING',
      station: 'Cairo Gateway counter 1',
      agent: { id: 'agent-1', name: 'Agent 1' },
      businessDay: '2026-07-02',
      shiftId: expect.stringMatching(/^shift-[0-9a-f-]{36}$/),
      language: 'ar',
      status: 'confirmed',
      bookingReference: 'PB-TEST1',
      journey: { originName: 'Cairo', destinationName: 'Alexandria', departureAt: '2026-07-02T23:30:00+03:00', operatorNameAr: 'جو باص' },
      passengers: [{ fullName: 'Ahmed Ali', seat: '3' }],
      retailTotalMinor: 36300,
      cashTenderedMinor: 40000,
      changeMinor: 3700,
      cashRecorded: true,
      receiptsPrinted: 0,
    });
    expect(() => receiptData(t.journal, 'nope')).toThrow(/No sale/);
  });

  it('records prints, a repeat for the same sale marked as a copy', () => {
    t = openTempJournal();
    const store = new SalesStore(t.journal);
    store.recordIntent(intent('s1'), DEFAULT_AGENT);
    const p = { saleId: 's1', kind: 'receipt' as const, printer: 'PDF', jobId: 'PDF-1', errorCode: null, language: 'ar' as const };
    expect(recordPrint(t.journal, DEFAULT_AGENT, { ...p, status: 'failed', errorCode: 'print_failed' }).copy).toBe(false);
    expect(recordPrint(t.journal, DEFAULT_AGENT, { ...p, status: 'sent' }).copy).toBe(false);
    expect(recordPrint(t.journal, DEFAULT_AGENT, { ...p, status: 'sent' }).copy).toBe(true);
    expect(receiptData(t.journal, 's1').receiptsPrinted).toBe(2);
    expect([...t.journal.entries(['print.recorded'])]).toHaveLength(3);
    expect(t.journal.verify().ok).toBe(true);
  });

  it("a report's versions: the same figures again are a COPY, other figures revise the last print of another version", () => {
    const clock = manualClock('2026-07-01T08:00:00.000Z');
    t = openTempJournal(clock);
    const report = (sales: number, madeAt: string) => ({ date: '2026-07-01', sales, madeAt });
    const print = (document: string) => {
      clock.advance(60_000);
      return recordPrint(t.journal, DEFAULT_AGENT, { saleId: null, kind: 'report', printer: 'PDF', jobId: 'j', errorCode: null, language: 'en', status: 'sent', document });
    };
    // a print made before versions were kept names the day alone
    print('day:2026-07-01'); // 08:01
    const v1 = versionedDocument('day:2026-07-01', report(1, '08:02'));
    expect(versionedDocument('day:2026-07-01', report(1, '09:30'))).toBe(v1); // the time it was made is no figure
    expect(otherVersionPrintedAt(t.journal, 'day:2026-07-01', v1)).toBe('2026-07-01T08:01:00.000Z');
    expect(print(v1).copy).toBe(false); // 08:02
    const v2 = versionedDocument('day:2026-07-01', report(2, '08:03'));
    expect(v2).not.toBe(v1);
    expect(otherVersionPrintedAt(t.journal, 'day:2026-07-01', v2)).toBe('2026-07-01T08:02:00.000Z');
    print(v2); // 08:03
    expect(print(v1).copy).toBe(true); // 08:04: figures back as they were, a COPY of v1
    // v1 and v2 each name the print before their own first one, whatever came after
    expect(otherVersionPrintedAt(t.journal, 'day:2026-07-01', v1)).toBe('2026-07-01T08:01:00.000Z');
    expect(otherVersionPrintedAt(t.journal, 'day:2026-07-01', v2)).toBe('2026-07-01T08:02:00.000Z');
    // another day, a day whose name starts alike, a retired counter's day are other documents
    expect(otherVersionPrintedAt(t.journal, 'day:2026-07-0', versionedDocument('day:2026-07-0', report(1, 'x')))).toBeNull();
    expect(otherVersionPrintedAt(t.journal, 'retired-ctr_x-day:2026-07-01', versionedDocument('retired-ctr_x-day:2026-07-01', report(1, 'x')))).toBeNull();
  });

  it('the day figures: by agent and shift, by operator, by status, cash against confirmed retail', () => {
    t = openTempJournal();
    const store = new SalesStore(t.journal);
    store.recordIntent(intent('a', 36300), DEFAULT_AGENT);
    store.recordIntent(intent('b', 40000), DEFAULT_AGENT);
    store.recordIntent(intent('c', 10000), DEFAULT_AGENT);
    store.recordOutcome({ saleId: 'a', status: 'confirmed', bookingReference: 'PB-A', booking: null, error: null, charged: true });
    store.recordOutcome({ saleId: 'b', status: 'confirmed', bookingReference: 'PB-B', booking: null, error: null, charged: true });
    store.recordOutcome({ saleId: 'c', status: 'failed', bookingReference: null, booking: null, error: { code: 'insufficient_funds', message: 'x' }, charged: false });
    const f = dayFigures(t.journal, '2026-07-01');
    const shiftId = store.get('a')!.shift_id;
    expect(f.byAgentShift).toEqual([{ agentId: 'agent-1', shiftId, sales: 2, retailMinor: 76300, netMinor: 66000, cashMinor: 76300 }]);
    expect(f.byOperator).toEqual([{ operatorId: 'opr_gobus', sales: 2, retailMinor: 76300, netMinor: 66000 }]);
    expect(f.byStatus).toEqual({ confirmed: 2, failed: 1 });
    expect(f.cash).toEqual({ receivedMinor: 76300, confirmedRetailMinor: 76300 });
    expect(dayFigures(t.journal, '2026-07-02').byStatus).toEqual({});
  });
});
