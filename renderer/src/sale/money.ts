import type { PricedOfferDetail } from '../../../contract/counter.ts';
import { defaultFareClass } from '../../../core/fare-class.ts';

// Retail totals, cash and change at the counter. Integers of piastres throughout. Main
// recomputes the total authoritatively when the sale is sent; this is what the agent sees first.

/**
 * Retail total of a sale: each named seat at its own retail price; without seats (operator
 * assigns at boarding), the class's retail price times the passengers.
 */
export function retailTotal(detail: PricedOfferDetail, seats: readonly string[], fareClass: string | null, passengers: number): number | null {
  if (seats.length > 0) {
    let sum = 0;
    for (const s of seats) {
      const price = detail.retailBySeat[s];
      if (price === undefined) return null;
      sum += price;
    }
    return sum;
  }
  const cls = fareClass ?? cheapestClass(detail, passengers);
  const price = cls ? detail.retailByClass[cls] : undefined;
  return price === undefined ? null : price * passengers;
}

/** The class charged when none is named: main's rule (core/fare-class.ts), among the classes with a retail price. */
export function cheapestClass(detail: PricedOfferDetail, passengers: number): string | null {
  return defaultFareClass(detail.offer.fare_classes.filter((c) => c.name in detail.retailByClass), passengers)?.name ?? null;
}

/** The class picked when the offer arrives: the one the search showed while it has room for everyone, else the default. */
export function initialClass(detail: PricedOfferDetail, passengers: number, shown: string | null | undefined): string | null {
  const c = shown ? detail.offer.fare_classes.find((x) => x.name === shown && x.name in detail.retailByClass) : undefined;
  return c && c.seats_available >= passengers ? c.name : cheapestClass(detail, passengers);
}

/** NET total of named seats (small print for the agent). */
export function netTotal(detail: PricedOfferDetail, seats: readonly string[], fareClass: string | null, passengers: number): number | null {
  if (seats.length > 0) {
    let sum = 0;
    for (const s of seats) {
      const seat = detail.offer.seats.find((x) => x.number === s);
      if (!seat) return null;
      sum += seat.price.amount_minor;
    }
    return sum;
  }
  const cls = detail.offer.fare_classes.find((c) => c.name === (fareClass ?? cheapestClass(detail, passengers)));
  return cls ? cls.price.amount_minor * passengers : null;
}

/** Change due, or null while the cash does not cover the total. */
export function changeDue(totalMinor: number, tenderedMinor: number | null): number | null {
  return tenderedMinor === null || tenderedMinor < totalMinor ? null : tenderedMinor - totalMinor;
}

const ROUND_TO = [5_000, 10_000, 20_000, 50_000, 100_000]; // 50, 100, 200, 500, 1000 pounds

/**
 * The amounts a traveller is likely to hand over: exact, then the total rounded up to the next
 * 50, 100, 200, 500 and 1000 pounds (Egyptian notes), each once, smallest first, at most 6.
 */
export function quickAmounts(totalMinor: number): number[] {
  if (totalMinor <= 0) return [];
  const out = new Set<number>([totalMinor]);
  for (const step of ROUND_TO) {
    const up = Math.ceil(totalMinor / step) * step;
    out.add(up === totalMinor ? up + step : up);
  }
  return [...out].sort((a, b) => a - b).slice(0, 6);
}

/**
 * Cash more than this over the total is read back to the agent before the sale is sent: a
 * mistyped amount (an extra zero) or a note taken for another would otherwise hand out change
 * that is not owed.
 */
export const CASH_CHECK_OVER_MINOR = 20_000; // EGP 200

/** The cash handed over is far more than the total: the agent confirms the amount first. */
export function cashNeedsCheck(totalMinor: number, tenderedMinor: number): boolean {
  return tenderedMinor - totalMinor > CASH_CHECK_OVER_MINOR;
}

/**
 * How much the wallet lacks to pay this sale's NET (balance plus the account's credit), or null
 * when it covers it or is not known: said before the agent takes the cash, since the API
 * declines a booking the wallet cannot pay.
 */
export function walletShortfall(netMinor: number, wallet: { balanceMinor: number; creditLimitMinor: number } | null): number | null {
  if (!wallet) return null;
  const short = netMinor - (wallet.balanceMinor + wallet.creditLimitMinor);
  return short > 0 ? short : null;
}
