import type { PricedOffer, PricedOfferDetail } from '../../contract/counter.ts';
import { ByteBoundedLru, stringBytes } from '../../core/byte-bounded-lru.ts';
import type { Offer, OfferDetail } from '../../contract/partner/resources.ts';
import type { OfferSummary } from '../journal/entries.ts';
import type { PriceContext } from '../pricing/markup.ts';
import type { MarkupRules } from '../pricing/rules.ts';
import type { ReferenceService } from '../reference/service.ts';

interface Known {
  originId: string | null;
  destinationId: string | null;
  offer: Offer | null;
  detail: OfferDetail | null;
}

/** What the book may hold, in bytes as knownBytes estimates them: a busy day's searches at most. */
export const KNOWN_OFFERS_BYTES = 4 * 1024 * 1024;
const HOLDS_BYTES = 512 * 1024;

/**
 * An offer as searched (~1.5 KB as parsed) and its detail (its seat map: ~160 bytes a seat, and
 * its fare classes), estimated without serialising them.
 */
function knownBytes(id: string, k: Known): number {
  const detail = k.detail ? 3_000 + k.detail.seats.length * 160 + k.detail.fare_classes.length * 200 : 0;
  return stringBytes(id) + 200 + (k.offer ? 1_500 : 0) + detail;
}

/**
 * What the counter learnt about offers while searching and reading them: the search's city
 * ids (an offer names cities, not ids) and the last copy seen, so markup rules by route and
 * operator can be applied, and a sale's receipt knows its journey even after the offer lapsed.
 */
export class OfferBook {
  // Least recently used out first, bounded in bytes: a counter searching all day keeps the last
  // few thousand offers it saw (their seat maps included), not every one.
  readonly #known = new ByteBoundedLru<string, Known>(KNOWN_OFFERS_BYTES, knownBytes);
  readonly #holdOffer = new ByteBoundedLru<string, string>(HOLDS_BYTES, (hold, offer) => stringBytes(hold) + stringBytes(offer) + 64);
  readonly #rules: MarkupRules;
  readonly #reference: ReferenceService;

  constructor(rules: MarkupRules, reference: ReferenceService) {
    this.#rules = rules;
    this.#reference = reference;
  }

  #remember(id: string, patch: Partial<Known>): Known {
    const prev = this.#known.get(id) ?? { originId: null, destinationId: null, offer: null, detail: null };
    const next = { ...prev, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined && v !== null)) };
    this.#known.set(id, next);
    return next;
  }

  rememberHold(holdId: string, offerId: string): void {
    this.#holdOffer.set(holdId, offerId);
  }

  offerOfHold(holdId: string): string | null {
    return this.#holdOffer.get(holdId) ?? null;
  }

  /** Price context of an offer: ids from the search that found it, else looked up by name. */
  context(offerId: string, fareClass: string | null): PriceContext {
    const k = this.#known.get(offerId);
    const origin = k?.detail?.origin.name ?? k?.offer?.origin.name ?? null;
    const destination = k?.detail?.destination.name ?? k?.offer?.destination.name ?? null;
    const operator = k?.detail?.operator.name ?? k?.offer?.operator.name ?? null;
    return {
      operatorId: this.#reference.operatorIdByName(operator),
      originId: k?.originId ?? this.#reference.cityIdByName(origin),
      destinationId: k?.destinationId ?? this.#reference.cityIdByName(destination),
      fareClass,
    };
  }

  retail(offerId: string, netPerSeatMinor: number, fareClass: string | null) {
    return this.#rules.price(netPerSeatMinor, this.context(offerId, fareClass));
  }

  priceSearch(offers: Offer[], originId: string, destinationId: string): PricedOffer[] {
    return offers.map((offer) => {
      this.#remember(offer.id, { originId, destinationId, offer });
      return { offer, retailPerSeatMinor: this.retail(offer.id, offer.net_price.amount_minor, offer.seat_class).retailPerSeatMinor };
    });
  }

  priceDetail(detail: OfferDetail): PricedOfferDetail {
    this.#remember(detail.id, { detail });
    const retailByClass: Record<string, number> = {};
    for (const c of detail.fare_classes) retailByClass[c.name] = this.retail(detail.id, c.price.amount_minor, c.name).retailPerSeatMinor;
    const retailBySeat: Record<string, number> = {};
    for (const s of detail.seats) retailBySeat[s.number] = this.retail(detail.id, s.price.amount_minor, s.class).retailPerSeatMinor;
    return { offer: detail, retailByClass, retailBySeat };
  }

  /** The journey as the receipt shows it, from whatever copy of the offer was seen last. */
  summary(offerId: string, fareClass: string | null, seats: string[]): OfferSummary {
    const k = this.#known.get(offerId);
    const ctx = this.context(offerId, fareClass);
    const d = k?.detail ?? null;
    const o = k?.offer ?? null;
    return {
      originId: ctx.originId,
      destinationId: ctx.destinationId,
      originName: d?.origin.name ?? o?.origin.name ?? null,
      originStation: d?.origin.station ?? o?.origin.station ?? null,
      destinationName: d?.destination.name ?? o?.destination.name ?? null,
      destinationStation: d?.destination.station ?? o?.destination.station ?? null,
      departureAt: d?.origin.departs_at ?? o?.departure_at ?? null,
      arrivalAt: d?.destination.arrives_at ?? o?.arrival_at ?? null,
      operatorId: ctx.operatorId,
      operatorName: d?.operator.name ?? o?.operator.name ?? null,
      operatorNameAr: d?.operator.name_ar ?? o?.operator.name_ar ?? null,
      fareClass,
      seats,
    };
  }
}
