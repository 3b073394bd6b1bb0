import { createRng } from '../inventory/prng.ts';

// Other channels (the operator's own counters and website) keep selling seats as simulated time
// passes: a deterministic share of the seats still free when a departure is first looked at is
// sold, each at its own moment between a grace period after that first look and shortly before
// departure. A seat held or booked through the API at its moment is not sold.

const SHARE_SOLD_LATER = 0.3;
/** Nothing is sold in the first minutes after a first look: a search-hold-book flow is stable. */
export const SALES_GRACE_MS = 15 * 60_000;
/** Sales stop this long before departure. */
const SALES_CLOSE_MS = 30 * 60_000;

export interface PlannedSale {
  seat: string;
  at: number; // epoch ms, simulated clock
}

/** The seats other channels will sell after `firstTouchedAt`, soonest first. */
export function plannedSales(
  seed: number,
  departureKey: string,
  freeAtFirstTouch: readonly string[],
  firstTouchedAt: number,
  departsAt: number,
): PlannedSale[] {
  const opens = firstTouchedAt + SALES_GRACE_MS;
  const closes = departsAt - SALES_CLOSE_MS;
  if (closes <= opens) return [];
  const rng = createRng(`${seed}|other-channels|${departureKey}`);
  const sales: PlannedSale[] = [];
  for (const seat of freeAtFirstTouch) {
    const sold = rng.chance(SHARE_SOLD_LATER);
    const at = opens + Math.floor(rng.next() * (closes - opens));
    if (sold) sales.push({ seat, at });
  }
  return sales.sort((a, b) => a.at - b.at);
}
