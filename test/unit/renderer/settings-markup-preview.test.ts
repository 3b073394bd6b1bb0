import { describe, expect, it } from 'vitest';
import { previewMarkup } from '../../../renderer/src/settings/markup-preview.ts';

// The retail rule itself is core's (test/unit/core/retail.test.ts); this is how the example splits it.
describe('retail price preview of a markup rule', () => {
  it('explains the parts: NET + percent + fixed + rounding = retail', () => {
    const p = previewMarkup(35_000, { percent: 7.5, fixedMinor: 150 });
    expect(p).toMatchObject({ netMinor: 35_000, percentMinor: 2_625, fixedMinor: 150, retailMinor: 37_800 });
    expect(p.netMinor + p.percentMinor + p.fixedMinor + p.roundingMinor).toBe(p.retailMinor);
    expect(previewMarkup(33_333, { percent: 3.33, fixedMinor: 0 }).percentMinor).toBeCloseTo(1_109.9889, 6);
  });

  it('refuses what the contract refuses', () => {
    expect(() => previewMarkup(100, { percent: 101, fixedMinor: 0 })).toThrow(RangeError);
  });
});
