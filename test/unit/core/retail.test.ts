import { describe, expect, it } from 'vitest';
import { ceilToPound, percentPartMinor, retailPerSeat } from '../../../core/retail.ts';

// The one retail rule, for main's prices and the settings preview alike.

describe('retail per seat', () => {
  it('adds the percent of NET and the fixed amount, then rounds up to whole pounds', () => {
    expect(ceilToPound(4100)).toBe(4100);
    expect(ceilToPound(4101)).toBe(4200);
    expect(retailPerSeat(4100, { percent: 10, fixedMinor: 0 })).toBe(4600); // 45.10 → 46.00
    expect(retailPerSeat(33_000, { percent: 10, fixedMinor: 0 })).toBe(36_300);
    expect(retailPerSeat(10_000, { percent: 12.5, fixedMinor: 250 })).toBe(11_500); // 100 + 12.50 + 2.50
    expect(retailPerSeat(35_000, { percent: 10, fixedMinor: 100 })).toBe(38_600); // 350 + 35 + 1, already whole
    expect(retailPerSeat(35_000, { percent: 7.5, fixedMinor: 0 })).toBe(37_700); // 376.25 → 377
    expect(retailPerSeat(34_999, { percent: 0, fixedMinor: 1 })).toBe(35_000); // exactly 350.00: no rounding
    expect(retailPerSeat(35_001, { percent: 0, fixedMinor: 0 })).toBe(35_100);
    expect(retailPerSeat(999, { percent: 0.01, fixedMinor: 0 })).toBe(1000); // 0.0999 piastre still rounds up
  });

  it('is never below NET, and with no rule is NET rounded up to whole pounds', () => {
    expect(retailPerSeat(35_000, { percent: 0, fixedMinor: 0 })).toBe(35_000);
    expect(retailPerSeat(0, { percent: 50, fixedMinor: 0 })).toBe(0);
    for (let net = 0; net < 3_000; net += 7) {
      for (const terms of [null, { percent: 0, fixedMinor: 0 }, { percent: 3, fixedMinor: 50 }, { percent: 0.01, fixedMinor: 0 }]) {
        const retail = retailPerSeat(net, terms);
        expect(retail).toBeGreaterThanOrEqual(net);
        expect(retail % 100).toBe(0);
      }
      expect(retailPerSeat(net, null)).toBe(ceilToPound(net));
      expect(retailPerSeat(net, null) - net).toBeLessThan(100);
    }
  });

  it('takes the percent exactly to hundredths: no floating-point creep over a pound boundary', () => {
    // 1000.00 × 1.1 % = 11.00 exactly, though 1.1 × 100 is not exact in binary floats
    expect(retailPerSeat(100_000, { percent: 1.1, fixedMinor: 0 })).toBe(101_100);
    expect(retailPerSeat(47_000, { percent: 100, fixedMinor: 0 })).toBe(94_000);
    expect(retailPerSeat(20_000, { percent: 12.34, fixedMinor: 0 })).toBe(22_500); // 224.68 → 225
    // the largest amounts the contract allows stay exact
    expect(retailPerSeat(100_000_000_00, { percent: 99.99, fixedMinor: 100_000_000_00 })).toBe(299_990_000_00);
    expect(percentPartMinor(33_333, 3.33)).toBeCloseTo(1_109.9889, 6);
  });

  it('refuses what the contract refuses', () => {
    expect(() => retailPerSeat(10.5, null)).toThrow(RangeError);
    expect(() => retailPerSeat(-1, null)).toThrow(RangeError);
    expect(() => retailPerSeat(1.5, { percent: 0, fixedMinor: 0 })).toThrow(RangeError);
    expect(() => retailPerSeat(100, { percent: 101, fixedMinor: 0 })).toThrow(RangeError);
    expect(() => retailPerSeat(100, { percent: -1, fixedMinor: 0 })).toThrow(RangeError);
    expect(() => retailPerSeat(100, { percent: Number.NaN, fixedMinor: 0 })).toThrow(RangeError);
    expect(() => retailPerSeat(100, { percent: 5, fixedMinor: -100 })).toThrow(RangeError);
    expect(() => retailPerSeat(Number.MAX_SAFE_INTEGER, { percent: 1, fixedMinor: 0 })).toThrow(RangeError);
  });
});
