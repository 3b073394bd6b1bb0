import { setTimeout as sleep } from 'node:timers/promises';
import type { Booking, BookingRequest } from '../../contract/partner/index.ts';
import type { Accounts } from '../auth/accounts.ts';
import type { SimClock } from '../clock.ts';
import type { ConfigStore } from '../config.ts';
import type { EventOwner, Outbox } from '../events/outbox.ts';
import { heldSeats, holdStatusAt, type HoldRow } from '../holds/holds.ts';
import type { HoldService } from '../holds/hold-service.ts';
import type { PageRequest, Page } from '../http/pagination.ts';
import { ApiProblem, invalidField, notFound } from '../http/problem.ts';
import { bookingReference, reference } from '../ids.ts';
import type { Inventory } from '../inventory/types.ts';
import { CURRENCY, type OfferService, type QuotedDeparture } from '../offers/offers.ts';
import type { OfferSeal } from '../offers/seal.ts';
import { selectSeats, type Selection } from '../seats/selection.ts';
import type { Db } from '../store/db.ts';
import { TicketVersions } from '../tickets/versions.ts';
import type { Ledger } from '../wallet/ledger.ts';
import { BookingStore, type BookingFilter } from './booking-store.ts';
import { presentBooking, type BookingRecord } from './record.ts';
import { triggerOf, type Trigger } from './triggers.ts';

/** A pending (TEST PENDING) booking is confirmed this long after it was made. */
export const PENDING_CONFIRMS_AFTER_MS = 30_000;

/** Everything decided before money moves. */
interface Plan {
  quote: QuotedDeparture;
  hold: HoldRow | null;
  selection: Selection;
  perSeatMinor: number;
  totalMinor: number;
}

export interface BookingDeps {
  db: Db;
  clock: SimClock;
  config: ConfigStore;
  inventory: Inventory;
  accounts: Accounts;
  seal: OfferSeal;
  offers: OfferService;
  holds: HoldService;
  ledger: Ledger;
  outbox: Outbox;
  baseUrl: () => string;
}

/**
 * POST/GET /bookings. A booking charges the wallet and confirms its seats in one transaction;
 * a failure after the charge is credited back in that same transaction, before the answer.
 */
export class BookingService {
  readonly store: BookingStore;
  readonly versions: TicketVersions;
  readonly #deps: BookingDeps;
  readonly #commit: (owner: EventOwner, plan: Plan, request: BookingRequest, trigger: Trigger | null) => { record: BookingRecord; booking: Booking };

  constructor(deps: BookingDeps) {
    this.#deps = deps;
    this.store = new BookingStore(deps.db);
    this.versions = new TicketVersions({ db: deps.db, inventory: deps.inventory, clock: deps.clock, outbox: deps.outbox, store: this.store, baseUrl: deps.baseUrl });
    this.#commit = deps.db.transaction(this.#write.bind(this));
  }

  /** Creates a booking; throws an ApiProblem for every refusal (a failed booking included). */
  async create(owner: EventOwner, request: BookingRequest): Promise<Booking> {
    // The operator's round trip. It comes first so that every check below sees the state at the
    // moment of the charge (another request may have taken the seats or the balance meanwhile).
    await sleep(this.#deps.config.current.operator_latency_ms);
    const plan = this.#plan(owner, request);
    const trigger = owner.environment === 'SANDBOX' ? triggerOf(request.passengers) : null;
    if (trigger === 'TIMEOUT') {
      throw new ApiProblem('service_unavailable', 'The operator did not answer in time; nothing was charged. Retry with the same Idempotency-Key.');
    }
    const { record, booking } = this.#commit(owner, plan, request, trigger);
    this.#afterCommit(owner, plan, record);
    if (record.failure) {
      throw new ApiProblem(record.failure.code === 'provider_rejected' ? 'provider_rejected' : 'seats_unavailable', record.failure.detail, {
        extra: { booking_reference: record.id },
      });
    }
    return booking;
  }

  get(owner: EventOwner, id: string): Booking {
    return this.present(this.record(owner, id));
  }

  /** The record of a booking of this account, as of now (due confirmation, current ticket version). */
  record(owner: EventOwner, id: string): BookingRecord {
    this.confirmDue();
    const record = this.store.get(owner, id);
    if (!record) throw notFound(`Booking ${id}`);
    return this.versions.refresh(record);
  }

  /** A booking of any account or environment, as of now (the control API); undefined when unknown. */
  recordAny(id: string): BookingRecord | undefined {
    this.confirmDue();
    const record = this.store.getAny(id);
    return record && this.versions.refresh(record);
  }

  list(owner: EventOwner, filter: BookingFilter, page: PageRequest): Page<Booking> {
    this.confirmDue();
    const records = this.store.list(owner, filter, page);
    return { items: records.items.map((r) => this.present(this.versions.refresh(r))), meta: records.meta };
  }

  present(record: BookingRecord): Booking {
    return presentBooking(record, this.#deps.inventory, this.#deps.baseUrl());
  }

  /** Confirms pending bookings whose operator confirmation is due (lazily on read, on clock moves and on a timer). */
  confirmDue(): void {
    const now = this.#deps.clock.now();
    const due = this.store.due(now);
    if (due.length === 0) return;
    this.#deps.db.transaction(() => {
      for (const record of due) {
        this.#confirm(record, record.confirmDueAt ?? now);
        this.store.update(record);
        this.#deps.outbox.emit(record, 'booking.confirmed', { booking: this.present(record) });
      }
    })();
  }

