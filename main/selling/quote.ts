import type { OfferDetail, PassengerInput } from '../../contract/partner/index.ts';
import { defaultFareClass } from '../../core/fare-class.ts';
import { AppFailure } from '../failure.ts';
import type { OfferSummary } from '../journal/entries.ts';
import type { PartnerClient } from '../partner/client.ts';
import type { OfferBook } from './offers.ts';

/** What a sale costs, computed by main from the API's NET price and the markup rules. */
export interface SaleQuote {
  fareClass: string | null;
  netPerSeatMinor: number;
  netTotalMinor: number;
  retailPerSeatMinor: number;
  retailTotalMinor: number;
  markupRuleId: string | null;
  summary: OfferSummary;
}

export interface QuoteRequest {
  offerId: string;
  passengers: PassengerInput[];
  fareClass?: string | undefined;
}

const invalid = (field: string, message: string) => new AppFailure('invalid_argument', message, { fields: [{ field, message }] });

/**
 * The fare class the API will charge, in its own resolution order (partner-api.md, POST
 * /bookings rule 1): the class sent; else the named seats' class; else the cheapest with room.
 */
export function resolveFareClass(detail: OfferDetail, req: QuoteRequest): { name: string | null; netPerSeatMinor: number } {
  const classes = detail.fare_classes;
  if (req.fareClass !== undefined) {
    const c = classes.find((x) => x.name.toLowerCase() === req.fareClass!.toLowerCase());
    if (!c) throw invalid('fareClass', `No fare class "${req.fareClass}" on this departure`);
    return { name: c.name, netPerSeatMinor: c.price.amount_minor };
  }
  const named = req.passengers.flatMap((p, i) => (p.seat === undefined ? [] : [{ seat: p.seat, i }]));
  if (named.length > 0) {
    const seatClasses = new Set<string>();
    for (const n of named) {
      const seat = detail.seats.find((s) => s.number === n.seat);
      if (!seat) throw invalid(`passengers[${n.i}].seat`, `There is no seat ${n.seat} on this coach`);
      seatClasses.add(seat.class ?? '');
    }
    if (seatClasses.size > 1) throw invalid('passengers', 'The named seats are in different fare classes; one booking takes one class');
    const name = [...seatClasses][0]!;
    const c = classes.find((x) => x.name === name);
    if (c) return { name: c.name, netPerSeatMinor: c.price.amount_minor };
    const seat = detail.seats.find((s) => s.number === named[0]!.seat)!;
    return { name: name || null, netPerSeatMinor: seat.price.amount_minor };
  }
  const best = defaultFareClass(classes, req.passengers.length);
  if (best) return { name: best.name, netPerSeatMinor: best.price.amount_minor };
  if (classes.length > 0) {
    throw new AppFailure('seats_unavailable', `No fare class has ${req.passengers.length} free seat(s) left on this departure`);
  }
  return { name: null, netPerSeatMinor: detail.net_price.amount_minor };
}

/** The NET price of a sale, read live from the API (offer or hold), and its retail price. */
export async function quoteSale(client: PartnerClient, offers: OfferBook, req: QuoteRequest): Promise<SaleQuote> {
  const n = req.passengers.length;
  if (req.offerId.startsWith('PH-')) {
    const hold = await client.hold(req.offerId);
    if (hold.status === 'expired') throw new AppFailure('offer_expired', `Hold ${hold.id} has expired; hold the seats again`);
    if (hold.status !== 'held') throw new AppFailure('conflict', `Hold ${hold.id} is ${hold.status}`);
    if (hold.seats !== n) throw invalid('passengers', `Hold ${hold.id} is for ${hold.seats} seat(s), not ${n}`);
    const offerId = offers.offerOfHold(hold.id) ?? hold.offer_id;
    offers.rememberHold(hold.id, offerId);
    // Learn the journey for the receipt when this process has not seen the offer (after a restart).
    if (offers.summary(offerId, null, []).departureAt === null) {
      await client.offer(offerId).then((d) => offers.priceDetail(d), () => undefined);
    }
    const netPerSeatMinor = Math.ceil(hold.total.amount_minor / hold.seats);
    const price = offers.retail(offerId, netPerSeatMinor, hold.fare_class);
    return {
      fareClass: hold.fare_class,
      netPerSeatMinor,
      netTotalMinor: hold.total.amount_minor,
      retailPerSeatMinor: price.retailPerSeatMinor,
      retailTotalMinor: price.retailPerSeatMinor * n,
      markupRuleId: price.ruleId,
      summary: offers.summary(offerId, hold.fare_class, hold.seats_requested),
    };
  }
  const detail = await client.offer(req.offerId);
  offers.priceDetail(detail);
  const cls = resolveFareClass(detail, req);
  const price = offers.retail(req.offerId, cls.netPerSeatMinor, cls.name);
  return {
    fareClass: cls.name,
    netPerSeatMinor: cls.netPerSeatMinor,
    netTotalMinor: cls.netPerSeatMinor * n,
    retailPerSeatMinor: price.retailPerSeatMinor,
    retailTotalMinor: price.retailPerSeatMinor * n,
    markupRuleId: price.ruleId,
    summary: offers.summary(
      req.offerId,
      cls.name,
      req.passengers.flatMap((p) => (p.seat === undefined ? [] : [p.seat])),
    ),
  };
}
