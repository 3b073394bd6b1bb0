import type { BookingStore } from '../bookings/booking-store.ts';
import { ticketUrls, type BookingRecord } from '../bookings/record.ts';
import type { SimClock } from '../clock.ts';
import { iso } from '../clock.ts';
import type { Outbox } from '../events/outbox.ts';
import type { Inventory } from '../inventory/types.ts';
import type { Db } from '../store/db.ts';
import { printedFingerprint } from './document.ts';

export interface TicketVersionDeps {
  db: Db;
  inventory: Inventory;
  clock: SimClock;
  outbox: Outbox;
  store: BookingStore;
  baseUrl: () => string;
}

/**
 * The ticket `version`: "1" when the booking is confirmed, then one more each time anything
 * printed on the ticket changes. Whatever the cause (reschedule, cancellation, a boarding point
 * verified later, an Arabic name added to the inventory), the change is found the same way: the
 * fingerprint of the printed ticket differs from the one of the current version. Every read of a
 * booking or its tickets refreshes it, so no answer ever shows a stale version.
 */
export class TicketVersions {
  readonly #deps: TicketVersionDeps;

  constructor(deps: TicketVersionDeps) {
    this.#deps = deps;
  }

  /** The first ticket of a booking the operator has just confirmed (the caller stores it). */
  issue(record: BookingRecord, at: number): void {
    record.ticket = { version: '1', updatedAt: at, validForTravel: record.environment === 'LIVE', notice: null };
    record.ticket.printed = printedFingerprint(record, this.#deps.inventory);
  }

  /**
   * Issues a new version when what the ticket prints has changed since its current one: stores
   * the record and fires `booking.ticket_updated` (in one transaction). `announce` (emitting the
   * event of the cause) runs in that transaction, before it. Returns the record.
   */
  refresh(record: BookingRecord, announce?: () => void): BookingRecord {
    const ticket = record.ticket;
    if (!ticket || record.status !== 'confirmed') return record;
    const printed = printedFingerprint(record, this.#deps.inventory);
    if (ticket.printed === printed || ticket.printed === undefined) {
      // Unchanged; or a record from before fingerprints, whose current print is what its version stands for.
      if (ticket.printed === undefined || announce) {
        ticket.printed = printed;
        this.#deps.db.transaction(() => {
          this.#deps.store.update(record);
          announce?.();
        })();
      }
      return record;
    }
    const previous = ticket.version;
    ticket.version = nextVersion(previous);
    ticket.updatedAt = this.#deps.clock.now();
    ticket.printed = printed;
    this.#deps.db.transaction(() => {
      this.#deps.store.update(record);
      // The cause first (trip.*), then the ticket change, so receivers see them in that order.
      announce?.();
      this.#deps.outbox.emit(record, 'booking.ticket_updated', {
        booking_reference: record.id,
        environment: record.environment,
        version: ticket.version,
        previous_version: previous,
        updated_at: iso(ticket.updatedAt),
        valid_for_travel: ticket.validForTravel,
        tickets: ticketUrls(this.#deps.baseUrl(), record),
      });
    })();
    return record;
  }
}

function nextVersion(version: string): string {
  const n = Number.parseInt(version, 10);
  return String(Number.isSafeInteger(n) && n > 0 ? n + 1 : 2);
}
