import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../../contract/partner/resources.ts';
import type { ReconciledSale } from '../../../../contract/reports.ts';
import { reconcile } from '../../../../main/reports/reconcile.ts';

let n = 0;
const line = (type: Transaction['type'], amount: number, ref: string | null): Transaction => ({
  id: `txn_${++n}`,
  type,
  amount_minor: amount,
  balance_after_minor: 0,
  currency: 'EGP',
  booking_ref: ref,
  reason: null,
  created_at: '2026-11-24T10:00:00Z',
});
const sale = (ref: string | null, status: ReconciledSale['status'], net: number, counterId = 'ctr_a'): ReconciledSale => ({
  saleId: `sale-${ref ?? ++n}`,
  counterId,
  bookingReference: ref,
  status,
  netMinor: net,
  businessDay: '2026-11-24',
});
const run = (lines: Transaction[], sales: ReconciledSale[], other: ReconciledSale[] = []) =>
  reconcile({
    date: '2026-11-24',
    lines,
    sales,
    saleOfOtherDay: (ref) => other.find((s) => s.bookingReference === ref) ?? null,
    openingBalanceMinor: 100_000,
    closingBalanceMinor: 50_000,
  });

describe('the wallet statement against the journal', () => {
  it('matches each DEBIT to a confirmed sale and each DEBIT + REVERSAL to a failed one, across counters', () => {
    const r = run(
      [line('DEBIT', -44_000, 'PB-1'), line('DEBIT', -30_000, 'PB-2'), line('REVERSAL', 30_000, 'PB-2'), line('DEBIT', -10_000, 'PB-3')],
      [sale('PB-1', 'confirmed', 44_000), sale('PB-2', 'failed', 30_000), sale('PB-3', 'confirmed', 10_000, 'ctr_b'), sale(null, 'failed', 5_000)],
    );
    expect(r.unmatched).toEqual([]);
    expect(r.matchedDebits.map((m) => [m.bookingReference, m.counterId])).toEqual([
      ['PB-1', 'ctr_a'],
      ['PB-3', 'ctr_b'],
    ]);
    expect(r.matchedReversals).toMatchObject([{ bookingReference: 'PB-2', amountMinor: -30_000 }]);
    expect(r.totals).toEqual({ debitsMinor: -84_000, reversalsMinor: 30_000, topupsMinor: 0, adjustmentsMinor: 0, confirmedNetMinor: 54_000 });
  });

  it('lists TOPUP and ADJUSTMENT apart, and every unmatched line with why', () => {
    const topup = line('TOPUP', 500_000, null);
    const adjust = line('ADJUSTMENT', -1_000, null);
    const r = run(
      [
        topup,
        adjust,
        line('DEBIT', -20_000, 'PB-OUT'),
        line('DEBIT', -45_000, 'PB-DIFF'),
        line('DEBIT', -9_000, 'PB-FAILED'),
        line('DEBIT', -7_000, 'PB-PEND'),
        line('DEBIT', -6_000, 'PB-YESTERDAY'),
      ],
      [sale('PB-MISSING', 'confirmed', 12_000), sale('PB-DIFF', 'confirmed', 44_000), sale('PB-FAILED', 'failed', 9_000), sale('PB-PEND', 'pending', 7_000)],
      [{ ...sale('PB-YESTERDAY', 'confirmed', 6_000), businessDay: '2026-11-23' }],
    );
    expect(r.apart).toEqual([topup, adjust]);
    expect(r.totals.topupsMinor).toBe(500_000);
    expect(r.totals.adjustmentsMinor).toBe(-1_000);
    const why = Object.fromEntries(r.unmatched.map((u) => [`${u.side}:${u.bookingReference}`, u.reason]));
    expect(why).toEqual({
      'wallet:PB-OUT': 'booked_outside',
      'wallet:PB-DIFF': 'amount_differs',
      'journal:PB-MISSING': 'debit_missing',
      'wallet:PB-FAILED': 'reversal_missing',
      'journal:PB-PEND': 'pending_at_close',
      'wallet:PB-PEND': 'pending_at_close',
      'wallet:PB-YESTERDAY': 'other_day',
    });
    expect(r.matchedDebits).toEqual([]);
    expect(r.openingBalanceMinor).toBe(100_000);
  });

  it('a second debit of one booking is never matched silently', () => {
    const r = run([line('DEBIT', -10_000, 'PB-1'), line('DEBIT', -10_000, 'PB-1')], [sale('PB-1', 'confirmed', 10_000)]);
    expect(r.matchedDebits).toHaveLength(1);
    expect(r.unmatched).toMatchObject([{ side: 'wallet', reason: 'amount_differs', bookingReference: 'PB-1' }]);
  });
});
