import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addSale, foldProblem, foldSale, foldSales, noFigures, type FoldEntry, type SaleIntentFacts, type SaleStatus } from '../../../core/sale-fold.ts';
import { drawerCash, drawerMovements, foldShift, signedMovement } from '../../../core/shift-fold.ts';

const intent = (saleId: string, retail = 36_300, net = 33_000): SaleIntentFacts => ({
  saleId,
  agentId: 'agent-1',
  agentName: 'Mona',
  shiftId: 'shift-1',
  businessDay: '2026-07-01',
  offerId: `off_${saleId}`,
  passengers: 1,
  netTotalMinor: net,
  retailTotalMinor: retail,
  cashTenderedMinor: 40_000,
  changeMinor: 40_000 - retail,
  offer: { operatorId: 'opr_gobus', operatorName: 'Go Bus', originName: 'Cairo', destinationName: 'Alexandria', departureAt: '2026-07-02T23:30:00+03:00' },
});

let seq = 0;
const at = (n: number) => new Date(Date.UTC(2026, 6, 1, 8, 0, n)).toISOString();
const e = (type: string, payload: unknown): FoldEntry => ({ seq: ++seq, at: at(seq), type, payload });
const sent = (id: string) => [e('sale.intent', intent(id)), e('sale.attempt', { saleId: id, attempt: 1 })];
const outcome = (id: string, status: 'confirmed' | 'pending' | 'failed', ref: string | null = `PB-${id}`) =>
  e('sale.outcome', { saleId: id, status, bookingReference: ref, booking: ref ? { reference: ref } : null, error: status === 'failed' ? { code: 'insufficient_funds', message: 'x' } : null, charged: status !== 'failed' });
const unanswered = (id: string) => e('sale.unanswered', { saleId: id, error: { code: 'network', message: 'reset' }, inDoubt: true });
const cash = (id: string) => e('cash.received', { saleId: id, bookingReference: `PB-${id}`, agentId: 'agent-1', shiftId: 'shift-1', businessDay: '2026-07-01', amountMinor: 36_300, tenderedMinor: 40_000, changeMinor: 3_700, currency: 'EGP' });

