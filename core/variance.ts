// A drawer's variance, said one way everywhere (screen, paper, CSV): the direction is a word
// (over / short), the amount is never negative, so "Short -EGP 10.00" cannot happen.

export type VarianceKind = 'over' | 'short' | 'even';

/** counted − expected in piastres → its direction and its size. */
export function varianceOf(minor: number): { kind: VarianceKind; amountMinor: number } {
  return { kind: minor > 0 ? 'over' : minor < 0 ? 'short' : 'even', amountMinor: Math.abs(minor) };
}

/** A variance other than zero is explained before the shift closes. */
export function varianceNeedsComment(minor: number): boolean {
  return minor !== 0;
}
