import { describe, expect, it } from 'vitest';
import { previewMarkup, retailPerSeat } from '../../../renderer/src/settings/markup-preview.ts';

describe('retail price preview of a markup rule', () => {
  it('adds the percent of NET and the fixed amount, then rounds up to whole pounds', () => {
    // 350.00 + 10 % (35.00) + 1.00 = 386.00, already whole.
    expect(retailPerSeat(35_000, { percent: 10, fixedMinor: 100 })).toBe(38_600);
    // 350.00 + 7.5 % (26.25) = 376.25 → 377.00
    expect(retailPerSeat(35_000, { percent: 7.5, fixedMinor: 0 })).toBe(37_700);
    // 349.99 + 0.01 fixed = 350.00 exactly: no rounding.
    expect(retailPerSeat(34_999, { percent: 0, fixedMinor: 1 })).toBe(35_000);
    // one piastre over a pound rounds up a whole pound
    expect(retailPerSeat(35_001, { percent: 0, fixedMinor: 0 })).toBe(35_100);
  });

  it('is never below NET and no markup leaves a whole-pound NET unchanged', () => {
    expect(retailPerSeat(35_000, { percent: 0, fixedMinor: 0 })).toBe(35_000);
    expect(retailPerSeat(0, { percent: 50, fixedMinor: 0 })).toBe(0);
    for (let net = 0; net < 2_000; net += 7) {
      const r = retailPerSeat(net, { percent: 0, fixedMinor: 0 });
      expect(r).toBeGreaterThanOrEqual(net);
      expect(r % 100).toBe(0);
      expect(r - net).toBeLessThan(100);
    }
  });

  it('takes the percent exactly to hundredths (no floating-point creep over a pound boundary)', () => {
    // 1000.00 × 1.1 % = 11.00 exactly; 0.1 + 1 in binary floats is not, the result must be 1011.00
    expect(retailPerSeat(100_000, { percent: 1.1, fixedMinor: 0 })).toBe(101_100);
    // 100 % doubles NET
    expect(retailPerSeat(47_000, { percent: 100, fixedMinor: 0 })).toBe(94_000);
    // 12.34 % of 200.00 = 24.68 → 224.68 → 225.00
    expect(retailPerSeat(20_000, { percent: 12.34, fixedMinor: 0 })).toBe(22_500);
    // the largest amounts the contract allows stay exact
    expect(retailPerSeat(100_000_000_00, { percent: 99.99, fixedMinor: 100_000_000_00 })).toBe(299_990_000_00);
  });

  it('explains the parts: NET + percent + fixed + rounding = retail', () => {
    const p = previewMarkup(35_000, { percent: 7.5, fixedMinor: 150 });
    expect(p).toMatchObject({ netMinor: 35_000, percentMinor: 2_625, fixedMinor: 150, retailMinor: 37_800 });
    expect(p.netMinor + p.percentMinor + p.fixedMinor + p.roundingMinor).toBe(p.retailMinor);
    expect(previewMarkup(33_333, { percent: 3.33, fixedMinor: 0 }).percentMinor).toBeCloseTo(1_109.9889, 6);
  });

  it('refuses what the contract refuses', () => {
    expect(() => retailPerSeat(-1, { percent: 0, fixedMinor: 0 })).toThrow(RangeError);
    expect(() => retailPerSeat(1.5, { percent: 0, fixedMinor: 0 })).toThrow(RangeError);
    expect(() => retailPerSeat(100, { percent: 101, fixedMinor: 0 })).toThrow(RangeError);
    expect(() => retailPerSeat(100, { percent: Number.NaN, fixedMinor: 0 })).toThrow(RangeError);
    expect(() => retailPerSeat(100, { percent: 5, fixedMinor: -100 })).toThrow(RangeError);
  });
});
