// The station's retail price of a seat: NET + a percent of NET + a fixed amount, rounded UP to
// whole pounds, never below NET. Main prices every offer with it; the markup settings screen
// previews a rule with it, so the preview is what the agent will see. Integers of piastres in and
// out; the percent is taken to hundredths of a percent (basis points) and the sum is computed in
// 1/10 000 of a piastre, so no binary fraction can push a price over a pound boundary.

export const PIASTRES_PER_POUND = 100;
/** Basis points in a whole: 12.5 % is 1 250 bp. */
const BP = 10_000;

export interface MarkupTerms {
  /** 0–100, e.g. 12.5 for 12.5 %; anything finer than 0.01 % is rounded to it. */
  percent: number;
  /** Fixed amount per seat, integer piastres ≥ 0. */
  fixedMinor: number;
}

/** Up to the next whole pound (100 piastres). */
export function ceilToPound(minor: number): number {
  return Math.ceil(minor / PIASTRES_PER_POUND) * PIASTRES_PER_POUND;
}

/** The percent in basis points: 12.5 → 1 250. */
export function basisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/**
 * Retail per seat, integer piastres. With no terms (no rule applies) it is NET rounded up to whole
 * pounds. Refuses what the contract refuses: a NET or fixed amount that is not whole piastres
 * ≥ 0, a percent outside 0–100 (and a price in the billions of pounds, which it cannot add exactly).
 */
export function retailPerSeat(netMinor: number, terms: MarkupTerms | null): number {
  if (!Number.isSafeInteger(netMinor) || netMinor < 0) throw new RangeError(`NET must be whole piastres ≥ 0, got ${netMinor}`);
  if (terms === null) return ceilToPound(netMinor);
  if (!Number.isSafeInteger(terms.fixedMinor) || terms.fixedMinor < 0) {
    throw new RangeError(`fixed must be whole piastres ≥ 0, got ${terms.fixedMinor}`);
  }
  if (!(terms.percent >= 0 && terms.percent <= 100)) throw new RangeError(`percent must be 0–100, got ${terms.percent}`);
  const scaled = netMinor * BP + netMinor * basisPoints(terms.percent) + terms.fixedMinor * BP;
  if (!Number.isSafeInteger(scaled)) throw new RangeError(`price too large to compute exactly: NET ${netMinor}`);
  const unit = PIASTRES_PER_POUND * BP;
  const rest = scaled % unit;
  const pounds = (scaled - rest) / unit + (rest > 0 ? 1 : 0);
  return Math.max(pounds * PIASTRES_PER_POUND, netMinor);
}

/** The percent part of a markup before any rounding, in piastres (may have a fraction). */
export function percentPartMinor(netMinor: number, percent: number): number {
  return (netMinor * basisPoints(percent)) / BP;
}
