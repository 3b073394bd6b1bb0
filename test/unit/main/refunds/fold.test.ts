import { describe, expect, it } from 'vitest';
import type { RefundPolicy } from '../../../../contract/refunds.ts';
import type { ClaimMatched, RefundPaid } from '../../../../main/journal/entries.ts';
import {
  alreadyRefunded,
  ClaimsLedger,
  claimStatus,
  foldClaims,
  foldRefunds,
  isCancelled,
  keptUnder,
  refundAmounts,
  refundsBlock,
  sumRefundsBlocks,
  ticketShares,
  type WalletLine,
} from '../../../../main/refunds/fold.ts';

const agent = { agentId: 'a1', agentName: 'Mona' };

function refund(over: Partial<RefundPaid> = {}): RefundPaid {
  return {
    refundId: 'r1',
    saleId: 's1',
    bookingReference: 'PB-1',
    passengerIndexes: [0],
    wholeBooking: false,
    saleCounterId: 'counter-1',
    travellers: [{ passengerIndex: 0, name: 'Hany Fouad', seat: '4' }],
    route: 'Cairo → Alexandria',
    cause: 'cancelled',
    currency: 'EGP',
    retailMinor: 30_000,
    keptMinor: 0,
    amountMinor: 30_000,
    claimable: true,
    claimNetMinor: 25_000,
    reason: null,
    policy: null,
    approvedBy: null,
    agentId: agent.agentId,
    agentName: agent.agentName,
    shiftId: 'shift-1',
    businessDay: '2026-07-01',
    ...over,
  };
}

const adjustment = (id: string, amount: number, ref: string | null, at = '2026-07-05T10:00:00Z'): WalletLine => ({
  id,
  type: 'ADJUSTMENT',
  amount_minor: amount,
  booking_ref: ref,
  reason: 'Cancelled departure',
  created_at: at,
});

const hand = (transactionId: string, bookingReference: string, amountMinor: number): ClaimMatched => ({
  transactionId,
  bookingReference,
  amountMinor,
  at: '2026-07-06T09:00:00Z',
  by: { agentId: 'boss', agentName: 'Samir' },
  note: null,
});

describe('ticketShares', () => {
  it.each([
    [30_000, 1, [30_000]],
    [30_000, 3, [10_000, 10_000, 10_000]],
    [10_001, 3, [3_334, 3_334, 3_333]],
    [10_002, 3, [3_334, 3_334, 3_334]],
    [2, 3, [1, 1, 0]],
    [0, 2, [0, 0]],
    [500, 0, []],
  ])('splits %i over %i tickets as %j, adding up to the total', (total, tickets, shares) => {
    expect(ticketShares(total, tickets)).toEqual(shares);
    if (tickets > 0) expect(ticketShares(total, tickets).reduce((a, b) => a + b, 0)).toBe(total);
  });
});

