import type { CounterEnvironment, SaleStatus, TicketLanguage } from '../../contract/counter.ts';
import type { Booking } from '../../contract/partner/resources.ts';
import { AppFailure } from '../failure.ts';
import type { OfferSummary } from '../journal/entries.ts';
import type { Journal } from '../journal/journal.ts';
import { printedCount } from '../journal/prints.ts';
import { SalesStore } from './store.ts';

/** Everything a receipt (and a ticket print) needs of one sale, from the journal alone. */
export interface ReceiptData {
  saleId: string;
  environment: CounterEnvironment;
  station: string;
  agent: { id: string; name: string };
  shiftId: string;
  businessDay: string;
  language: TicketLanguage;
  status: SaleStatus;
  bookingReference: string | null;
  journey: OfferSummary;
  passengers: { fullName: string; seat: string | null }[];
  booking: Booking | null;
  currency: string;
  netTotalMinor: number;
  retailPerSeatMinor: number;
  retailTotalMinor: number;
  cashTenderedMinor: number;
  changeMinor: number;
  cashRecorded: boolean;
  createdAt: string;
  confirmedAt: string | null;
  /** Receipts already printed for this sale: the next one is a COPY when > 0. */
  receiptsPrinted: number;
  ticketsPrinted: number;
}

export function receiptData(journal: Journal, saleId: string): ReceiptData {
  const row = new SalesStore(journal).get(saleId);
  if (!row) throw new AppFailure('not_found', `No sale ${saleId}`);
  const intent = journal.entry<'sale.intent'>(row.intent_seq).payload;
  const body = JSON.parse(intent.requestBody) as { passengers: { full_name: string; seat?: string }[] };
  const booking = row.booking ? (JSON.parse(row.booking) as Booking) : null;
  return {
    saleId,
    environment: intent.environment as CounterEnvironment,
    station: intent.station,
    agent: { id: intent.agentId, name: intent.agentName },
    shiftId: intent.shiftId,
    businessDay: intent.businessDay,
    language: intent.language,
    status: row.status,
    bookingReference: row.booking_ref,
    journey: intent.offer,
    passengers: booking
      ? booking.passengers.map((p) => ({ fullName: p.full_name, seat: p.seat }))
      : body.passengers.map((p) => ({ fullName: p.full_name, seat: p.seat ?? null })),
    booking,
    currency: intent.currency,
    netTotalMinor: intent.netTotalMinor,
    retailPerSeatMinor: intent.retailPerSeatMinor,
    retailTotalMinor: intent.retailTotalMinor,
    cashTenderedMinor: intent.cashTenderedMinor,
    changeMinor: intent.changeMinor,
    cashRecorded: row.cash_recorded === 1,
    createdAt: row.created_at,
    confirmedAt: booking?.confirmed_at ?? null,
    receiptsPrinted: printedCount(journal, saleId, 'receipt'),
    ticketsPrinted: printedCount(journal, saleId, 'tickets'),
  };
}
