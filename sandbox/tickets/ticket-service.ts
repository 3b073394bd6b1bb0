import { createHash } from 'node:crypto';
import type { TicketList } from '../../contract/partner/index.ts';
import type { BookingService } from '../bookings/booking-service.ts';
import { ticketUrls, type BookingRecord } from '../bookings/record.ts';
import type { SimClock } from '../clock.ts';
import { iso } from '../clock.ts';
import type { EventOwner } from '../events/outbox.ts';
import { ApiProblem, notFound } from '../http/problem.ts';
import type { Inventory } from '../inventory/types.ts';
import { CANCELLED_NOTICE, ticketDocument } from './document.ts';
import { PdfCache } from './pdf-cache.ts';
import { renderTicketsPdf } from './render.ts';
import type { TicketLanguage } from './types.ts';

/** Changed when the renderer draws the same ticket differently, so that cached copies (ETags) lapse. */
const RENDER_REVISION = 'r1';

export const TICKET_LANGUAGES: readonly TicketLanguage[] = ['en', 'ar'];

const SANDBOX_REASON = 'Sandbox booking: a test ticket, not valid for travel.';
const PENDING_REASON = 'The booking is still being confirmed by the operator; tickets are ready once it is confirmed.';

export type PdfAnswer =
  | { status: 304; etag: string }
  | { status: 200; etag: string; pdf: Buffer; filename: string; cache: 'hit' | 'miss'; renderMs: number };

/** GET /bookings/{reference}/tickets, tickets.pdf and tickets/{passenger_index}.pdf. */
export class TicketService {
  readonly #bookings: BookingService;
  readonly #inventory: Inventory;
  readonly #clock: SimClock;
  readonly #baseUrl: () => string;
  readonly cache: PdfCache;

  constructor(deps: { bookings: BookingService; inventory: Inventory; clock: SimClock; baseUrl: () => string; pdfCacheBytes?: number | undefined }) {
    this.cache = new PdfCache(deps.pdfCacheBytes === undefined ? {} : { maxBytes: deps.pdfCacheBytes });
    this.#bookings = deps.bookings;
    this.#inventory = deps.inventory;
    this.#clock = deps.clock;
    this.#baseUrl = deps.baseUrl;
  }

  /** The JSON ticket list: 200 also while pending (`ready: false`); 409 for a failed booking. */
  list(owner: EventOwner, reference: string): TicketList {
    const record = this.#bookings.record(owner, reference);
    if (record.status === 'failed') throw notConfirmed(record);
    const ticket = record.ticket;
    const urls = ticketUrls(this.#baseUrl(), record);
    return {
      booking_reference: record.id,
      status: record.status,
      ready: record.status === 'confirmed',
      valid_for_travel: ticket?.validForTravel ?? false,
      version: ticket?.version ?? '0',
      updated_at: iso(ticket?.updatedAt ?? record.createdAt),
      languages: [...TICKET_LANGUAGES],
      pdf_url: urls.pdf_url,
      passengers: record.passengers.map((p, i) => ({
        passenger_index: i,
        full_name: p.full_name,
        seat: p.seat,
        ticket_number: p.ticketNumber,
        pdf_url: urls.passengers[i]!.pdf_url,
      })),
      reason: reasonOf(record),
    };
  }

  /**
   * One PDF: every traveller (`passengerIndex` null) or one. 304 when `ifNoneMatch` names its
   * current ETag. The ETag is derived from the ticket version and what it prints, the language
   * and the passenger scope; rendered PDFs are cached under it.
   */
  async pdf(
    owner: EventOwner,
    reference: string,
    options: { lang: TicketLanguage; passengerIndex: string | null; ifNoneMatch: string | undefined },
  ): Promise<PdfAnswer> {
    const record = this.#bookings.record(owner, reference);
    if (record.status === 'failed') throw notConfirmed(record);
    if (record.status === 'pending' || !record.ticket) {
      const seconds = Math.max(1, Math.ceil(((record.confirmDueAt ?? this.#clock.now()) - this.#clock.now()) / 1000));
      throw new ApiProblem('ticket_not_ready', `Booking ${record.id} is still being confirmed; retry in ${seconds} s.`, {
        headers: { 'retry-after': String(seconds) },
      });
    }
    const index = options.passengerIndex === null ? null : passengerIndex(options.passengerIndex, record);
    const scope = index === null ? 'all' : `p${index}`;
    const { lang } = options;
    const ticket = record.ticket;
    const digest = createHash('sha256')
      .update(`${record.id}\n${ticket.version}\n${ticket.printed ?? ''}\n${lang}\n${scope}\n${RENDER_REVISION}`)
      .digest('base64url')
      .slice(0, 16);
    const etag = `"v${ticket.version}-${lang}-${scope}-${digest}"`;
    if (matches(options.ifNoneMatch, etag)) return { status: 304, etag };

    const started = performance.now();
    const { pdf, hit } = this.cache.get(`${record.id} ${etag}`, () => {
      const document = ticketDocument(record, this.#inventory);
      const passengers = index === null ? document.passengers : [document.passengers[index]!];
      return renderTicketsPdf({ ...document, passengers }, lang);
    });
    const buffer = await pdf;
    const filename = index === null ? `tickets-${record.id}-${lang}.pdf` : `ticket-${record.id}-${index}-${lang}.pdf`;
    return { status: 200, etag, pdf: buffer, filename, cache: hit ? 'hit' : 'miss', renderMs: performance.now() - started };
  }
}

function notConfirmed(record: BookingRecord): ApiProblem {
  return new ApiProblem('booking_not_confirmed', `Booking ${record.id} failed: it has no ticket (any debit was credited back).`);
}

/** A passenger index from 0, written as a plain integer, of a passenger of the booking. */
function passengerIndex(raw: string, record: BookingRecord): number {
  const index = /^(0|[1-9]\d{0,5})$/.test(raw) ? Number(raw) : -1;
  if (index < 0 || index >= record.passengers.length) {
    throw notFound(`Passenger ${raw} of booking ${record.id}`);
  }
  return index;
}

/** Why the tickets are not (yet) valid for travel; null when they are. */
function reasonOf(record: BookingRecord): string | null {
  if (record.status === 'pending') return PENDING_REASON;
  if (record.ticket?.cancelled) return record.ticket.notice ?? CANCELLED_NOTICE;
  if (record.environment === 'SANDBOX') return SANDBOX_REASON;
  return record.ticket?.validForTravel === false ? (record.ticket.notice ?? 'Not valid for travel.') : null;
}

/** If-None-Match (a list of entity tags, weak or strong, or `*`) against the current ETag. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}