describe('isCancelled', () => {
  it.each<[{ validForTravel: boolean; notice: string | null }, string, boolean, boolean]>([
    [{ validForTravel: false, notice: 'The operator cancelled this departure. Do not travel.' }, 'SANDBOX', false, true],
    [{ validForTravel: false, notice: 'ألغت شركة النقل هذه الرحلة. لا تسافر.' }, 'SANDBOX', false, true],
    [{ validForTravel: false, notice: 'تم إلغاء الرحلة من شركة النقل' }, 'TRAINING', false, true],
    [{ validForTravel: false, notice: 'الرحلة ملغاة' }, 'TRAINING', false, true],
    [{ validForTravel: false, notice: 'أُلغيت الرحلة' }, 'TRAINING', false, true],
    [{ validForTravel: false, notice: 'الرحلة مُلغى قيامها' }, 'TRAINING', false, true],
    [{ validForTravel: false, notice: 'تم الغاء الرحلة' }, 'TRAINING', false, true],
    // words that only look alike: adult(s), amounts
    [{ validForTravel: false, notice: 'تذكرة بالغ: لا تصلح للسفر' }, 'SANDBOX', false, false],
    [{ validForTravel: false, notice: 'تذاكر البالغين والأطفال: لا تصلح للسفر' }, 'SANDBOX', false, false],
    [{ validForTravel: false, notice: 'المبالغ غير مستردة' }, 'SANDBOX', false, false],
    [{ validForTravel: false, notice: 'SANDBOX booking: not valid for travel.' }, 'SANDBOX', false, false],
    [{ validForTravel: false, notice: 'The operator moved this departure. New departure: 2 July at 09:00.' }, 'SANDBOX', false, false],
    [{ validForTravel: false, notice: null }, 'TRAINING', false, false],
    [{ validForTravel: true, notice: 'cancelled' }, 'SANDBOX', false, false],
    [{ validForTravel: false, notice: 'Not valid for travel.' }, 'SANDBOX', true, true],
    [{ validForTravel: true, notice: null }, 'SANDBOX', true, false],
    // LIVE: a confirmed ticket no longer valid for travel is a cancelled departure, whatever its notice says
    [{ validForTravel: false, notice: 'Trip withdrawn by the operator. Do not travel.' }, 'LIVE', false, true],
    [{ validForTravel: false, notice: null }, 'LIVE', false, true],
    [{ validForTravel: true, notice: 'cancelled' }, 'LIVE', true, false],
  ])('%j in %s (recorded cancelled: %s) → %s', (ticket, environment, recorded, expected) => {
    expect(isCancelled(ticket, environment, recorded)).toBe(expected);
  });
});

describe('keptUnder (a refund the station chooses to give)', () => {
  it.each<[RefundPolicy, number, number, number]>([
    [{ kind: 'none' }, 30_000, 1, 0],
    [{ kind: 'percent', percent: 10 }, 30_000, 1, 3_000],
    [{ kind: 'percent', percent: 12.5 }, 10_001, 1, 1_250],
    [{ kind: 'percent', percent: 100 }, 30_000, 2, 30_000],
    [{ kind: 'fixed', feeMinor: 2_000 }, 30_000, 2, 4_000],
    [{ kind: 'fixed', feeMinor: 50_000 }, 30_000, 1, 30_000],
  ])('%j of %i over %i tickets keeps %i', (policy, retail, tickets, kept) => {
    expect(keptUnder(policy, retail, tickets)).toBe(kept);
  });
});

describe('refundAmounts', () => {
  const sale = { cashMinor: 90_000, netChargedMinor: 75_001, tickets: 3 };
  it.each([
    ['one ticket of a cancelled trip', [1], 'cancelled', { kind: 'fixed', feeMinor: 5_000 }, { retailMinor: 30_000, keptMinor: 0, amountMinor: 30_000, claimable: true, claimNetMinor: 25_000 }],
    ['the whole cancelled booking', [0, 1, 2], 'cancelled', { kind: 'none' }, { retailMinor: 90_000, keptMinor: 0, amountMinor: 90_000, claimable: true, claimNetMinor: 75_001 }],
    ['the first ticket carries the odd piastre of NET', [0], 'cancelled', { kind: 'none' }, { retailMinor: 30_000, keptMinor: 0, amountMinor: 30_000, claimable: true, claimNetMinor: 25_001 }],
    ['the station chooses, 10% kept', [0, 2], 'station', { kind: 'percent', percent: 10 }, { retailMinor: 60_000, keptMinor: 6_000, amountMinor: 54_000, claimable: false, claimNetMinor: 0 }],
    ['the station chooses, a fee per ticket', [2], 'station', { kind: 'fixed', feeMinor: 2_500 }, { retailMinor: 30_000, keptMinor: 2_500, amountMinor: 27_500, claimable: false, claimNetMinor: 0 }],
  ] as const)('%s', (_name, indexes, cause, policy, expected) => {
    expect(refundAmounts({ ...sale, indexes, cause, policy })).toEqual(expected);
  });
});

