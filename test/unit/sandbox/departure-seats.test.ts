import { describe, expect, it } from 'vitest';
import type { CoachLayout, Departure } from '../../../sandbox/inventory/types.ts';
import { DepartureSeats } from '../../../sandbox/seats/departure-seats.ts';
import { SALES_GRACE_MS, plannedSales } from '../../../sandbox/seats/other-channels.ts';

const layout = {
  seats: ['1', '2', '3', '4'].map((number, i) => ({ number, fare_class: i < 2 ? 'VIP' : 'Economy', features: [], accessible: false, premium: false, row: i + 1, column: 1 })),
} as unknown as CoachLayout;
const departure = { key: 'svc_x@2027-01-01' } as Departure;
const T = 1_000_000;

describe('DepartureSeats', () => {
  it('counts seats sold before the first look, bookings and active holds as taken', () => {
    const seats = new DepartureSeats(departure, layout, new Set(['1']), []);
    seats.book(['2']);
    seats.addHold({ holdId: 'PH-1', seats: ['3'], from: T, until: T + 1000, active: true });
    expect(seats.freeSeats(T).map((s) => s.number)).toEqual(['4']);
    expect(seats.holdOf('3', T)).toBe('PH-1');
    expect([...seats.freeCountByClass(T)]).toEqual([['Economy', 1]]);
    // The hold lapses on its own; releasing ends it at once.
    expect(seats.freeSeats(T + 1000).map((s) => s.number)).toEqual(['3', '4']);
    seats.endHold('PH-1', T + 10);
    expect(seats.isFree('3', T + 10)).toBe(true);
  });

  it('sells seats to other channels at their moment, except seats held then', () => {
    const sales = [
      { seat: '3', at: T + 500 },
      { seat: '4', at: T + 600 },
    ];
    const seats = new DepartureSeats(departure, layout, new Set(), sales);
    seats.addHold({ holdId: 'PH-1', seats: ['4'], from: T, until: T + 1000, active: true });
    expect(seats.isFree('3', T + 499)).toBe(true);
    expect(seats.isFree('3', T + 500)).toBe(false);
    // Seat 4 was held when its sale came: it stays free for this account once the hold ends.
    seats.endHold('PH-1', T + 700);
    expect(seats.isFree('4', T + 2000)).toBe(true);
  });

  it('sells a seat released before its moment', () => {
    const seats = new DepartureSeats(departure, layout, new Set(), [{ seat: '4', at: T + 600 }]);
    seats.addHold({ holdId: 'PH-1', seats: ['4'], from: T, until: T + 1000, active: true });
    seats.endHold('PH-1', T + 100);
    expect(seats.isFree('4', T + 599)).toBe(true);
    expect(seats.isFree('4', T + 600)).toBe(false);
  });
});

describe('plannedSales', () => {
  it('is deterministic, sells part of the free seats, none in the grace period, all before departure', () => {
    const free = Array.from({ length: 50 }, (_, i) => String(i + 1));
    const departs = T + 3 * 86_400_000;
    const sales = plannedSales(7, 'svc_x@2027-01-01', free, T, departs);
    expect(plannedSales(7, 'svc_x@2027-01-01', free, T, departs)).toEqual(sales);
    expect(sales.length).toBeGreaterThan(5);
    expect(sales.length).toBeLessThan(30);
    for (const sale of sales) {
      expect(sale.at).toBeGreaterThanOrEqual(T + SALES_GRACE_MS);
      expect(sale.at).toBeLessThan(departs);
    }
    expect(sales.map((s) => s.at)).toEqual([...sales.map((s) => s.at)].sort((a, b) => a - b));
    expect(plannedSales(7, 'svc_x@2027-01-01', free, T, T + 10 * 60_000)).toEqual([]);
  });
});
