// Egyptian cash as it is counted in a drawer: banknotes of 200, 100, 50, 20, 10 and 5 pounds,
// the 1-pound coin (and note), and the 50- and 25-piastre coins. Amounts are piastres.
export const DENOMINATIONS = [20_000, 10_000, 5_000, 2_000, 1_000, 500, 100, 50, 25] as const;
export type Denomination = (typeof DENOMINATIONS)[number];

/** How many pieces of each denomination were counted, keyed by the denomination in piastres. */
export type CashCount = Partial<Record<`${Denomination}`, number>>;

export function countTotal(count: CashCount): number {
  let total = 0;
  for (const d of DENOMINATIONS) {
    const n = count[`${d}`] ?? 0;
    if (!Number.isInteger(n) || n < 0 || n > 100_000) throw new RangeError(`A count of ${d} piastre pieces must be a whole number from 0 to 100000`);
    total += n * d;
  }
  return total;
}

/** The count with every denomination present (zeros included), in drawer order. */
export function fullCount(count: CashCount): Record<`${Denomination}`, number> {
  return Object.fromEntries(DENOMINATIONS.map((d) => [`${d}`, count[`${d}`] ?? 0])) as Record<`${Denomination}`, number>;
}