describe('foldRefunds', () => {
  it('knows every refunded ticket of a booking and the hand matches', () => {
    const state = foldRefunds([
      { type: 'sale.intent', at: '2026-07-01T08:00:00Z', payload: {} },
      { type: 'refund.paid', at: '2026-07-01T09:00:00Z', payload: refund({ refundId: 'r1', passengerIndexes: [0] }) },
      { type: 'refund.paid', at: '2026-07-01T09:05:00Z', payload: refund({ refundId: 'r2', passengerIndexes: [2] }) },
      { type: 'refund.paid', at: '2026-07-01T09:06:00Z', payload: refund({ refundId: 'r3', bookingReference: 'PB-2', passengerIndexes: [0, 1] }) },
      { type: 'claim.matched', at: '2026-07-02T09:00:00Z', payload: hand('tx9', 'PB-1', 100) },
    ]);
    expect(state.refunds.map((r) => [r.refundId, r.at])).toEqual([
      ['r1', '2026-07-01T09:00:00Z'],
      ['r2', '2026-07-01T09:05:00Z'],
      ['r3', '2026-07-01T09:06:00Z'],
    ]);
    expect(alreadyRefunded(state, 'PB-1', [0, 1, 2])).toEqual([0, 2]);
    expect(alreadyRefunded(state, 'PB-2', [1])).toEqual([1]);
    expect(alreadyRefunded(state, 'PB-3', [0])).toEqual([]);
    expect(state.matches).toHaveLength(1);
  });
});

describe('refundsBlock', () => {
  it('counts refunds, tickets and cash, claimable apart from not claimable', () => {
    const block = refundsBlock([
      refund({ amountMinor: 30_000, passengerIndexes: [0] }),
      refund({ amountMinor: 60_000, passengerIndexes: [1, 2] }),
      refund({ amountMinor: 27_000, claimable: false, cause: 'station' }),
    ]);
    expect(block).toEqual({ count: 3, tickets: 4, amountMinor: 117_000, claimable: { count: 2, amountMinor: 90_000 }, notClaimable: { count: 1, amountMinor: 27_000 } });
    expect(refundsBlock([])).toEqual({ count: 0, tickets: 0, amountMinor: 0, claimable: { count: 0, amountMinor: 0 }, notClaimable: { count: 0, amountMinor: 0 } });
    expect(sumRefundsBlocks([block, block]).claimable).toEqual({ count: 4, amountMinor: 180_000 });
  });
});

describe('claimStatus', () => {
  it.each([
    [25_000, 0, 'open'],
    [25_000, 10_000, 'short'],
    [25_000, 25_000, 'settled'],
    [25_000, 30_000, 'over'],
    [25_000, -100, 'open'],
  ] as const)('claimed %i, settled %i → %s', (claimed, settled, status) => {
    expect(claimStatus(claimed, settled)).toBe(status);
  });
});