describe('one sale, one fold: the cases the earlier folds disagreed on', () => {
  it.each<[string, () => FoldEntry[], { status: SaleStatus; bookingReference: string | null; cashMinor: number; inDoubt: boolean; attempts: number }]>([
    ['sent, no answer yet', () => sent('a'), { status: 'sending', bookingReference: null, cashMinor: 0, inDoubt: true, attempts: 1 }],
    ['confirmed with its cash', () => [...sent('a'), outcome('a', 'confirmed'), cash('a')], { status: 'confirmed', bookingReference: 'PB-a', cashMinor: 36_300, inDoubt: false, attempts: 1 }],
    ['a failed retry: unanswered, retried, unanswered again', () => [...sent('a'), unanswered('a'), e('sale.attempt', { saleId: 'a', attempt: 2 }), unanswered('a')], { status: 'unknown', bookingReference: null, cashMinor: 0, inDoubt: true, attempts: 2 }],
    ['pending stays pending when a later round is unanswered', () => [...sent('a'), outcome('a', 'pending'), unanswered('a')], { status: 'pending', bookingReference: 'PB-a', cashMinor: 0, inDoubt: true, attempts: 1 }],
    ['pending confirmed after its shift closed (entries of another shift between)', () => [...sent('a'), outcome('a', 'pending'), e('shift.closed', { shiftId: 'shift-1' }), e('shift.opened', { shiftId: 'shift-2' }), outcome('a', 'confirmed'), cash('a')], { status: 'confirmed', bookingReference: 'PB-a', cashMinor: 36_300, inDoubt: false, attempts: 1 }],
    ['a retry never reopens a final sale', () => [...sent('a'), outcome('a', 'confirmed'), e('sale.attempt', { saleId: 'a', attempt: 2 })], { status: 'confirmed', bookingReference: 'PB-a', cashMinor: 0, inDoubt: false, attempts: 1 }],
    ['a later answer without a reference keeps the known one', () => [...sent('a'), outcome('a', 'pending'), outcome('a', 'confirmed', null)], { status: 'confirmed', bookingReference: 'PB-a', cashMinor: 0, inDoubt: false, attempts: 1 }],
    ['a reprint and a trip change change nothing', () => [...sent('a'), outcome('a', 'confirmed'), cash('a'), e('print.recorded', { saleId: 'a', copy: true }), e('trip.changed', { saleId: 'a', version: 'v2' })], { status: 'confirmed', bookingReference: 'PB-a', cashMinor: 36_300, inDoubt: false, attempts: 1 }],
    ['abandoned by a supervisor', () => [...sent('a'), unanswered('a'), e('sale.abandoned', { saleId: 'a', reason: 'never reached the API', by: { agentId: 's', agentName: 'Samir' }, bookingsChecked: 3 })], { status: 'failed', bookingReference: null, cashMinor: 0, inDoubt: false, attempts: 1 }],
  ])('%s', (_, entries, expected) => {
    const s = foldSale(entries())!;
    expect(s).toMatchObject(expected);
  });

  it('ignores entries before the intent and entries of other sales', () => {
    expect(foldSale([outcome('a', 'confirmed')])).toBeNull();
    const all = foldSales([...sent('a'), ...sent('b'), outcome('b', 'failed'), outcome('a', 'confirmed')]);
    expect([...all.values()].map((s) => [s.saleId, s.status])).toEqual([
      ['a', 'confirmed'],
      ['b', 'failed'],
    ]);
  });

  it('puts the cash of open sales in the drawer and moves it with pay-ins, pay-outs and drops', () => {
    const entries = [
      ...sent('a'), outcome('a', 'confirmed'), cash('a'),
      ...sent('b'), outcome('b', 'pending'),
      ...sent('c'), outcome('c', 'failed'),
      e('cash.moved', { kind: 'pay_in', amountMinor: 5_000, reason: 'change float' }),
      e('cash.moved', { kind: 'pay_out', amountMinor: 2_000, reason: 'water' }),
      e('cash.moved', { kind: 'safe_drop', amountMinor: 10_000, reason: 'safe' }),
    ];
    const d = drawerCash(20_000, foldSales(entries).values(), drawerMovements(entries));
    expect(d).toEqual({
      floatMinor: 20_000,
      salesMinor: 36_300,
      tenderedMinor: 40_000,
      changeGivenMinor: 3_700,
      heldForOpenSalesMinor: 36_300,
      byKind: { pay_in: 5_000, pay_out: 2_000, safe_drop: 10_000 },
      expectedMinor: 20_000 + 36_300 + 36_300 + 5_000 - 2_000 - 10_000,
    });
    expect(() => signedMovement({ kind: 'refund_unknown', amountMinor: 1 })).toThrow(/No drawer direction/);
  });

  it('folds a shift: opened with its float, counted twice (the last count stands), closed with its Z number', () => {
    const entries = [
      e('sale.intent', intent('x')),
      e('shift.opened', { shiftId: 'shift-1', agentId: 'agent-1', agentName: 'Mona', businessDay: '2026-07-01', implicit: false, floatMinor: 20_000 }),
      e('shift.counted', { shiftId: 'shift-1', agentId: 'agent-1', count: { '20000': 1 }, countedMinor: 20_000 }),
      e('shift.counted', { shiftId: 'shift-1', agentId: 'agent-1', count: { '10000': 1 }, countedMinor: 10_000 }),
      e('shift.closed', { shiftId: 'shift-1', agentId: 'agent-1', implicit: false, z: { zNumber: 7 } }),
    ];
    expect(foldShift(entries)).toMatchObject({ shiftId: 'shift-1', agentName: 'Mona', floatMinor: 20_000, countedMinor: 10_000, count: { '10000': 1 }, zNumber: 7, closedSeq: entries[4]!.seq });
    expect(foldShift(entries.slice(0, 1))).toBeNull();
  });
});

// Random valid sales: each a lifecycle drawn from the entries a counter writes.
const step = fc.constantFrom('attempt', 'unanswered', 'pending', 'confirmed', 'failed', 'cash', 'abandoned', 'reprint');
const saleScript = fc.record({ retail: fc.integer({ min: 100, max: 500_000 }), net: fc.integer({ min: 0, max: 400_000 }), steps: fc.array(step, { maxLength: 6 }) });

function entriesOf(scripts: { retail: number; net: number; steps: string[] }[]): FoldEntry[][] {
  return scripts.map((sc, i) => {
    const id = `s${i}`;
    const out: FoldEntry[] = [e('sale.intent', intent(id, sc.retail, sc.net))];
    for (const st of sc.steps) {
      if (st === 'attempt') out.push(e('sale.attempt', { saleId: id, attempt: 1 }));
      else if (st === 'unanswered') out.push(unanswered(id));
      else if (st === 'cash') out.push(cash(id));
      else if (st === 'abandoned') out.push(e('sale.abandoned', { saleId: id, reason: 'x', by: { agentId: 's', agentName: 'S' }, bookingsChecked: 0 }));
      else if (st === 'reprint') out.push(e('print.recorded', { saleId: id, copy: true }));
      else out.push(outcome(id, st as 'confirmed' | 'pending' | 'failed'));
    }
    return out;
  });
}

