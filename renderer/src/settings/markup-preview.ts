// The example shown while a supervisor edits a markup rule: "NET 350.00 + 35.00 + 1.00 → retail
// 386.00". The retail price is core's, the one main gives every offer, so the preview agrees with
// what the agent will see.
import { percentPartMinor, retailPerSeat, type MarkupTerms } from '../../../core/retail.ts';

export interface MarkupPreview {
  netMinor: number;
  /** The percent part before rounding, in piastres (may have a fraction). */
  percentMinor: number;
  fixedMinor: number;
  /** What rounding up to whole pounds added, in piastres (may have a fraction). */
  roundingMinor: number;
  retailMinor: number;
}

/** The parts of the example: NET + percent + fixed + rounding = retail. */
export function previewMarkup(netMinor: number, terms: MarkupTerms): MarkupPreview {
  const retailMinor = retailPerSeat(netMinor, terms);
  const percentMinor = percentPartMinor(netMinor, terms.percent);
  return {
    netMinor,
    percentMinor,
    fixedMinor: terms.fixedMinor,
    roundingMinor: retailMinor - netMinor - percentMinor - terms.fixedMinor,
    retailMinor,
  };
}
