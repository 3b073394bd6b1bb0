// The shifts' plain rules, without a schema: the drawer's denominations, a count's total, how
// much a Z-report names. The renderer reads them from here (the schemas of shifts.ts and
// counter.ts, and zod with them, stay out of its bundle); shifts.ts and counter.ts re-export them.

/**
 * Egyptian cash as it is counted in a drawer: banknotes of 200, 100, 50, 20, 10 and 5 pounds,
 * the 1-pound coin (and note), and the 50- and 25-piastre coins. In piastres, drawer order.
 */
export const DENOMINATIONS = [20_000, 10_000, 5_000, 2_000, 1_000, 500, 100, 50, 25] as const;
export type Denomination = (typeof DENOMINATIONS)[number];

/** How many pieces of each denomination were counted (shifts.ts's CashCount). */
export type PiecesCounted = Partial<Record<`${Denomination}`, number>>;

export function countTotal(count: PiecesCounted): number {
  let total = 0;
  for (const d of DENOMINATIONS) total += (count[`${d}`] ?? 0) * d;
  return total;
}

/** The count with every denomination present (zeros included), in drawer order. */
export function fullCount(count: PiecesCounted): Record<`${Denomination}`, number> {
  return Object.fromEntries(DENOMINATIONS.map((d) => [`${d}`, count[`${d}`] ?? 0])) as Record<`${Denomination}`, number>;
}

/** How many of a Z-report's `writtenOutside` its screen and paper name one by one; the rest are counted ("and 12 more"). */
export const Z_OUTSIDE_NAMED = 20;