/** Interleaves the sales' entries in an order drawn by fast-check, keeping each sale's own order. */
function interleave(perSale: FoldEntry[][], picks: number[]): FoldEntry[] {
  const queues = perSale.map((q) => [...q]);
  const out: FoldEntry[] = [];
  let i = 0;
  while (queues.some((q) => q.length > 0)) {
    const live = queues.filter((q) => q.length > 0);
    out.push(live[(picks[i++ % Math.max(picks.length, 1)] ?? 0) % live.length]!.shift()!);
  }
  return out;
}

describe('the fold, over random valid journals (fast-check)', () => {
  it('is order-stable: interleaving other sales between a sale\'s entries never changes it', () => {
    fc.assert(
      fc.property(fc.array(saleScript, { minLength: 1, maxLength: 8 }), fc.array(fc.nat(), { minLength: 1, maxLength: 40 }), (scripts, picks) => {
        const perSale = entriesOf(scripts);
        const apart = perSale.map((entries) => foldSale(entries));
        const together = foldSales(interleave(perSale, picks));
        for (const s of apart) expect(together.get(s!.saleId)).toEqual(s);
      }),
    );
  });

  it('gives totals equal to the sum of the sale folds', () => {
    fc.assert(
      fc.property(fc.array(saleScript, { maxLength: 10 }), (scripts) => {
        const perSale = entriesOf(scripts);
        const total = noFigures();
        for (const s of foldSales(perSale.flat()).values()) addSale(total, s);
        const sum = noFigures();
        for (const entries of perSale) addSale(sum, foldSale(entries)!);
        expect(total).toEqual(sum);
        const cashOf = perSale.map((entries) => foldSale(entries)!).filter((s) => s.status === 'confirmed').reduce((n, s) => n + s.cashMinor, 0);
        expect(drawerCash(0, foldSales(perSale.flat()).values(), []).salesMinor).toBe(cashOf);
      }),
    );
  });
});

describe('what the fold reads, checked before an entry from the station copy is folded', () => {
  const good = [...sent('a'), unanswered('a'), outcome('a', 'confirmed'), outcome('b', 'failed', null), cash('a')];
  it('passes every sale entry the counter writes, and entries of no sale', () => {
    for (const x of good) expect(foldProblem(x), x.type).toBeNull();
    expect(foldProblem({ type: 'shift.opened', payload: 'anything' })).toBeNull();
  });

  it.each<[string, string, unknown, RegExp]>([
    ['a count that is text', 'sale.intent', { ...intent('a'), passengers: 'many' }, /^sale\.intent: passengers is not what a sale holds there \("many"\)$/],
    ['a price that is an object', 'sale.intent', { ...intent('a'), retailTotalMinor: { x: 1 } }, /retailTotalMinor is not/],
    ['a price with a fraction', 'sale.intent', { ...intent('a'), netTotalMinor: 12.5 }, /netTotalMinor is not/],
    ['a negative count', 'sale.intent', { ...intent('a'), passengers: -1 }, /passengers is not/],
    ['no sale id', 'sale.intent', { ...intent('a'), saleId: undefined }, /saleId is missing/],
    ['a status no sale has', 'sale.outcome', { saleId: 'a', status: 'refunded' }, /status is not/],
    ['a reference that is a number', 'sale.outcome', { saleId: 'a', status: 'confirmed', bookingReference: 7 }, /bookingReference is not/],
    ['cash that is text', 'cash.received', { saleId: 'a', amountMinor: 'lots' }, /amountMinor is not/],
    ['cash beyond a safe integer', 'cash.received', { saleId: 'a', amountMinor: 2 ** 60 }, /amountMinor is not/],
    ['an error without its code', 'sale.unanswered', { saleId: 'a', error: { message: 'x' }, inDoubt: true }, /error is not/],
    ['a payload that is not an object', 'sale.attempt', [1, 2], /payload is not an object/],
    ['a payload of null', 'cash.received', null, /payload is not an object/],
  ])('refuses %s', (_, type, payload, why) => {
    expect(foldProblem({ type, payload })).toMatch(why);
  });
});
