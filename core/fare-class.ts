// The fare class a sale is charged when the agent names neither a class nor seats: the API's own
// rule (partner-api.md, POST /bookings rule 1), the cheapest class with room for every passenger.
// The renderer shows the total of that class and main charges it, so both read it from here
// (when Economy is sold out, both move to the next cheapest class with room).

export interface FareClassOffer {
  name: string;
  price: { amount_minor: number };
  seats_available: number;
}

/** The cheapest class with room for `passengers`, the first listed on a tie; null when none has room. */
export function defaultFareClass<C extends FareClassOffer>(classes: readonly C[], passengers: number): C | null {
  let best: C | null = null;
  for (const c of classes) {
    if (c.seats_available < passengers) continue;
    if (!best || c.price.amount_minor < best.price.amount_minor) best = c;
  }
  return best;
}
