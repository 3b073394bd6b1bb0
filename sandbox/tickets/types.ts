// What the ticket PDF needs, as a plain structure: the server maps its Booking into it.
// Nothing here knows about prices: a partner ticket never shows one.

export interface TicketPlace {
  /** City name in English. */
  name: string;
  name_ar: string | null;
  /** Boarding (or arrival) station; null when unknown. */
  station: string | null;
  station_ar: string | null;
  address: string | null;
  address_ar: string | null;
  /** Both null unless the position has been verified (never an area's centre). */
  latitude: number | null;
  longitude: number | null;
}

export interface TicketETicket {
  ticket_code: string;
  /** The value to encode in the QR code, exactly as the operator gave it. */
  qr: string;
}

export interface TicketPassenger {
  /** From 0, as in the API. */
  passenger_index: number;
  full_name: string;
  /** null: the operator assigns seats at boarding. */
  seat: string | null;
  ticket_number: string;
  /** null when the operator issues no e-ticket. */
  e_ticket: TicketETicket | null;
}

export interface TicketDocument {
  /** Partner booking reference, PB-... */
  booking_reference: string;
  /** The operator's own booking number (boarding.operator_reference). */
  operator_reference: string;
  operator: { name: string; name_ar: string | null };
  origin: TicketPlace;
  destination: TicketPlace;
  /** ISO 8601 with the local offset, e.g. 2026-07-01T23:30:00+03:00; its digits are printed as they are. */
  departure_at: string;
  /** Same form; null when no arrival time is published. */
  arrival_at: string | null;
  seat_class: string | null;
  /** One page each, in this order. */
  passengers: TicketPassenger[];
  /** Display name of the partner account that sold the ticket, e.g. "Shubbak Demo Station". */
  partner_name: string;
  environment: 'SANDBOX' | 'LIVE';
  valid_for_travel: boolean;
  /**
   * Operator notice printed prominently (e.g. the do-not-travel text of a cancelled
   * departure, or a rescheduling note); null when there is none.
   */
  notice: string | null;
  /** Arabic wording of the notice for the Arabic ticket; the English one is used when null/absent. */
  notice_ar?: string | null;
  /**
   * The operator cancelled the departure: the ticket is headed "Departure cancelled — do not
   * travel". When absent it is taken as `!valid_for_travel && notice !== null`; pass it
   * explicitly in SANDBOX (where valid_for_travel is always false), e.g. false for a
   * rescheduling note.
   */
  departure_cancelled?: boolean;
  /** Ticket version (changes whenever the ticket changes). */
  version: string;
}

export type TicketLanguage = 'en' | 'ar';
