import { createHash } from 'node:crypto';
import type { BookingRecord, Stop } from '../bookings/record.ts';
import type { Inventory } from '../inventory/types.ts';
import { formatDate, parseLocal } from './format.ts';
import type { TicketDocument, TicketPlace } from './types.ts';

// A booking record as the ticket prints it. Station positions and Arabic names come from the
// inventory at the moment of reading, so a boarding point verified later is printed from then on.

/** The do-not-travel notice of a cancelled departure (ticket list `reason`, both PDFs). */
export const CANCELLED_NOTICE = 'The operator cancelled this departure. Do not travel.';
export const CANCELLED_NOTICE_AR = 'ألغت شركة النقل هذه الرحلة. لا تسافر.';

/** The note printed on a ticket whose departure the operator moved, naming the new time. */
export function rescheduledNotice(departureAt: string): { en: string; ar: string } {
  const local = parseLocal(departureAt);
  if (!local) return { en: 'The operator moved this departure.', ar: 'غيرت شركة النقل موعد هذه الرحلة.' };
  return {
    en: `The operator moved this departure. New departure: ${formatDate(local, 'en')} at ${local.time}.`,
    ar: `غيرت شركة النقل موعد هذه الرحلة. الموعد الجديد: ${formatDate(local, 'ar')} الساعة ${local.time}.`,
  };
}

function place(stop: Stop, inventory: Inventory): TicketPlace {
  const station = stop.stationId === null ? undefined : inventory.stationById.get(stop.stationId);
  return {
    name: stop.name,
    name_ar: inventory.cityById.get(stop.cityId)?.name_ar ?? null,
    station: stop.station,
    station_ar: stop.stationAr,
    address: station?.address ?? null,
    address_ar: station?.address_ar ?? null,
    latitude: station?.latitude ?? null,
    longitude: station?.longitude ?? null,
  };
}

/** The whole ticket of a confirmed booking (every passenger, in order). */
export function ticketDocument(record: BookingRecord, inventory: Inventory): TicketDocument {
  const ticket = record.ticket;
  if (!ticket) throw new Error(`booking ${record.id} has no ticket`);
  const { journey } = record;
  return {
    booking_reference: record.id,
    operator_reference: record.operatorReference,
    operator: { name: journey.operator.name, name_ar: journey.operator.name_ar },
    origin: place(journey.origin, inventory),
    destination: place(journey.destination, inventory),
    departure_at: journey.departureAt,
    arrival_at: journey.arrivalAt,
    seat_class: record.seatClass,
    passengers: record.passengers.map((p, i) => {
      const eTicket = record.eTickets.find((e) => e.passenger_index === i);
      return {
        passenger_index: i,
        full_name: p.full_name,
        seat: p.seat,
        ticket_number: p.ticketNumber,
        e_ticket: eTicket ? { ticket_code: eTicket.ticket_code, qr: eTicket.qr } : null,
      };
    }),
    partner_name: record.partnerName,
    environment: record.environment,
    valid_for_travel: ticket.validForTravel,
    notice: ticket.notice,
    notice_ar: ticket.noticeAr ?? null,
    departure_cancelled: ticket.cancelled === true,
    version: ticket.version,
  };
}

/** Fingerprint of everything a ticket prints except its version (which follows from it). */
export function printedFingerprint(record: BookingRecord, inventory: Inventory): string {
  const { version: _version, ...printed } = ticketDocument(record, inventory);
  return createHash('sha256').update(JSON.stringify(printed)).digest('base64url').slice(0, 22);
}