describe('foldClaims', () => {
  const now = new Date('2026-07-20T00:00:00Z');
  const parts = [
    { bookingReference: 'PB-1', claimNetMinor: 25_000, at: '2026-07-01T09:00:00Z' },
    { bookingReference: 'PB-1', claimNetMinor: 25_000, at: '2026-07-01T10:00:00Z' },
    { bookingReference: 'PB-2', claimNetMinor: 40_000, at: '2026-07-18T09:00:00Z' },
    { bookingReference: 'PB-3', claimNetMinor: 10_000, at: '2026-07-02T09:00:00Z' },
    { bookingReference: 'PB-4', claimNetMinor: 5_000, at: '2026-07-02T09:00:00Z' },
  ];
  type Case = [string, WalletLine[], ClaimMatched[], Record<string, [string, number, boolean]>, string[]];
  it.each<Case>([
    ['nothing came back: open, overdue after 14 days', [], [], { 'PB-1': ['open', 0, true], 'PB-2': ['open', 0, false], 'PB-3': ['open', 0, true] }, []],
    ['an exact adjustment settles', [adjustment('t1', 50_000, 'PB-1')], [], { 'PB-1': ['settled', 50_000, false] }, []],
    ['a partial adjustment leaves it short (and overdue)', [adjustment('t1', 20_000, 'PB-1')], [], { 'PB-1': ['short', 20_000, true] }, []],
    ['two partial adjustments add up', [adjustment('t1', 20_000, 'PB-1'), adjustment('t2', 30_000, 'PB-1')], [], { 'PB-1': ['settled', 50_000, false] }, []],
    ['more than claimed is over', [adjustment('t1', 45_000, 'PB-2')], [], { 'PB-2': ['over', 45_000, false] }, []],
    ['the same line read twice counts once', [adjustment('t1', 10_000, 'PB-3'), adjustment('t1', 10_000, 'PB-3')], [], { 'PB-3': ['settled', 10_000, false] }, []],
    ['a line without a reference is listed apart', [adjustment('t1', 10_000, null)], [], { 'PB-3': ['open', 0, true] }, ['t1']],
    ['a reference no claim knows is listed apart', [adjustment('t1', 10_000, 'PB-99')], [], {}, ['t1']],
    ['a supervisor matches a line without a reference by hand', [adjustment('t1', 10_000, null)], [hand('t1', 'PB-3', 10_000)], { 'PB-3': ['settled', 10_000, false] }, []],
    ['a hand match counts before the statement is read again', [], [hand('t7', 'PB-4', 5_000)], { 'PB-4': ['settled', 5_000, false] }, []],
    ['a line matched by its reference is not matched by hand again', [adjustment('t1', 10_000, 'PB-3')], [hand('t1', 'PB-4', 10_000)], { 'PB-3': ['settled', 10_000, false], 'PB-4': ['open', 0, true] }, []],
    ['one line matched by hand twice counts once', [adjustment('t1', 5_000, null)], [hand('t1', 'PB-4', 5_000), hand('t1', 'PB-3', 5_000)], { 'PB-4': ['settled', 5_000, false], 'PB-3': ['open', 0, true] }, []],
    ['other wallet lines are not settlements', [{ ...adjustment('t1', -25_000, 'PB-1'), type: 'DEBIT' }, { ...adjustment('t2', 9_000, null), type: 'TOPUP' }], [], { 'PB-1': ['open', 0, true] }, []],
  ])('%s', (_name, lines, matches, expected, unmatched) => {
    const fold = foldClaims({ parts, matches, lines, now, overdueDays: 14 });
    const byRef = new Map(fold.claims.map((c) => [c.bookingReference, c]));
    for (const [ref, [status, settled, overdue]] of Object.entries(expected)) {
      expect(byRef.get(ref)).toMatchObject({ status, settledMinor: settled, overdue });
    }
    expect(fold.unmatched.map((u) => u.transactionId)).toEqual(unmatched);
    expect(byRef.get('PB-1')).toMatchObject({ claimedMinor: 50_000, openedAt: '2026-07-01T09:00:00Z' });
    expect(fold.totals.claimedMinor).toBe(105_000);
    expect(fold.totals.open + fold.totals.short + fold.totals.settled + fold.totals.over).toBe(4);
    expect(fold.totals.owedMinor).toBe(fold.claims.reduce((n, c) => n + Math.max(0, c.claimedMinor - c.settledMinor), 0));
  });
});

