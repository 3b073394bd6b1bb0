import type { Booking } from '../../contract/partner/index.ts';
import type { SimClock } from '../clock.ts';
import type { Outbox } from '../events/outbox.ts';
import { ApiProblem, invalidField, notFound } from '../http/problem.ts';
import { cairoDate, toCairoIso } from '../../core/cairo-time.ts';
import { CANCELLED_NOTICE, CANCELLED_NOTICE_AR, rescheduledNotice } from '../tickets/document.ts';
import type { BookingService } from './booking-service.ts';
import type { BookingRecord } from './record.ts';

/** How far ahead a departure may be moved. */
const MAX_AHEAD_MS = 2 * 366 * 86_400_000;

/**
 * What an operator does to a confirmed booking's departure after the sale (control API):
 * moves it (reschedule) or cancels it (cancel-trip). Each changes what the booking and its
 * tickets show, issues a new ticket version and fires `trip.*` then `booking.ticket_updated`.
 */
export class Disruptions {
  readonly #bookings: BookingService;
  readonly #outbox: Outbox;
  readonly #clock: SimClock;

  constructor(deps: { bookings: BookingService; outbox: Outbox; clock: SimClock }) {
    this.#bookings = deps.bookings;
    this.#outbox = deps.outbox;
    this.#clock = deps.clock;
  }

  /** Moves the departure to `departureAt` (any ISO offset; kept in Cairo local time with its offset). */
  reschedule(reference: string, departureAt: string): Booking {
    const record = this.#confirmed(reference);
    const instant = Date.parse(departureAt);
    const now = this.#clock.now();
    if (instant <= now) throw invalidField('departure_at', 'must be in the future (simulated clock)');
    if (instant > now + MAX_AHEAD_MS) throw invalidField('departure_at', 'must be within two years');
    const journey = record.journey;
    const next = toCairoIso(instant);
    if (next === journey.departureAt) return this.#bookings.present(record); // nothing moved
    const previous = { departure_at: journey.departureAt, arrival_at: journey.arrivalAt, travel_date: journey.travelDate };
    const shift = instant - Date.parse(journey.departureAt);
    journey.departureAt = next;
    journey.arrivalAt = journey.arrivalAt === null ? null : toCairoIso(Date.parse(journey.arrivalAt) + shift);
    journey.travelDate = cairoDate(instant);
    const ticket = record.ticket!;
    const notice = rescheduledNotice(next);
    ticket.originalDepartureAt ??= previous.departure_at;
    ticket.notice = notice.en;
    ticket.noticeAr = notice.ar;
    this.#bookings.versions.refresh(record, () =>
      this.#outbox.emit(record, 'trip.rescheduled', {
        booking_reference: record.id,
        environment: record.environment,
        previous_departure_at: previous.departure_at,
        previous_arrival_at: previous.arrival_at,
        departure_at: journey.departureAt,
        arrival_at: journey.arrivalAt,
        travel_date: journey.travelDate,
        notice: notice.en,
        booking: this.#bookings.present(record),
      }),
    );
    return this.#bookings.present(record);
  }

  /** The operator cancelled the departure: not valid for travel, with the do-not-travel notice. */
  cancelTrip(reference: string): Booking {
    const record = this.#confirmed(reference);
    const ticket = record.ticket!;
    ticket.cancelled = true;
    ticket.validForTravel = false;
    ticket.notice = CANCELLED_NOTICE;
    ticket.noticeAr = CANCELLED_NOTICE_AR;
    this.#bookings.versions.refresh(record, () =>
      this.#outbox.emit(record, 'trip.cancelled', {
        booking_reference: record.id,
        environment: record.environment,
        departure_at: record.journey.departureAt,
        reason: CANCELLED_NOTICE,
        booking: this.#bookings.present(record),
      }),
    );
    return this.#bookings.present(record);
  }

  #confirmed(reference: string): BookingRecord {
    const record = this.#bookings.recordAny(reference);
    if (!record) throw notFound(`Booking ${reference}`);
    if (record.status !== 'confirmed' || !record.ticket) {
      throw new ApiProblem('booking_not_confirmed', `Booking ${reference} is ${record.status}: only a confirmed booking's departure can be disrupted.`);
    }
    if (record.ticket.cancelled) {
      throw new ApiProblem('trip_cancelled', `The departure of booking ${reference} is already cancelled.`);
    }
    return record;
  }
}
