import { describe, expect, it } from 'vitest';
import { shiftWallClock } from '../../../core/wall-clock.ts';

describe('moving a departure by hours, in its own zone', () => {
  it.each([
    ['2026-07-01T23:30:00+03:00', 2, '2026-07-02T01:30:00+03:00'],
    ['2026-07-01T00:30:00+02:00', -1, '2026-06-30T23:30:00+02:00'],
    ['2026-12-31T22:00:00Z', 3, '2027-01-01T01:00:00Z'],
    ['2026-03-01T10:15:00-05:30', 24, '2026-03-02T10:15:00-05:30'],
  ])('%s + %i h = %s', (iso, hours, moved) => {
    expect(shiftWallClock(iso, hours)).toBe(moved);
    expect(Date.parse(moved) - Date.parse(iso)).toBe(hours * 3_600_000);
  });

  it('refuses a time without an offset', () => {
    expect(() => shiftWallClock('2026-07-01T23:30:00', 1)).toThrow(RangeError);
  });
});
