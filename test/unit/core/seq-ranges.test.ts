import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seqListHas, seqRanges } from '../../../core/seq-ranges.ts';

describe('seqs written as runs', () => {
  it('writes each run of consecutive seqs as a pair, a seq alone as itself', () => {
    const table: [number[], ReturnType<typeof seqRanges>][] = [
      [[], []],
      [[7], [7]],
      [[3, 4], [[3, 4]]],
      [[1, 3, 5], [1, 3, 5]],
      [[2, 3, 4, 9, 11, 12], [[2, 4], 9, [11, 12]]],
      [Array.from({ length: 5_000 }, (_, i) => 1_001 + i), [[1_001, 6_000]]],
    ];
    for (const [seqs, runs] of table) expect(seqRanges(seqs)).toEqual(runs);
  });

  it('holds exactly the seqs it was made of, and reads a list of seqs alone as marks wrote them before runs', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 400 }), { maxLength: 120 }), (raw) => {
        const seqs = [...raw].sort((a, b) => a - b);
        const has = seqListHas(seqRanges(seqs));
        const alone = seqListHas(seqs);
        for (let seq = 1; seq <= 401; seq++) {
          expect(has(seq)).toBe(seqs.includes(seq));
          expect(alone(seq)).toBe(seqs.includes(seq));
        }
      }),
    );
  });
});
