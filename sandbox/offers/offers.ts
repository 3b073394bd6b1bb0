import type { Environment, Offer, OfferDetail, SearchMeta, SearchRequest, SeatMap } from '../../contract/partner/index.ts';
import type { z } from 'zod';
import { addYears, iso } from '../clock.ts';
import type { SimClock } from '../clock.ts';
import type { EventOwner } from '../events/outbox.ts';
import { ApiProblem, invalidField, notFound } from '../http/problem.ts';
import { cairoDate } from '../../core/cairo-time.ts';
import { departureByKey, departuresFor } from '../inventory/index.ts';
import type { CoachLayout, Departure, Inventory, Service } from '../inventory/types.ts';
import type { DepartureSeats } from '../seats/departure-seats.ts';
import type { SeatBook } from '../seats/seat-book.ts';
import { OFFER_TTL_S, offerExpiresAt, type OfferClaim, type OfferSeal } from './seal.ts';

export const CURRENCY = 'EGP';

/** The fields of an offer that change from one search to the next. */
type LiveOfferFields = Pick<Offer, 'id' | 'seat_class' | 'seats_available' | 'net_price' | 'expires_at'>;

/** A dated departure as search needs it. */
interface TimetableEntry {
  departure: Departure;
  at: number;
  /** `,<its offers' fixed fields>}` (Offer minus LiveOfferFields), encoded once: a search sends many. */
  fixedTail: Buffer;
}

/** A departure with its seat state and the prices quoted for it. */
export interface QuotedDeparture {
  departure: Departure;
  seats: DepartureSeats;
  /** Fare classes of the service with the prices of the quote, cheapest first. */
  classes: { name: string; priceMinor: number; features: string[] }[];
  seatSelection: boolean;
}

const departsAt = (departure: Departure): number => Date.parse(departure.departure_at);
const TIMETABLE_CACHE_LIMIT = 5000;
const DATA_OPEN = Buffer.from('{"data":[');

/** Search, offer reads, and opening an offer id for holds and bookings. */
export class OfferService {
  readonly #inventory: Inventory;
  readonly #seal: OfferSeal;
  readonly #seats: SeatBook;
  readonly #clock: SimClock;
  readonly #seatMaps = new WeakMap<CoachLayout, SeatMap>();
  /** Dated departures per city pair and date: a pure function of the inventory, so cached. */
  readonly #timetables = new Map<string, TimetableEntry[]>();
  #dates: { minute: number; today: string; lastDate: string } | undefined;

  constructor(inventory: Inventory, seal: OfferSeal, seats: SeatBook, clock: SimClock) {
    this.#inventory = inventory;
    this.#seal = seal;
    this.#seats = seats;
    this.#clock = clock;
  }

  /**
   * POST /search, answered as the JSON text of `{ data: Offer[], meta }`. It is assembled from
   * pre-serialized parts: serializing and writing offers is most of the cost of a search.
   */
  searchJson(owner: EventOwner, request: SearchRequest): Buffer {
    const now = this.#clock.now();
    const passengers = request.passengers ?? 1;
    const { today, lastDate } = this.#searchableDates(now);
    if (request.departure_date < today) throw invalidField('departure_date', `must not be in the past (today is ${today})`);
    if (request.departure_date > lastDate) throw invalidField('departure_date', `must be at most one year ahead (${lastDate})`);
    for (const field of ['origin', 'destination'] as const) {
      if (!this.#inventory.cityById.has(request[field])) {
        throw new ApiProblem('invalid_reference', `${field} "${request[field]}" is not a city id; take ids from GET /reference/cities.`);
      }
    }

    // The answer is written as bytes into one buffer: most of it is each departure's fixed half,
    // encoded once, so a search encodes only its live halves (a 15 KB answer was re-encoded on
    // every search).
    const lives: string[] = [];
    const tails: Buffer[] = [];
    const expiresAt = iso(offerExpiresAt(now));
    for (const entry of this.#timetable(request.origin, request.destination, request.departure_date)) {
      if (entry.at <= now) continue;
      const live = this.#liveFields(owner, entry.departure, passengers, now, expiresAt);
      if (!live) continue;
      lives.push(`${lives.length === 0 ? '' : ','}{${liveJson(live)}`);
      tails.push(entry.fixedTail);
    }
    const meta: z.infer<typeof SearchMeta> = {
      count: lives.length,
      currency: CURRENCY,
      offer_ttl_seconds: OFFER_TTL_S,
      passengers,
      departure_date: request.departure_date,
    };
    const end = `],"meta":${JSON.stringify(meta)}}`;
    // At most three bytes per UTF-16 unit.
    let size = DATA_OPEN.length + 3 * end.length;
    for (let i = 0; i < lives.length; i++) size += 3 * lives[i]!.length + tails[i]!.length;
    const out = Buffer.allocUnsafe(size);
    let at = DATA_OPEN.copy(out, 0);
    for (let i = 0; i < lives.length; i++) {
      at += out.write(lives[i]!, at);
      at += tails[i]!.copy(out, at);
    }
    at += out.write(end, at);
    return out.subarray(0, at);
  }

