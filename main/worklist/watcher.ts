// The trip changes worklist: the counter hears of a moved or cancelled departure it sold by
// asking the API, since a counter PC behind the station's router cannot receive webhooks. Each
// round reads a few upcoming bookings sold here (GET /bookings/{ref}), oldest-checked first, well
// inside the rate limits; a ticket whose version moved is a trip.changed entry (once per sale
// and version, so a restart or a second look adds nothing). Calling the traveller is an entry too.
import type { TripChange } from '../../contract/worklist.ts';
import type { Agent } from '../journal/agents.ts';
import type { Journal } from '../journal/journal.ts';
import type { PartnerClient } from '../partner/client.ts';
import { AppFailure } from '../failure.ts';
import { cairoDate } from '../../core/cairo-time.ts';
import { routeOf } from '../../core/route.ts';
import { tripChangeCalledAt, tripChangeRows, watchedSale, watchedSaleIds } from '../journal/trip-changes.ts';

/** Bookings read per round (20 a minute by default, one every 3 s: the API's default bucket is 300 a minute). */
const PER_ROUND = 20;
/** A departure is still watched this long after it left (a late change still reaches the traveller). */
const WATCH_AFTER_DEPARTURE_MS = 6 * 3_600_000;



export class TripWatcher {
  readonly #journal: Journal;
  readonly #client: PartnerClient;
  readonly #log: (message: string, err?: unknown) => void;
  /** Round robin: the sales checked longest ago go first (in memory: a restart starts over). */
  readonly #checkedAt = new Map<string, number>();
  /** The rest of the round the timer takes one at a time. */
  #queue: string[] = [];
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<number> | null = null;

  constructor(journal: Journal, client: PartnerClient, log: (message: string, err?: unknown) => void) {
    this.#journal = journal;
    this.#client = client;
    this.#log = log;
  }

  /**
   * PER_ROUND bookings every `everyMs`, one at a time, evenly: a burst of twenty answers a minute
   * (each read, parsed and compared; in TRAINING built by the sandbox on this very thread) held
   * up the sales being made at that moment.
   */
  start(everyMs: number): void {
    const lookAtOne = () => {
      if (this.#running) return; // a look under way: this one is skipped
      this.#look(1).catch((err: unknown) => this.#log('checking trips failed', err));
    };
    this.#timer = setInterval(lookAtOne, everyMs / PER_ROUND);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
  }

  /** One round now (PER_ROUND bookings, after the look under way if any): the number of new changes found. */
  async check(): Promise<number> {
    while (this.#running) await this.#running.catch(() => 0);
    this.#queue = [];
    return this.#look(PER_ROUND);
  }

  #look(bookings: number): Promise<number> {
    this.#running ??= this.#round(bookings).finally(() => (this.#running = null));
    return this.#running;
  }

  /** The next `n` sales due, taken from a round of PER_ROUND picked at once (the watched sales read once a round, not once a look). */
  #nextDue(n: number, now: Date): string[] {
    if (this.#queue.length === 0) {
      // The ids only (a day's sales and more, on the thread that sells), then the few due.
      const ids = watchedSaleIds(this.#journal, cairoDate(now.getTime() - WATCH_AFTER_DEPARTURE_MS));
      this.#forgetDeparted(ids);
      const checkedAt = (id: string) => this.#checkedAt.get(id) ?? 0;
      this.#queue = ids.sort((a, b) => checkedAt(a) - checkedAt(b)).slice(0, PER_ROUND);
    }
    return this.#queue.splice(0, n);
  }

  async #round(bookings: number): Promise<number> {
    const now = this.#journal.now();
    let found = 0;
    for (const id of this.#nextDue(bookings, now)) {
      const w = watchedSale(this.#journal, id);
      if (!w) continue;
      this.#checkedAt.set(w.sale_id, now.getTime());
      let booking;
      try {
        booking = await this.#client.booking(w.booking_ref);
      } catch (err) {
        this.#log(`checking booking ${w.booking_ref} failed`, err);
        continue;
      }
      const sold = w.booking ? (JSON.parse(w.booking) as { tickets: { version: string; valid_for_travel: boolean } | null; departure_at: string | null }) : null;
      const knownVersion = w.known_version ?? sold?.tickets?.version ?? null;
      const version = booking.tickets?.version ?? null;
      if (!version || version === knownVersion) continue;
      const oldDeparture = w.known_departure ?? sold?.departure_at ?? w.departure_at;
      const valid = booking.tickets?.valid_for_travel ?? true;
      const moved = booking.departure_at !== oldDeparture;
      // A ticket that was valid and no longer is: the trip is off. (TRAINING and SANDBOX tickets
      // are never valid for travel: there a cancellation shows as a change with its notice.)
      const kind = moved ? 'rescheduled' : sold?.tickets?.valid_for_travel && !valid ? 'cancelled' : 'changed';
      const notice = await this.#client
        .tickets(w.booking_ref)
        .then((t) => t.reason)
        .catch(() => null);
      this.#journal.transaction(() =>
        this.#journal.append('trip.changed', {
          saleId: w.sale_id,
          bookingReference: w.booking_ref,
          version,
          kind,
          oldDepartureAt: oldDeparture,
          newDepartureAt: booking.departure_at,
          validForTravel: valid,
          notice,
        }),
      );
      found++;
    }
    return found;
  }

  /** Round-robin times of trips no longer watched (departed) are dropped: the map holds the watched ones only. */
  #forgetDeparted(watched: readonly string[]): void {
    if (this.#checkedAt.size <= watched.length) return;
    const keep = new Set(watched);
    for (const id of this.#checkedAt.keys()) if (!keep.has(id)) this.#checkedAt.delete(id);
  }

  /** The worklist: travellers still to call first, then those called. */
  list(): TripChange[] {
    const rows = tripChangeRows(this.#journal, 200);
    return rows.map((r) => {
      const body = JSON.parse(r.request_body) as { passengers: { full_name: string; seat?: string }[]; contact: { name: string; phone?: string } };
      const summary = JSON.parse(r.summary) as { originName?: string; destinationName?: string; operatorName?: string };
      return {
        saleId: r.sale_id,
        version: r.version,
        bookingReference: r.booking_ref,
        kind: r.kind,
        oldDepartureAt: r.old_departure,
        newDepartureAt: r.new_departure,
        validForTravel: r.valid_for_travel === 1,
        notice: r.notice,
        seenAt: r.seen_at,
        travellers: body.passengers.map((p) => ({ name: p.full_name, seat: p.seat ?? null })),
        contact: { name: body.contact.name, phone: body.contact.phone ?? null },
        route: routeOf(summary),
        operatorName: summary.operatorName ?? null,
        calledBy: r.called_by,
        calledAt: r.called_at,
      };
    });
  }

  markCalled(saleId: string, version: string, by: Agent): TripChange[] {
    const calledAt = tripChangeCalledAt(this.#journal, saleId, version);
    if (calledAt === undefined) throw new AppFailure('not_found', `No trip change ${version} of sale ${saleId}`);
    if (calledAt === null) {
      this.#journal.transaction(() => this.#journal.append('trip.called', { saleId, version, by: { agentId: by.id, agentName: by.name } }));
    }
    return this.list();
  }
}
