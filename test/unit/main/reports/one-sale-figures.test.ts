// One journal, every report: the Z-report, the day report, the station report and the sales list
// each show every sale with the figures its fold gives (core/sale-fold.ts), including a pending
// sale confirmed after its shift closed, a failed retry, a reprint and an abandoned sale.
import { afterEach, describe, expect, it } from 'vitest';
import { addSale, foldSales, isOpen, noFigures } from '../../../../core/sale-fold.ts';
import type { SaleIntent } from '../../../../main/journal/entries.ts';
import { dayReport } from '../../../../main/journal/report.ts';
import { projectSales } from '../../../../main/reports/sale-projection.ts';
import { SalesStore } from '../../../../main/selling/store.ts';
import { computeZ } from '../../../../main/shifts/z-report.ts';
import { stationLines } from '../../../../main/station/report.ts';
import { DAY, SHIFT, writeEveryEntry } from '../../../support/every-entry.ts';
import { manualClock, openTempJournal } from '../journal/helpers.ts';

let t: ReturnType<typeof openTempJournal>;
afterEach(() => t.cleanup());

describe('every report shows every sale with the figures of its one fold', () => {
  it('the Z-report, the day report, the station report and the sales list agree, sale by sale', () => {
    const clock = manualClock('2026-07-01T08:00:00.000Z');
    t = openTempJournal(clock);
    writeEveryEntry(t.journal, () => clock.advance(1_000));
    const j = t.journal;
    const entries = [...j.entries()];
    const folded = foldSales<SaleIntent>(entries);
    expect([...folded.values()].map((s) => [s.saleId, s.status])).toEqual([
      ['a', 'confirmed'],
      ['b', 'confirmed'], // pending at the close, confirmed after it
      ['c', 'failed'],
      ['d', 'failed'],
    ]);

    // The sales list (the read model's rows)
    const list = new SalesStore(j).list();
    expect(list).toHaveLength(folded.size);
    for (const row of list) {
      const s = folded.get(row.saleId)!;
      expect(row, row.saleId).toMatchObject({ status: s.status, bookingReference: s.bookingReference, passengers: s.intent.passengers, retailTotalMinor: s.intent.retailTotalMinor, netTotalMinor: s.intent.netTotalMinor });
    }

    // The station report (the entries as the station database holds them)
    const projected = projectSales(entries.map((e) => ({ ...e, counterId: e.counterId })));
    expect(projected).toHaveLength(folded.size);
    for (const p of projected) {
      const s = folded.get(p.saleId)!;
      expect(p, p.saleId).toMatchObject({ status: s.status, bookingReference: s.bookingReference, passengers: s.intent.passengers, retailMinor: s.intent.retailTotalMinor, netMinor: s.intent.netTotalMinor, cashMinor: s.cashMinor, changeMinor: s.changeMinor, businessDay: DAY });
    }

    // What every total must be: the sum of the confirmed sales' folds
    const sum = noFigures();
    for (const s of folded.values()) addSale(sum, s);
    const confirmed = [...folded.values()].filter((s) => s.status === 'confirmed');
    const cashMinor = confirmed.reduce((n, s) => n + s.cashMinor, 0);
    const changeMinor = confirmed.reduce((n, s) => n + s.changeMinor, 0);
    const failed = [...folded.values()].filter((s) => s.status === 'failed');
    expect(sum).toEqual({ bookings: 2, passengers: 2, retailMinor: 36_300 + 47_000, netMinor: 66_000 });

    const station = stationLines(projected);
    expect(station.totals).toEqual({ sales: sum.bookings, passengers: sum.passengers, retailMinor: sum.retailMinor, netMinor: sum.netMinor, cashMinor, changeMinor, failed: failed.length, open: 0 });

    // The day report (the read models of the day)
    const day = dayReport(j, 'TRAINING', DAY, () => null);
    expect(day).toMatchObject({
      counts: { confirmed: sum.bookings, failed: failed.length, pending: 0, unknown: 0 },
      seats: sum.passengers,
      retailMinor: sum.retailMinor,
      netMinor: sum.netMinor,
      cashReceivedMinor: cashMinor,
      changeGivenMinor: changeMinor,
    });

    // The Z-report of the shift, recomputed now from all its entries (the late confirmation included)
    const ctx = { zNumber: 1, counterId: j.counterId, stationName: 'Luxor', environment: 'TRAINING' as const, closedAt: j.now().toISOString(), comment: null };
    const z = computeZ(j.shiftEntries(SHIFT), ctx);
    expect({ bookings: z.bookings, passengers: z.passengers, retailMinor: z.retailMinor, netMinor: z.netMinor }).toEqual(sum);
    expect(z.cash).toMatchObject({ salesMinor: cashMinor, changeGivenMinor: changeMinor, heldForOpenSalesMinor: 0 });
    expect(z.failed.map((f) => [f.saleId, f.retailMinor, f.code])).toEqual(failed.map((s) => [s.saleId, s.intent.retailTotalMinor, s.error?.code]));
    expect(z.open).toEqual([]);
    expect(z.reprints).toBe(1); // a reprint is paper used in the shift, not a sale

    // The Z-report frozen at the close shows b open, as it was then, with its cash in the drawer
    const frozen = [...j.entries(['shift.closed'] as const)][0]!.payload.z!;
    const b = folded.get('b')!;
    expect(frozen.open).toEqual([{ saleId: 'b', bookingReference: 'PB-B', retailMinor: b.intent.retailTotalMinor, status: 'pending' }]);
    expect(frozen.bookings).toBe(sum.bookings - 1);
    expect(frozen.cash.heldForOpenSalesMinor).toBe(b.intent.retailTotalMinor);
    // the drawer expected b's money either way: held for an open sale then, its cash now
    expect(b.cashMinor).toBe(b.intent.retailTotalMinor);
    expect(frozen.cash.expectedMinor).toBe(z.cash.expectedMinor);
    expect([...folded.values()].filter((s) => isOpen(s.status))).toEqual([]);
  });
});
