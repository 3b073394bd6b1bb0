import type { BookingHit, BookingView } from '../../contract/lookup.ts';
import type { Booking } from '../../contract/partner/resources.ts';
import { bookingKeys, isoDateOf, queryPrefixes } from '../../core/lookup-key.ts';
import { AppFailure } from '../failure.ts';
import type { OfferSummary } from '../journal/entries.ts';
import type { Journal } from '../journal/journal.ts';
import { findSaleIds, saleIdOfKeyAndReference } from '../journal/sale-lookup.ts';
import { saleRowOf, type SaleRow } from '../journal/queries/sales.ts';
import { shiftView } from '../journal/queries/shifts.ts';
import type { PartnerClient } from '../partner/client.ts';
import { receiptData } from '../selling/receipt.ts';

// Finding a booking after the sale: this counter's sales through the `sale_lookup` index (fast
// enough for every keystroke), and the account's bookings through GET /bookings for those this
// counter did not sell, matched on the same keys (core/lookup-key.ts).

/** How far back the account's bookings are read for a name, phone or operator reference (pages of 200). */
export const ACCOUNT_PAGES = 5;
const PAGE = 200;
const ACCOUNT_HITS = 20;

/** What the lookup asks of the Partner API. */
export type AccountBookings = Pick<PartnerClient, 'booking' | 'bookings'>;

interface RequestBody {
  passengers: { full_name: string; phone?: string }[];
  contact: { name: string; phone?: string };
}

function hitOfSale(row: SaleRow): BookingHit {
  const body = JSON.parse(row.request_body) as RequestBody;
  const offer = JSON.parse(row.summary) as Partial<OfferSummary>;
  return {
    source: 'journal',
    saleId: row.sale_id,
    bookingReference: row.booking_ref,
    status: row.status,
    names: body.passengers.map((p) => p.full_name),
    phone: body.contact.phone ?? null,
    origin: offer.originName ?? null,
    destination: offer.destinationName ?? null,
    departureAt: row.departure_at,
    travelDate: row.departure_at?.slice(0, 10) ?? null,
    seats: row.passengers,
  };
}

function hitOfBooking(b: Booking): BookingHit {
  return {
    source: 'account',
    saleId: null,
    bookingReference: b.id,
    status: b.status,
    names: b.passengers.map((p) => p.full_name),
    phone: b.contact.phone,
    origin: b.origin.name,
    destination: b.destination.name,
    departureAt: b.departure_at ?? b.origin.departs_at,
    travelDate: b.travel_date,
    seats: b.seats,
  };
}

/** The keys of a booking read from the API, as the journal keys a sale. */
export function keysOfBooking(b: Booking): string[] {
  return bookingKeys({
    bookingReference: b.id,
    operatorReference: b.boarding.operator_reference,
    names: [...b.passengers.map((p) => p.full_name), b.contact.name],
    phones: [...b.passengers.map((p) => p.phone), b.contact.phone],
    travelDate: b.travel_date,
  });
}

/** This counter's sales matching what the agent typed, most recent first. */
export function findInJournal(journal: Journal, query: string, limit = 20): BookingHit[] {
  return findSaleIds(journal, query, limit).map((id) => hitOfSale(saleRowOf(journal, id)!));
}

/** The sale this counter made for a booking reference, if it made one. */
export function saleOfBooking(journal: Journal, reference: string): string | null {
  const key = bookingKeys({ bookingReference: reference, operatorReference: null, names: [], phones: [], travelDate: null })[0]!;
  return saleIdOfKeyAndReference(journal, key, reference);
}

/**
 * The account's bookings matching the query that this counter did not sell: a whole booking
 * reference is read directly, a whole date with the `travel_date` filter, anything else over the
 * last ACCOUNT_PAGES pages of bookings.
 */
export async function findOnAccount(client: AccountBookings, journal: Journal, query: string): Promise<BookingHit[]> {
  const prefixes = queryPrefixes(query);
  if (prefixes.length === 0) return [];
  const notSoldHere = (b: Booking) => saleOfBooking(journal, b.id) === null;
  const q = query.trim();
  if (/^PB-[A-Za-z0-9-]{4,}$/i.test(q)) {
    const direct = await client.booking(q.toUpperCase()).catch((err: unknown) => {
      // The API says an unknown reference is `invalid_reference` (404): the start of a reference typed so far is not an error.
      if (err instanceof AppFailure && (err.error.code === 'not_found' || err.error.code === 'invalid_reference')) return null;
      throw err;
    });
    if (direct) return notSoldHere(direct) ? [hitOfBooking(direct)] : [];
  }
  const date = isoDateOf(q);
  const filter = date && date.length === 10 ? { travel_date: date } : {};
  const hits: BookingHit[] = [];
  let before: number | undefined;
  for (let page = 0; page < ACCOUNT_PAGES && hits.length < ACCOUNT_HITS; page++) {
    const res = await client.bookings({ ...filter, limit: PAGE, ...(before === undefined ? {} : { before }) });
    for (const b of res.data) {
      if (hits.length >= ACCOUNT_HITS) break;
      if (keysOfBooking(b).some((k) => prefixes.some((p) => k.startsWith(p))) && notSoldHere(b)) hits.push(hitOfBooking(b));
    }
    if (!res.meta.has_more || res.meta.next_before === null) break;
    before = res.meta.next_before;
  }
  return hits;
}

/** A booking with what this counter knows of it: the API's copy now (the journal's when unreachable), and the sale made here. */
export async function readBooking(client: AccountBookings, journal: Journal, a: { saleId?: string | undefined; bookingReference?: string | undefined }): Promise<BookingView> {
  const saleId = a.saleId ?? (a.bookingReference ? saleOfBooking(journal, a.bookingReference) : null);
  const sale = saleId ? receiptData(journal, saleId) : null;
  const reference = a.bookingReference ?? sale?.bookingReference ?? null;
  const fresh = reference
    ? await client.booking(reference).catch((err: unknown) => {
        // Offline, the journal's copy of a sale made here still shows it (marked stale).
        if (!sale?.booking || (err instanceof AppFailure && err.error.code === 'not_found')) throw err;
        return null;
      })
    : null;
  return {
    booking: fresh ?? sale?.booking ?? null,
    stale: fresh === null && reference !== null,
    sale: sale && {
      saleId: sale.saleId,
      status: sale.status,
      language: sale.language,
      currency: sale.currency,
      retailTotalMinor: sale.retailTotalMinor,
      cashTenderedMinor: sale.cashTenderedMinor,
      changeMinor: sale.changeMinor,
      cashRecorded: sale.cashRecorded,
      agentName: sale.agent.name,
      shiftId: sale.shiftId,
      ...shiftNamed(journal, sale.shiftId),
      businessDay: sale.businessDay,
      createdAt: sale.createdAt,
      ticketsPrinted: sale.ticketsPrinted,
      receiptsPrinted: sale.receiptsPrinted,
    },
  };
}

/** A sale's shift as staff name it: its Z-report number once closed, and when it opened. */
function shiftNamed(journal: Journal, shiftId: string): { zNumber: number | null; shiftOpenedAt: string | null } {
  const shift = shiftView(journal, shiftId);
  return { zNumber: shift?.zNumber ?? null, shiftOpenedAt: shift?.openedAt ?? null };
}
