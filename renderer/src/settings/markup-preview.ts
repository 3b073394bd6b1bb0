// The retail price a markup rule gives, for the example shown while a supervisor edits the rule.
// Main computes the real retail price of every offer; this is the same arithmetic so the preview
// agrees with what the agent will see: NET + percent of NET + fixed, rounded UP to whole pounds,
// never below NET. Pure and exact: integers only, percent taken to hundredths (basis points).

export interface MarkupTerms {
  /** 0–100, e.g. 12.5 for 12.5 %. */
  percent: number;
  /** Fixed amount per seat, integer piastres. */
  fixedMinor: number;
}

export interface MarkupPreview {
  netMinor: number;
  /** The percent part before rounding, in piastres (may have a fraction). */
  percentMinor: number;
  fixedMinor: number;
  /** What rounding up to whole pounds added, in piastres (may have a fraction). */
  roundingMinor: number;
  retailMinor: number;
}

const PIASTRES_PER_POUND = 100;
const BP = 10_000; // basis points per unit

/** Retail per seat, integer piastres. */
export function retailPerSeat(netMinor: number, terms: MarkupTerms): number {
  if (!Number.isSafeInteger(netMinor) || netMinor < 0) throw new RangeError(`NET must be whole piastres ≥ 0, got ${netMinor}`);
  if (!Number.isSafeInteger(terms.fixedMinor) || terms.fixedMinor < 0) {
    throw new RangeError(`fixed must be whole piastres ≥ 0, got ${terms.fixedMinor}`);
  }
  if (!(terms.percent >= 0 && terms.percent <= 100)) throw new RangeError(`percent must be 0–100, got ${terms.percent}`);
  const bp = Math.round(terms.percent * 100); // 12.5 % → 1250 basis points
  // Everything in 1/10 000 of a piastre, so the percent part is exact.
  const scaled = netMinor * BP + netMinor * bp + terms.fixedMinor * BP;
  const unit = PIASTRES_PER_POUND * BP;
  const rest = scaled % unit;
  const pounds = (scaled - rest) / unit + (rest > 0 ? 1 : 0);
  return Math.max(pounds * PIASTRES_PER_POUND, netMinor);
}

/** The parts of the example, for "NET 350.00 + 35.00 + 1.00 → retail 386.00". */
export function previewMarkup(netMinor: number, terms: MarkupTerms): MarkupPreview {
  const retailMinor = retailPerSeat(netMinor, terms);
  const percentMinor = (netMinor * Math.round(terms.percent * 100)) / BP;
  return {
    netMinor,
    percentMinor,
    fixedMinor: terms.fixedMinor,
    roundingMinor: retailMinor - netMinor - percentMinor - terms.fixedMinor,
    retailMinor,
  };
}