describe('ClaimsLedger (the same fold, fed in any order)', () => {
  const now = new Date('2026-07-20T00:00:00Z');
  const parts = [
    { bookingReference: 'PB-1', claimNetMinor: 25_000, at: '2026-07-01T09:00:00Z' },
    { bookingReference: 'PB-2', claimNetMinor: 40_000, at: '2026-07-18T09:00:00Z' },
    { bookingReference: 'PB-3', claimNetMinor: 10_000, at: '2026-07-02T09:00:00Z' },
  ];
  const lines = [adjustment('t1', 25_000, 'PB-1'), adjustment('t2', 10_000, null), adjustment('t3', 5_000, 'PB-2'), adjustment('t4', 1_000, 'PB-9')];
  const matches = [hand('t2', 'PB-3', 10_000), hand('t4', 'PB-2', 1_000)];
  const batch = foldClaims({ parts, matches, lines, now, overdueDays: 14 });
  const summary = (f: ReturnType<typeof foldClaims>) => ({
    claims: f.claims.map((c) => [c.bookingReference, c.status, c.settledMinor, c.overdue, c.settlements.map((s) => s.transactionId).sort()]).sort(),
    unmatched: f.unmatched.map((u) => u.transactionId).sort(),
    totals: f.totals,
  });

  it.each([
    ['lines, then matches, then refunds', ['lines', 'matches', 'parts']],
    ['matches, then refunds, then lines', ['matches', 'parts', 'lines']],
    ['refunds, lines and matches interleaved', ['parts', 'matches', 'lines']],
  ] as const)('%s equals the batch fold', (_name, order) => {
    const ledger = new ClaimsLedger();
    for (const source of order) {
      if (source === 'parts') parts.forEach((p) => ledger.addPart(p));
      if (source === 'lines') lines.forEach((t) => ledger.addLine(t));
      if (source === 'matches') matches.forEach((m) => ledger.addMatch(m));
    }
    expect(summary(ledger.view(now, 14))).toEqual(summary(batch));
  });

  it('a hand match of a line that later turns out to name a claim of its own no longer counts', () => {
    const ledger = new ClaimsLedger();
    ledger.addPart(parts[2]!);
    ledger.addLine(adjustment('t9', 10_000, 'PB-1'));
    ledger.addMatch(hand('t9', 'PB-3', 10_000));
    expect(ledger.view(now, 14).claims.find((c) => c.bookingReference === 'PB-3')).toMatchObject({ status: 'settled' });
    ledger.addPart(parts[0]!);
    const view = ledger.view(now, 14);
    expect(view.claims.find((c) => c.bookingReference === 'PB-3')).toMatchObject({ status: 'open', settledMinor: 0, settlements: [] });
    expect(view.claims.find((c) => c.bookingReference === 'PB-1')).toMatchObject({ settledMinor: 10_000 });
  });

  it('lists the newest claims of a state up to a limit; the totals count them all', () => {
    const ledger = new ClaimsLedger();
    parts.forEach((p) => ledger.addPart(p));
    lines.forEach((t) => ledger.addLine(t));
    const view = ledger.view(now, 14, { status: 'open', limit: 1 });
    expect(view.claims.map((c) => c.bookingReference)).toEqual(['PB-3']);
    expect(view.totals).toMatchObject({ open: 1, settled: 1, short: 1 });
    expect(ledger.view(now, 14, { limit: 2 }).claims.map((c) => c.bookingReference)).toEqual(['PB-2', 'PB-3']);
    expect(ledger.view(now, 14, { status: 'overdue' }).claims.map((c) => c.bookingReference)).toEqual(['PB-3']);
    expect(ledger.view(now, 14, { limit: 0 }).claims).toEqual([]);
  });
});

describe('the newest claims of a long list', () => {
  it('are the same as sorting them all and taking the first, ties broken by booking reference', () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const parts = Array.from({ length: 2_000 }, (_, i) => ({
      bookingReference: `PB-${String(i).padStart(5, '0')}`,
      claimNetMinor: 100,
      at: new Date(Date.UTC(2026, 0, 1) + Math.floor(rand() * 300) * 86_400_000).toISOString(),
    }));
    const all = foldClaims({ parts, matches: [], lines: [], now: new Date('2027-01-01T00:00:00Z'), overdueDays: 14 }).claims.map((c) => c.bookingReference);
    for (const limit of [1, 7, 50, 1_999]) {
      const some = foldClaims({ parts, matches: [], lines: [], now: new Date('2027-01-01T00:00:00Z'), overdueDays: 14 }, { limit }).claims.map((c) => c.bookingReference);
      expect(some).toEqual(all.slice(0, limit));
    }
  });
});
