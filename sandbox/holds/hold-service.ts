import { HOLD_DURATION_MS } from '../../core/hold.ts';
import type { Hold, HoldRequest, HoldStatus } from '../../contract/partner/index.ts';
import type { SimClock } from '../clock.ts';
import type { EventOwner } from '../events/outbox.ts';
import type { PageRequest, Page } from '../http/pagination.ts';
import { invalidField, notFound } from '../http/problem.ts';
import { CURRENCY, type OfferService } from '../offers/offers.ts';
import type { SeatBook } from '../seats/seat-book.ts';
import { selectSeats } from '../seats/selection.ts';
import type { Db } from '../store/db.ts';
import { HoldStore, holdStatusAt, presentHold, type HoldRow } from './holds.ts';

/** POST/GET/DELETE /holds: seats and price kept for 20 minutes, nothing charged. */
export class HoldService {
  readonly store: HoldStore;
  readonly #offers: OfferService;
  readonly #seats: SeatBook;
  readonly #clock: SimClock;

  constructor(db: Db, offers: OfferService, seats: SeatBook, clock: SimClock) {
    this.store = new HoldStore(db);
    this.#offers = offers;
    this.#seats = seats;
    this.#clock = clock;
  }

  create(owner: EventOwner, request: HoldRequest): Hold {
    const now = this.#clock.now();
    const named = request.seats_requested ?? [];
    const count = request.seats ?? (named.length > 0 ? named.length : 1);
    if (named.length > 0 && count !== named.length) {
      throw invalidField('seats', `must equal the number of seats_requested (${named.length})`);
    }
    const quote = this.#offers.open(owner, request.offer_id, now);
    const seats = quote.seats;
    const selection = selectSeats({
      classes: quote.classes.map((c) => c.name),
      seatSelection: quote.seatSelection,
      slots: Array.from({ length: count }, (_, i) => (named[i] === undefined ? null : { seat: named[i]!, field: `seats_requested[${i}]` })),
      requestedClass: request.fare_class === undefined ? undefined : { name: request.fare_class, field: 'fare_class' },
      seatOf: (number) => {
        const seat = seats.seat(number);
        return seat && { number: seat.number, fareClass: seat.fare_class };
      },
      free: seats.freeSeats(now).map((s) => ({ number: s.number, fareClass: s.fare_class })),
    });
    const price = quote.classes.find((c) => c.name === selection.fareClass)!.priceMinor;
    const row = this.store.insert(
      owner,
      {
        offerId: request.offer_id,
        departureKey: quote.departure.key,
        fareClass: selection.fareClass,
        seats: selection.seats,
        seatsRequested: named,
        perSeatMinor: price,
        currency: CURRENCY,
      },
      now,
    );
    seats.addHold({ holdId: row.id, seats: selection.seats, from: now, until: now + HOLD_DURATION_MS, active: true });
    return presentHold(row, now);
  }

  get(owner: EventOwner, id: string): Hold {
    const row = this.store.get(owner, id);
    if (!row) throw notFound(`Hold ${id}`);
    return presentHold(row, this.#clock.now());
  }

  list(owner: EventOwner, status: HoldStatus | undefined, page: PageRequest): Page<Hold> {
    const now = this.#clock.now();
    const rows = this.store.list(owner, status, now, page);
    return { items: rows.items.map((row) => presentHold(row, now)), meta: rows.meta };
  }

  /** DELETE: only an active hold can be released; its seats are free at once. */
  release(owner: EventOwner, id: string): { id: string; status: HoldStatus } {
    const now = this.#clock.now();
    const row = this.store.get(owner, id);
    if (!row || holdStatusAt(row, now) !== 'held') throw notFound(`Active hold ${id}`);
    this.store.end(row.id, 'released', now);
    this.#seats.byKey(owner.environment, row.departure_key, now)?.endHold(row.id, now);
    return { id: row.id, status: 'released' };
  }

  /** Marks a hold consumed by a booking (inside the booking's transaction). */
  consume(owner: EventOwner, row: HoldRow, bookingRef: string, now: number): void {
    this.store.end(row.id, 'consumed', now, bookingRef);
    this.#seats.byKey(owner.environment, row.departure_key, now)?.endHold(row.id, now);
  }
}