  #plan(owner: EventOwner, request: BookingRequest): Plan {
    const now = this.#deps.clock.now();
    const { quote, hold } = this.#source(owner, request.offer_id, now);
    if (hold && request.passengers.length !== heldSeats(hold).length) {
      throw invalidField('passengers', `hold ${hold.id} keeps ${heldSeats(hold).length} seat(s); send one passenger per seat`);
    }
    const seats = quote.seats;
    const selection = selectSeats({
      classes: quote.classes.map((c) => c.name),
      seatSelection: quote.seatSelection,
      slots: request.passengers.map((p, i) => (p.seat === undefined ? null : { seat: p.seat, field: `passengers[${i}].seat` })),
      requestedClass: request.fare_class === undefined ? undefined : { name: request.fare_class, field: 'fare_class' },
      hold: hold ? { id: hold.id, fareClass: hold.fare_class, seats: heldSeats(hold) } : undefined,
      seatOf: (number) => {
        const seat = seats.seat(number);
        return seat && { number: seat.number, fareClass: seat.fare_class };
      },
      free: seats.freeSeats(now).map((s) => ({ number: s.number, fareClass: s.fare_class })),
    });
    const perSeatMinor = hold ? hold.per_seat_minor : quote.classes.find((c) => c.name === selection.fareClass)!.priceMinor;
    const totalMinor = hold ? hold.total_minor : perSeatMinor * request.passengers.length;
    const wallet = this.#deps.ledger.walletOf(owner);
    if (!wallet || !this.#deps.ledger.canAfford(wallet, totalMinor)) {
      throw new ApiProblem('insufficient_funds', `The wallet balance does not cover ${totalMinor} piastres; nothing was booked or charged.`);
    }
    return { quote, hold, selection, perSeatMinor, totalMinor };
  }

  /** The departure and prices behind `offer_id`: an offer (`off_`) or an active hold (`PH-`). */
  #source(owner: EventOwner, offerId: string, now: number): { quote: QuotedDeparture; hold: HoldRow | null } {
    if (!offerId.startsWith('PH-')) return { quote: this.#deps.offers.open(owner, offerId, now), hold: null };
    const hold = this.#deps.holds.store.get(owner, offerId);
    const status = hold && holdStatusAt(hold, now);
    if (!hold || status === 'consumed' || status === 'released') throw notFound(`Active hold ${offerId}`);
    if (status === 'expired') throw new ApiProblem('offer_expired', `Hold ${offerId} has expired; search again.`);
    // The hold carries its offer's price snapshot, even after that offer's hour is over.
    const claim = this.#deps.seal.open(hold.offer_id);
    const quote = claim && this.#deps.offers.quote(owner.environment, hold.departure_key, claim.classPrices, now);
    if (!quote) throw notFound(`Active hold ${offerId}`);
    return { quote, hold };
  }

  #write(owner: EventOwner, plan: Plan, request: BookingRequest, trigger: Trigger | null): { record: BookingRecord; booking: Booking } {
    const { ledger, outbox } = this.#deps;
    const now = this.#deps.clock.now();
    const record = this.#newRecord(owner, plan, request, now);
    ledger.post(owner, { type: 'DEBIT', amountMinor: -plan.totalMinor, bookingRef: record.id, reason: `Booking ${record.id}` });
    const failure = failureOf(trigger);
    if (failure) {
      ledger.post(owner, { type: 'REVERSAL', amountMinor: plan.totalMinor, bookingRef: record.id, reason: `Credited back: ${failure.code}` });
      record.status = 'failed';
      record.failure = failure;
      record.chargedMinor = 0;
    } else if (trigger === 'PENDING') {
      record.status = 'pending';
      record.confirmDueAt = now + PENDING_CONFIRMS_AFTER_MS;
    } else {
      this.#confirm(record, now);
    }
    this.store.insert(record);
    if (plan.hold && !failure) this.#deps.holds.consume(owner, plan.hold, record.id, now);
    const booking = this.present(record);
    if (record.status !== 'pending') outbox.emit(owner, failure ? 'booking.failed' : 'booking.confirmed', { booking });
    return { record, booking };
  }

  #afterCommit(owner: EventOwner, plan: Plan, record: BookingRecord): void {
    if (record.status !== 'failed') plan.quote.seats.book(record.passengers.map((p) => p.allocatedSeat));
    const balanceBefore = (this.#deps.ledger.walletOf(owner)?.balance_minor ?? 0) + record.chargedMinor;
    this.#deps.ledger.notifyIfLow(owner, balanceBefore);
  }

  #newRecord(owner: EventOwner, plan: Plan, request: BookingRequest, now: number): BookingRecord {
    const { departure, seatSelection } = plan.quote;
    const service = departure.service;
    const inv = this.#deps.inventory;
    const stop = (cityId: string, stationId: string | null) => {
      const station = stationId === null ? undefined : inv.stationById.get(stationId);
      return { cityId, name: inv.cityById.get(cityId)?.name ?? '', stationId, station: station?.name ?? null, stationAr: station?.name_ar ?? null };
    };
    const operator = inv.operatorById.get(service.operator_id);
    const sandbox = owner.environment === 'SANDBOX';
    return {
      id: bookingReference(),
      accountId: owner.accountId,
      environment: owner.environment,
      partnerName: this.#deps.accounts.accountName(owner.accountId),
      status: 'confirmed',
      departureKey: departure.key,
      holdId: plan.hold?.id ?? null,
      journey: {
        serviceId: service.id,
        travelDate: departure.date,
        departureAt: departure.departure_at,
        arrivalAt: departure.arrival_at,
        durationMinutes: service.duration_minutes,
        origin: stop(service.origin_city_id, service.origin_station_id),
        destination: stop(service.destination_city_id, service.destination_station_id),
        operator: {
          id: service.operator_id,
          name: operator?.name ?? '',
          name_ar: operator?.name_ar ?? null,
          logo_url: operator?.logo_url ?? null,
        },
      },
      seatSelection,
      seatClass: plan.selection.fareClass,
      passengers: request.passengers.map((p, i) => ({
        full_name: p.full_name,
        seat: seatSelection ? plan.selection.seats[i]! : null,
        phone: p.phone ?? null,
        email: p.email ?? null,
        allocatedSeat: plan.selection.seats[i]!,
        ticketNumber: reference(sandbox ? 'SBX-T' : 'T', 10),
      })),
      contact: { name: request.contact.name, email: request.contact.email ?? null, phone: request.contact.phone ?? null },
      perSeatMinor: plan.perSeatMinor,
      totalMinor: plan.totalMinor,
      chargedMinor: plan.totalMinor,
      currency: CURRENCY,
      operatorReference: '',
      eTickets: [],
      failure: null,
      ticket: null,
      createdAt: now,
      confirmedAt: null,
      confirmDueAt: null,
    };
  }

  /** The operator confirmed: its booking number, e-tickets (where it issues them) and tickets. */
  #confirm(record: BookingRecord, at: number): void {
    const prefix = record.environment === 'SANDBOX' ? 'SBX-' : '';
    record.status = 'confirmed';
    record.confirmedAt = at;
    record.confirmDueAt = null;
    record.operatorReference = reference(prefix, 8);
    // Operators that assign seats at boarding issue no e-tickets.
    record.eTickets = record.seatSelection
      ? record.passengers.map((p, i) => {
          const code = reference(prefix, 12);
          return { passenger_index: i, seat: p.allocatedSeat, ticket_code: code, qr: `${code}|${record.operatorReference}|${record.id}|${i}` };
        })
      : [];
    this.versions.issue(record, at);
  }
}

function failureOf(trigger: Trigger | null): BookingRecord['failure'] {
  if (trigger === 'CLASH') {
    return { code: 'seats_unavailable', detail: 'The operator sold the seat to another customer before confirming; the wallet was credited back.' };
  }
  if (trigger === 'FAIL') {
    return { code: 'provider_rejected', detail: 'The operator refused the booking; the wallet was credited back.' };
  }
  return null;
}