  /** GET /offers/{id}: the quote with live availability. */
  read(owner: EventOwner, id: string): OfferDetail {
    const now = this.#clock.now();
    const quote = this.open(owner, id, now);
    const { departure, seats, classes } = quote;
    const service = departure.service;
    const free = seats.freeSeats(now);
    const freeByClass = seats.freeCountByClass(now);
    const freeNumbers = new Set(free.map((s) => s.number));
    const offered = classes.find((c) => (freeByClass.get(c.name) ?? 0) >= quote.claim.passengers) ?? classes[0]!;
    const prices = classes.map((c) => c.priceMinor);
    const priceOf = new Map(classes.map((c) => [c.name, c.priceMinor]));
    const places = this.#places(service);
    return {
      id,
      origin: { name: places.originName, station: places.originStation, departs_at: departure.departure_at },
      destination: { name: places.destinationName, station: places.destinationStation, arrives_at: departure.arrival_at },
      duration_minutes: service.duration_minutes,
      operator: places.operator,
      vehicle: { capacity: seats.layout.seats.length, label: seats.layout.label },
      seats_available: free.length,
      seat_selection: quote.seatSelection,
      net_price: money(offered.priceMinor),
      price_range: { min_minor: Math.min(...prices), max_minor: Math.max(...prices) },
      fare_classes: classes.map((c) => ({
        name: c.name,
        price: money(c.priceMinor),
        seats_available: freeByClass.get(c.name) ?? 0,
        features: c.features,
      })),
      seats: quote.seatSelection
        ? seats.layout.seats.map((s) => ({
            number: s.number,
            available: freeNumbers.has(s.number),
            price: money(priceOf.get(s.fare_class) ?? offered.priceMinor),
            class: s.fare_class,
            features: s.features,
            accessible: s.accessible,
            premium: s.premium,
            position: { row: s.row, column: s.column },
          }))
        : [],
      seat_map: quote.seatSelection ? this.#seatMap(seats.layout) : null,
      amenities: service.amenities,
      expires_at: iso(quote.claim.expiresAt),
    };
  }

  /**
   * Opens an offer id for this account: 404 `invalid_reference` when it is not an intact id
   * issued to this account in this environment, 409 `offer_expired` once its hour is over or
   * its coach has left.
   */
  open(owner: EventOwner, id: string, now: number): QuotedDeparture & { claim: OfferClaim } {
    const claim = this.#seal.open(id);
    if (!claim || claim.accountId !== owner.accountId || claim.environment !== owner.environment) throw notFound('The offer');
    if (claim.expiresAt <= now) throw new ApiProblem('offer_expired', 'The offer has expired; search again.');
    const quote = this.quote(owner.environment, claim.departureKey, claim.classPrices, now);
    if (!quote) throw notFound('The offer');
    return { ...quote, claim };
  }

  /**
   * A departure by key with its seat state, priced with `classPrices` (a quote's snapshot, in
   * the service's class order). 409 `offer_expired` once the coach has left; null when unknown.
   */
  quote(environment: Environment, departureKey: string, classPrices: readonly number[], now: number): QuotedDeparture | null {
    const departure = departureByKey(this.#inventory, departureKey);
    if (!departure || departure.service.fare_classes.length !== classPrices.length) return null;
    if (departsAt(departure) <= now) throw new ApiProblem('offer_expired', 'The coach has departed; search again.');
    const operator = this.#inventory.operatorById.get(departure.service.operator_id);
    return {
      departure,
      seats: this.#seats.of(environment, departure, now),
      classes: departure.service.fare_classes.map((c, i) => ({ name: c.name, priceMinor: classPrices[i]!, features: c.features })),
      seatSelection: operator?.seat_selection ?? false,
    };
  }

  /**
   * The dates a search accepts: from today to the same date next year. Departure dates are
   * Cairo dates, but for two or three hours each night the Cairo calendar is a day ahead of UTC
   * (the zone of the service's own timestamps and of /_sandbox/clock); a date that is valid in
   * either calendar is accepted. Recomputed each minute.
   */
  #searchableDates(now: number): { today: string; lastDate: string } {
    const minute = Math.floor(now / 60_000);
    if (this.#dates?.minute !== minute) {
      const [earlier, later] = [iso(now).slice(0, 10), cairoDate(now)].sort() as [string, string];
      this.#dates = { minute, today: earlier, lastDate: addYears(later, 1) };
    }
    return this.#dates;
  }

