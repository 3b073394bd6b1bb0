// A booking's tickets as a PDF: the API's own tickets PDF (all travellers, or one) as it is, kept
// on disk per environment (./ticket-cache.ts), or an 80 mm thermal ticket rendered here from the
// booking for a counter with only a receipt printer. TRAINING and SANDBOX tickets carry the
// "not valid for travel" marking either way.
import { join } from 'node:path';
import type { PrintSettings } from '../../contract/counter.ts';
import type { Current, Log } from '../deps.ts';
import { AppFailure } from '../failure.ts';
import type { ReceiptData } from '../selling/receipt.ts';
import { mediaOf } from './layout.ts';
import { renderThermalTickets } from './thermal-ticket.ts';
import { TicketCache } from './ticket-cache.ts';

export interface TicketRequest {
  language: 'ar' | 'en';
  passengerIndex: number | undefined;
  format: PrintSettings['ticketFormat'];
}

export interface TicketDocumentDeps {
  /** The API client of the environment in force and its name (main/deps.ts `Current`). */
  current: Current<'client' | 'environment'>;
  dataDir: string;
  log: Log;
}

export type TicketDocument = (reference: string, t: TicketRequest) => Promise<{ pdf: Uint8Array; media?: string | undefined }>;

/**
 * Fetched (or rendered) before anything is spooled: a ticket that is not ready yet is an error
 * to retry, not a failed print.
 */
export function ticketDocument(deps: TicketDocumentDeps): TicketDocument {
  const caches = new Map<string, TicketCache>();
  const ticketCache = (environment: string) => {
    let cache = caches.get(environment);
    if (!cache) caches.set(environment, (cache = new TicketCache(join(deps.dataDir, 'ticket-cache', environment.toLowerCase()), deps.log)));
    return cache;
  };

  return async (reference, t) => {
    const { client, environment } = deps.current();
    if (t.format === 'thermal80') {
      const booking = await client.booking(reference);
      if (booking.status !== 'confirmed') throw new AppFailure('ticket_not_ready', `Booking ${reference} is ${booking.status}: no ticket yet`, { retryable: true });
      const one = t.passengerIndex === undefined ? booking : { ...booking, passengers: booking.passengers.filter((_, i) => i === t.passengerIndex) };
      const page = await renderThermalTickets(one, t.language, environment);
      return { pdf: page.pdf, media: mediaOf('80mm', page) };
    }
    const part = t.passengerIndex === undefined ? {} : { passengerIndex: t.passengerIndex };
    const { pdf } = await ticketCache(environment).pdf(`${reference}:${t.language}:${t.passengerIndex ?? 'all'}`, (etag) =>
      client.ticketsPdf(reference, { lang: t.language, ...part, ...(etag ? { etag } : {}) }),
    );
    if (pdf.length === 0) throw new AppFailure('bad_response', `No PDF in the answer for the tickets of ${reference}`);
    return { pdf };
  };
}

/** The booking whose tickets can be asked for, or why not. */
export function ticketsReference(sale: ReceiptData): string {
  if (sale.status === 'failed') {
    throw new AppFailure('booking_not_confirmed', `Sale ${sale.saleId} did not book: it has no tickets`);
  }
  if (sale.bookingReference === null || (sale.status !== 'confirmed' && sale.status !== 'pending')) {
    throw new AppFailure('ticket_not_ready', `Sale ${sale.saleId} has no confirmed booking yet: its tickets are not ready`, {
      retryable: true,
    });
  }
  return sale.bookingReference;
}
