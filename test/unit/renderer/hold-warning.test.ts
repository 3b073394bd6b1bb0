import { describe, expect, it } from 'vitest';
import { holdWarning } from '../../../renderer/src/sale/display.ts';

// The hold's live region speaks when its text changes: over a 20-minute hold counted down each
// second, it must change exactly twice, at five minutes left and at one, and be silent at the end.

describe('the hold countdown’s announcements', () => {
  it('change at 5:00 and at 1:00 left, and at no other second of a 20-minute hold', () => {
    const changes: { leftMs: number; said: string | null }[] = [];
    let last: string | null = null;
    for (let leftMs = 20 * 60_000; leftMs >= 0; leftMs -= 1_000) {
      const said = holdWarning(leftMs);
      if (said !== last) changes.push({ leftMs, said });
      last = said;
    }
    expect(changes).toEqual([
      { leftMs: 5 * 60_000, said: 'hold.last5' },
      { leftMs: 60_000, said: 'hold.last1' },
      { leftMs: 0, said: null }, // expired: the hold's own alert says so, not this region
    ]);
  });

  it('says nothing while more than five minutes are left', () => {
    expect(holdWarning(5 * 60_000 + 1)).toBeNull();
    expect(holdWarning(19 * 60_000)).toBeNull();
  });
});
