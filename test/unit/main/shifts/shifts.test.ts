import { afterEach, describe, expect, it } from 'vitest';
import { AgentDirectory } from '../../../../main/agents/directory.ts';
import { recordPrint } from '../../../../main/journal/prints.ts';
import { rebuildReadModels } from '../../../../main/journal/read-models.ts';
import { ShiftService } from '../../../../main/shifts/service.ts';
import { SalesStore } from '../../../../main/selling/store.ts';
import { readModelRows } from '../../../support/read-models.ts';
import { booking } from '../selling/fixtures.ts';
import { manualClock, openTempJournal } from '../journal/helpers.ts';
import { intent } from '../journal/sale-intent.ts';
import { journalDatabase } from '../../../../main/journal/journal.ts';

let t: ReturnType<typeof openTempJournal>;
afterEach(() => t.cleanup());

async function counter(start = '2026-07-01T06:00:00.000Z') {
  const clock = manualClock(start);
  t = openTempJournal(clock);
  const agents = new AgentDirectory(t.journal, clock, () => ({ current: Buffer.alloc(32, 7), previous: null }));
  const boss = await agents.createFirstSupervisor('Samir', '246802');
  const mona = await agents.save({ name: 'Mona', role: 'agent', pin: '1234', active: true }, boss);
  const shifts = new ShiftService(t.journal, clock, { counterId: t.journal.counterId, stationName: () => 'Cairo Gateway 1', environment: 'TRAINING' });
  return { clock, agents, boss, mona, shifts, sales: new SalesStore(t.journal) };
}

const confirm = (sales: SalesStore, saleId: string, ref: string) =>
  sales.recordOutcome({ saleId, status: 'confirmed', bookingReference: ref, booking: booking('confirmed'), error: null, charged: true });

