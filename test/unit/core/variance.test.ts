import { describe, expect, it } from 'vitest';
import { varianceNeedsComment, varianceOf } from '../../../core/variance.ts';

describe('a drawer variance', () => {
  it.each([
    [-1_000, 'short', 1_000, true],
    [250, 'over', 250, true],
    [0, 'even', 0, false],
    [-1, 'short', 1, true],
  ] as const)('%i piastres is %s by %i; a comment needed: %s', (minor, kind, amountMinor, comment) => {
    expect(varianceOf(minor)).toEqual({ kind, amountMinor });
    expect(varianceNeedsComment(minor)).toBe(comment);
  });
});