  #timetable(origin: string, destination: string, date: string): TimetableEntry[] {
    const key = `${origin}>${destination}@${date}`;
    let timetable = this.#timetables.get(key);
    if (!timetable) {
      timetable = departuresFor(this.#inventory, origin, destination, date).map((departure) => ({
        departure,
        at: departsAt(departure),
        fixedTail: Buffer.from(`,${JSON.stringify(this.#fixedFields(departure)).slice(1, -1)}}`),
      }));
      if (this.#timetables.size >= TIMETABLE_CACHE_LIMIT) this.#timetables.clear();
      this.#timetables.set(key, timetable);
    }
    return timetable;
  }

  /** The live half of a departure's offer, or null when no one class has room for everyone. */
  #liveFields(owner: EventOwner, departure: Departure, passengers: number, now: number, expiresAt: string): LiveOfferFields | null {
    const service = departure.service;
    const freeByClass = this.#seats.of(owner.environment, departure, now).freeCountByClass(now);
    let seatsAvailable = 0;
    for (const count of freeByClass.values()) seatsAvailable += count;
    // One fare class per booking: the offer needs one class with room for every passenger.
    const fareClass = service.fare_classes.find((c) => (freeByClass.get(c.name) ?? 0) >= passengers);
    if (!fareClass) return null;
    const id = this.#seal.seal({
      accountId: owner.accountId,
      environment: owner.environment,
      departureKey: departure.key,
      passengers,
      classPrices: service.fare_classes.map((c) => c.price_minor),
      issuedAt: now,
    });
    return { id, seat_class: fareClass.name, seats_available: seatsAvailable, net_price: money(fareClass.price_minor), expires_at: expiresAt };
  }

  /** The half of a departure's offer that is the same in every search. */
  #fixedFields(departure: Departure): Omit<Offer, keyof LiveOfferFields> {
    const service = departure.service;
    const places = this.#places(service);
    return {
      origin: { name: places.originName, station: places.originStation },
      destination: { name: places.destinationName, station: places.destinationStation },
      departure_at: departure.departure_at,
      arrival_at: departure.arrival_at,
      duration_minutes: service.duration_minutes,
      operator: places.operator,
      amenities: service.amenities,
    };
  }

  #places(service: Service) {
    const inv = this.#inventory;
    const operator = inv.operatorById.get(service.operator_id);
    return {
      originName: inv.cityById.get(service.origin_city_id)?.name ?? '',
      originStation: inv.stationById.get(service.origin_station_id)?.name ?? null,
      destinationName: inv.cityById.get(service.destination_city_id)?.name ?? '',
      destinationStation:
        service.destination_station_id === null ? null : (inv.stationById.get(service.destination_station_id)?.name ?? null),
      operator: { name: operator?.name ?? '', name_ar: operator?.name_ar ?? null },
    };
  }

  #seatMap(layout: CoachLayout): SeatMap {
    let map = this.#seatMaps.get(layout);
    if (!map) {
      map = {
        layout: layout.name,
        deck_label: layout.deck_label,
        rows: layout.rows,
        columns: layout.columns,
        seat_count: layout.seats.length,
        cells: layout.cells.map((c) => ({ row: c.row, column: c.column, kind: c.kind, seat: c.seat ?? null })),
      };
      this.#seatMaps.set(layout, map);
    }
    return map;
  }
}

export const money = (amount_minor: number) => ({ amount_minor, currency: CURRENCY });

/** JSON.stringify(live) without its braces, written out: a search writes one per departure. */
function liveJson(live: LiveOfferFields): string {
  const price = live.net_price;
  return `"id":${JSON.stringify(live.id)},"seat_class":${JSON.stringify(live.seat_class)},"seats_available":${JSON.stringify(live.seats_available)},"net_price":{"amount_minor":${price.amount_minor},"currency":${JSON.stringify(price.currency)}},"expires_at":${JSON.stringify(live.expires_at)}`;
}
