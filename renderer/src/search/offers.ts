import type { PricedOffer } from '../../../contract/counter.ts';

// Sorting and filtering the search results. Pure.

export type OfferSort = 'time' | 'price';

export interface OfferFilter {
  /** Operator name (offers carry the operator's name, not its id); null = all. */
  operator: string | null;
  /** Seat class; null = all. */
  seatClass: string | null;
}

const instant = (iso: string) => Date.parse(iso);

export function sortOffers(offers: readonly PricedOffer[], sort: OfferSort): PricedOffer[] {
  const byTime = (a: PricedOffer, b: PricedOffer) => instant(a.offer.departure_at) - instant(b.offer.departure_at);
  return [...offers].sort(
    sort === 'price' ? (a, b) => a.retailPerSeatMinor - b.retailPerSeatMinor || byTime(a, b) : (a, b) => byTime(a, b) || a.retailPerSeatMinor - b.retailPerSeatMinor,
  );
}

export function filterOffers(offers: readonly PricedOffer[], filter: OfferFilter): PricedOffer[] {
  return offers.filter(
    (o) =>
      (filter.operator === null || o.offer.operator.name === filter.operator) &&
      (filter.seatClass === null || o.offer.seat_class === filter.seatClass),
  );
}

export function visibleOffers(offers: readonly PricedOffer[], sort: OfferSort, filter: OfferFilter): PricedOffer[] {
  return sortOffers(filterOffers(offers, filter), sort);
}

/** The operators and classes present in a result set, for the filter menus. */
export function offerFacets(offers: readonly PricedOffer[]): {
  operators: { name: string; name_ar: string | null }[];
  classes: string[];
} {
  const operators = new Map<string, string | null>();
  const classes = new Set<string>();
  for (const { offer } of offers) {
    if (!operators.has(offer.operator.name)) operators.set(offer.operator.name, offer.operator.name_ar ?? null);
    if (offer.seat_class) classes.add(offer.seat_class);
  }
  return {
    operators: [...operators].map(([name, name_ar]) => ({ name, name_ar })).sort((a, b) => a.name.localeCompare(b.name)),
    classes: [...classes].sort(),
  };
}

/** The earliest expiry of a result set: when its prices stop being valid. */
export function earliestExpiry(offers: readonly PricedOffer[]): string | null {
  let best: string | null = null;
  for (const { offer } of offers) if (best === null || instant(offer.expires_at) < instant(best)) best = offer.expires_at;
  return best;
}
