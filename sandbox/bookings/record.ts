import type { Booking, BookingStatus, Environment } from '../../contract/partner/index.ts';
import { iso } from '../clock.ts';
import type { Inventory } from '../inventory/types.ts';

/**
 * A booking as stored: everything the API, a ticket and the events need, so a ticket can be
 * rendered from the record alone. Station positions are looked up again when it is read (a
 * boarding point verified later shows from then on).
 */
export interface BookingRecord {
  id: string;
  accountId: string;
  environment: Environment;
  /** Display name of the partner account: tickets say "booked through <partnerName>". */
  partnerName: string;
  status: BookingStatus;
  departureKey: string;
  holdId: string | null;
  journey: Journey;
  seatSelection: boolean;
  seatClass: string;
  passengers: PassengerRecord[];
  contact: { name: string; email: string | null; phone: string | null };
  perSeatMinor: number;
  totalMinor: number;
  chargedMinor: number;
  currency: string;
  operatorReference: string;
  eTickets: { passenger_index: number; seat: string; ticket_code: string; qr: string }[];
  failure: { code: string; detail: string } | null;
  ticket: TicketState | null;
  createdAt: number;
  confirmedAt: number | null;
  /** A pending booking is confirmed by the operator at this moment. */
  confirmDueAt: number | null;
}

export interface Journey {
  serviceId: string;
  travelDate: string;
  departureAt: string;
  arrivalAt: string | null;
  durationMinutes: number | null;
  origin: Stop;
  destination: Stop;
  operator: { id: string; name: string; name_ar: string | null; logo_url: string | null };
}

export interface Stop {
  cityId: string;
  name: string;
  stationId: string | null;
  station: string | null;
  stationAr: string | null;
}

export interface PassengerRecord {
  full_name: string;
  /** The seat shown: null when the operator assigns seats at boarding. */
  seat: string | null;
  phone: string | null;
  email: string | null;
  /** The coach seat actually kept (also for operators that assign at boarding). */
  allocatedSeat: string;
  ticketNumber: string;
}

export interface TicketState {
  /** "1", "2", …: a new one whenever anything printed on the ticket changes (tickets/versions.ts). */
  version: string;
  updatedAt: number;
  validForTravel: boolean;
  /** Operator notice printed on the ticket: the do-not-travel text, or the rescheduling note. */
  notice: string | null;
  /** The notice in Arabic, for the Arabic ticket. */
  noticeAr?: string | null;
  /** The operator cancelled the departure (cancel-trip). */
  cancelled?: boolean;
  /** The departure as first booked, once the operator moved it (reschedule). */
  originalDepartureAt?: string | null;
  /**
   * Fingerprint of everything printed but the version, when `version` was last issued. A read
   * that finds another fingerprint (a station verified later, a reschedule, a cancellation)
   * issues a new version and fires booking.ticket_updated. Absent on records made before it.
   */
  printed?: string;
}

export function ticketUrls(baseUrl: string, record: BookingRecord) {
  const base = `${baseUrl}/bookings/${record.id}/tickets`;
  return {
    list_url: base,
    pdf_url: `${base}.pdf`,
    passengers: record.passengers.map((_, i) => ({ passenger_index: i, pdf_url: `${base}/${i}.pdf` })),
  };
}

export function presentBooking(record: BookingRecord, inventory: Inventory, baseUrl: string): Booking {
  const { journey } = record;
  const place = (stop: Stop) => {
    const station = stop.stationId === null ? undefined : inventory.stationById.get(stop.stationId);
    return {
      name: stop.name,
      station: stop.station,
      station_ar: stop.stationAr,
      latitude: station?.latitude ?? null,
      longitude: station?.longitude ?? null,
      address: station?.address ?? null,
      address_ar: station?.address_ar ?? null,
    };
  };
  return {
    id: record.id,
    status: record.status,
    origin: { ...place(journey.origin), departs_at: journey.departureAt },
    destination: { ...place(journey.destination), arrives_at: journey.arrivalAt },
    duration_minutes: journey.durationMinutes,
    operator: journey.operator,
    travel_date: journey.travelDate,
    departure_at: journey.departureAt,
    arrival_at: journey.arrivalAt,
    seat_class: record.seatClass,
    boarding: { operator_reference: record.operatorReference, e_tickets: record.eTickets },
    seats: record.passengers.length,
    passengers: record.passengers.map((p) => ({ full_name: p.full_name, seat: p.seat, phone: p.phone, email: p.email })),
    price: { per_seat_minor: record.perSeatMinor, total_minor: record.totalMinor, currency: record.currency },
    total_charged: { amount_minor: record.chargedMinor, currency: record.currency },
    contact: record.contact,
    failure: record.failure,
    tickets: record.ticket && {
      version: record.ticket.version,
      updated_at: iso(record.ticket.updatedAt),
      valid_for_travel: record.ticket.validForTravel,
      ...ticketUrls(baseUrl, record),
    },
    created_at: iso(record.createdAt),
    confirmed_at: record.confirmedAt === null ? null : iso(record.confirmedAt),
  };
}
