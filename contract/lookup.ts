import type { SaleStatus, TicketLanguage } from './counter.ts';
import type { Booking, BookingStatus } from './partner/resources.ts';

// Finding a booking after the sale (issue 11): by booking or operator reference, a passenger's
// or the contact's name, a phone number or the travel date; over this counter's journal as the
// agent types, and over the account's bookings (GET /bookings) for what this counter did not sell.

/** One booking found. `saleId` is set for a sale made at this counter. */
export interface BookingHit {
  source: 'journal' | 'account';
  saleId: string | null;
  bookingReference: string | null;
  status: SaleStatus | BookingStatus;
  /** Passengers' names as written on the booking. */
  names: string[];
  phone: string | null;
  origin: string | null;
  destination: string | null;
  /** The departure as the API wrote it (wall-clock digits, never converted). */
  departureAt: string | null;
  travelDate: string | null;
  seats: number;
}

/** What this counter knows of a sale it made: the price it asked, the cash, who and when. */
export interface BookingSaleFacts {
  saleId: string;
  status: SaleStatus;
  language: TicketLanguage;
  currency: string;
  retailTotalMinor: number;
  cashTenderedMinor: number;
  changeMinor: number;
  cashRecorded: boolean;
  agentName: string;
  shiftId: string;
  /** The shift as staff name it: its Z-report number once closed (null while open), and when it opened. */
  zNumber: number | null;
  shiftOpenedAt: string | null;
  businessDay: string;
  createdAt: string;
  ticketsPrinted: number;
  receiptsPrinted: number;
}

export interface BookingView {
  /** The booking as the API has it now; the journal's copy when the API could not be reached (`stale`). */
  booking: Booking | null;
  stale: boolean;
  sale: BookingSaleFacts | null;
}