describe('shifts', () => {
  it('refuse a sale without an open shift once agents exist', async () => {
    const c = await counter();
    expect(() => c.sales.recordIntent(intent('x'), c.mona)).toThrow(expect.objectContaining({ error: expect.objectContaining({ code: 'shift_not_open' }) }));
    expect(c.sales.get('x')).toBeNull();
  });

  it('close with a blind count into a frozen Z-report computed from the entries alone', async () => {
    const c = await counter();
    c.shifts.open(c.mona, { '20000': 2, '5000': 1 }); // float 450
    expect(() => c.shifts.open(c.mona, {})).toThrow(expect.objectContaining({ error: expect.objectContaining({ code: 'shift_already_open' }) }));
    // two confirmed sales (363 and 400 retail, change given), a failed one, a pending one
    c.sales.recordIntent(intent('a', 36_300), c.mona);
    confirm(c.sales, 'a', 'PB-A');
    c.sales.recordIntent({ ...intent('b', 40_000), cashTenderedMinor: 50_000, changeMinor: 10_000 }, c.mona);
    confirm(c.sales, 'b', 'PB-B');
    c.sales.recordIntent(intent('c', 10_000), c.mona);
    c.sales.recordOutcome({ saleId: 'c', status: 'failed', bookingReference: 'PB-C', booking: null, error: { code: 'provider_rejected', message: 'x' }, charged: false });
    c.sales.recordIntent(intent('d', 20_000), c.mona);
    c.sales.recordOutcome({ saleId: 'd', status: 'pending', bookingReference: 'PB-D', booking: booking('pending'), error: null, charged: true });
    recordPrint(t.journal, c.mona, { saleId: 'a', kind: 'receipt', printer: 'R', status: 'sent', jobId: null, errorCode: null, language: 'ar' });
    recordPrint(t.journal, c.mona, { saleId: 'a', kind: 'receipt', printer: 'R', status: 'sent', jobId: null, errorCode: null, language: 'ar' });
    c.shifts.move(c.mona, 'pay_out', 5_000, 'Tea for the drivers');
    c.shifts.move(c.mona, 'safe_drop', 50_000, 'Drop to the safe');
    c.shifts.move(c.mona, 'pay_in', 1_000, 'Coins from the bank');
    // expected: 450 + 363 + 400 (sales) + 200 (pending, held) + 10 − 50 − 500 = 873; counted 870: short 3
    const counted = c.shifts.count(c.mona, { '20000': 4, '5000': 1, '1000': 2 });
    expect(counted).toEqual({ countedMinor: 87_000, expectedMinor: 87_300, varianceMinor: -300 });
    expect(() => c.shifts.count(c.mona, {})).toThrow(expect.objectContaining({ error: expect.objectContaining({ code: 'conflict' }) }));
    expect(() => c.shifts.move(c.mona, 'pay_in', 100, 'late')).toThrow();
    c.clock.advance(8 * 3_600_000);
    const z = c.shifts.close(c.mona, 'Short 3 pounds: change error');
    expect(z).toMatchObject({
      zNumber: 1,
      stationName: 'Cairo Gateway 1',
      agent: { id: c.mona.id, name: 'Mona' },
      bookings: 2,
      passengers: 2,
      retailMinor: 76_300,
      netMinor: 66_000,
      marginMinor: 10_300,
      reprints: 1,
      comment: 'Short 3 pounds: change error',
      failed: [{ saleId: 'c', bookingReference: 'PB-C', retailMinor: 10_000, code: 'provider_rejected' }],
      open: [{ saleId: 'd', bookingReference: 'PB-D', retailMinor: 20_000, status: 'pending' }],
      cash: {
        floatMinor: 45_000,
        salesMinor: 76_300,
        tenderedMinor: 90_000,
        changeGivenMinor: 13_700,
        heldForOpenSalesMinor: 20_000,
        payInsMinor: 1_000,
        payOutsMinor: 5_000,
        dropsMinor: 50_000,
        expectedMinor: 87_300,
        countedMinor: 87_000,
        varianceMinor: -300,
      },
    });
    expect(z.cash.count).toEqual({ '20000': 4, '10000': 0, '5000': 1, '2000': 0, '1000': 2, '500': 0, '100': 0, '50': 0, '25': 0 });
    expect(z.byOperator).toEqual([{ operatorId: 'opr_gobus', operatorName: 'Go Bus', bookings: 2, passengers: 2, retailMinor: 76_300, netMinor: 66_000 }]);
    expect(z.byRoute).toEqual([{ route: 'Cairo → Alexandria', bookings: 2, passengers: 2, retailMinor: 76_300, netMinor: 66_000 }]);
    // frozen: the same report from the journal, recomputed from the entries it covers
    expect(c.shifts.zReport(1)).toEqual(z);
    expect(c.shifts.recompute(z)).toEqual(z);
    expect(c.shifts.current(c.mona.id)).toBeNull();
    // the pending sale confirms after the close: the frozen report does not move
    confirm(c.sales, 'd', 'PB-D');
    expect(c.shifts.zReport(1)).toEqual(z);
    expect(c.shifts.recompute(z)).toEqual(z);
  });

  it('number Z-reports without gaps per counter; a shift open past midnight stays one shift', async () => {
    const c = await counter('2026-07-01T19:00:00.000Z'); // 22:00 in Cairo
    c.shifts.open(c.mona, {});
    c.sales.recordIntent(intent('late'), c.mona);
    c.clock.advance(3 * 3_600_000); // 01:00 the next day
    c.sales.recordIntent(intent('later'), c.mona);
    expect(c.sales.get('late')!.shift_id).toBe(c.sales.get('later')!.shift_id);
    expect(c.sales.get('later')!.business_day).toBe('2026-07-01');
    c.shifts.count(c.mona, {});
    expect(c.shifts.close(c.mona, 'The cash of two sales in the drawer, not counted').zNumber).toBe(1);
    c.shifts.open(c.boss, {});
    c.shifts.count(c.boss, {});
    expect(c.shifts.close(c.boss, null).zNumber).toBe(2);
    c.shifts.open(c.mona, {});
    c.shifts.count(c.mona, {});
    expect(c.shifts.close(c.mona, null).zNumber).toBe(3);
    expect(c.shifts.ofDay('2026-07-01').map((s) => s.zNumber)).toEqual([1]);
    expect(c.shifts.ofDay('2026-07-02').map((s) => s.zNumber)).toEqual([2, 3]);
  });

  it('refuse to close a drawer that is over or short without a comment saying why', async () => {
    const c = await counter();
    c.shifts.open(c.mona, { '10000': 1 });
    c.shifts.count(c.mona, { '5000': 1 }); // fifty pounds short
    for (const comment of [null, '   ']) {
      expect(() => c.shifts.close(c.mona, comment)).toThrow(expect.objectContaining({ error: expect.objectContaining({ code: 'variance_comment_required' }) }));
    }
    expect(c.shifts.current(c.mona.id)).not.toBeNull(); // still open, nothing frozen
    expect(c.shifts.close(c.mona, 'A 50 given as change twice').comment).toBe('A 50 given as change twice');
  });

  it('cannot be altered once closed: an update is refused, a direct edit of the file is found', async () => {
    const c = await counter();
    c.shifts.open(c.mona, { '10000': 1 });
    c.shifts.count(c.mona, { '10000': 1 });
    const z = c.shifts.close(c.mona, null);
    const closed = journalDatabase(t.journal).prepare("SELECT seq FROM entries WHERE type = 'shift.closed'").get() as { seq: number };
    expect(() => journalDatabase(t.journal).prepare("UPDATE entries SET payload = replace(payload, '\"zNumber\":1', '\"zNumber\":7') WHERE seq = ?").run(closed.seq)).toThrow(/append-only/);
    journalDatabase(t.journal).exec('DROP TRIGGER entries_no_update');
    journalDatabase(t.journal).prepare("UPDATE entries SET payload = replace(payload, '\"countedMinor\":10000', '\"countedMinor\":90000') WHERE type = 'shift.counted'").run();
    expect(t.journal.verify()).toMatchObject({ ok: false, firstBadSeq: closed.seq - 1 });
    expect(c.shifts.recompute(z)).not.toEqual(z);
  });

  it('take corrections as new entries approved by a supervisor, and rebuild from the entries', async () => {
    const c = await counter();
    c.shifts.open(c.mona, {});
    c.shifts.count(c.mona, {});
    const z = c.shifts.close(c.mona, null);
    const approver = await c.agents.check(c.boss.id, '246802');
    c.shifts.correct(c.mona, approver, z.zNumber, 2_000, 'A 20 found under the drawer');
    expect(journalDatabase(t.journal).prepare('SELECT amount_minor, by_agent, approved_by FROM shift_corrections').all()).toEqual([
      { amount_minor: 2_000, by_agent: 'Mona', approved_by: 'Samir' },
    ]);
    expect(c.shifts.zReport(1)).toEqual(z);
    const before = readModelRows(t.journal);
    rebuildReadModels(t.journal);
    expect(readModelRows(t.journal)).toEqual(before);
  });
});
