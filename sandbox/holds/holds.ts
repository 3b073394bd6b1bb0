import type Database from 'better-sqlite3';
import { HOLD_DURATION_MS } from '../../core/hold.ts';
import type { Hold, HoldStatus } from '../../contract/partner/index.ts';
import { iso } from '../clock.ts';
import type { EventOwner } from '../events/outbox.ts';
import { cursorBound, toPage, type Page, type PageRequest } from '../http/pagination.ts';
import { holdReference } from '../ids.ts';
import type { Db } from '../store/db.ts';

/** A hold as stored. `status` is never 'expired' in the table: expiry is read off `expires_at`. */
export interface HoldRow {
  seq: number;
  id: string;
  account_id: string;
  environment: string;
  offer_id: string;
  departure_key: string;
  fare_class: string;
  seats_json: string;
  seats_requested_json: string;
  per_seat_minor: number;
  total_minor: number;
  currency: string;
  status: 'held' | 'consumed' | 'released';
  created_at: number;
  expires_at: number;
  ended_at: number | null;
  booking_ref: string | null;
}

export interface NewHold {
  offerId: string;
  departureKey: string;
  fareClass: string;
  /** Every seat kept, named or assigned. */
  seats: string[];
  seatsRequested: string[];
  perSeatMinor: number;
  currency: string;
}

export function holdStatusAt(row: HoldRow, now: number): HoldStatus {
  return row.status === 'held' && row.expires_at <= now ? 'expired' : row.status;
}

export const heldSeats = (row: HoldRow): string[] => JSON.parse(row.seats_json) as string[];

/** Hold records of one database; seat bookkeeping is the caller's (see HoldService). */
export class HoldStore {
  readonly #insert: Database.Statement<Omit<HoldRow, 'seq' | 'ended_at' | 'booking_ref'>>;
  readonly #get: Database.Statement<[string, string, string], HoldRow>;
  readonly #end: Database.Statement<[HoldRow['status'], number, string | null, string]>;
  readonly #list: Database.Statement<{ account: string; env: string; status: string | null; now: number; before: number; limit: number }, HoldRow>;

  constructor(db: Db) {
    this.#insert = db.prepare(
      `INSERT INTO holds (id, account_id, environment, offer_id, departure_key, fare_class, seats_json, seats_requested_json,
         per_seat_minor, total_minor, currency, status, created_at, expires_at)
       VALUES (@id, @account_id, @environment, @offer_id, @departure_key, @fare_class, @seats_json, @seats_requested_json,
         @per_seat_minor, @total_minor, @currency, @status, @created_at, @expires_at)`,
    );
    this.#get = db.prepare('SELECT * FROM holds WHERE id = ? AND account_id = ? AND environment = ?');
    this.#end = db.prepare('UPDATE holds SET status = ?, ended_at = ?, booking_ref = ? WHERE id = ?');
    this.#list = db.prepare(
      `SELECT * FROM holds WHERE account_id = @account AND environment = @env AND seq < @before
         AND (@status IS NULL
           OR (@status = 'held' AND status = 'held' AND expires_at > @now)
           OR (@status = 'expired' AND status = 'held' AND expires_at <= @now)
           OR (@status IN ('consumed', 'released') AND status = @status))
       ORDER BY seq DESC LIMIT @limit`,
    );
  }

  insert(owner: EventOwner, hold: NewHold, now: number): HoldRow {
    const row: Omit<HoldRow, 'seq' | 'ended_at' | 'booking_ref'> = {
      id: holdReference(),
      account_id: owner.accountId,
      environment: owner.environment,
      offer_id: hold.offerId,
      departure_key: hold.departureKey,
      fare_class: hold.fareClass,
      seats_json: JSON.stringify(hold.seats),
      seats_requested_json: JSON.stringify(hold.seatsRequested),
      per_seat_minor: hold.perSeatMinor,
      total_minor: hold.perSeatMinor * hold.seats.length,
      currency: hold.currency,
      status: 'held',
      created_at: now,
      expires_at: now + HOLD_DURATION_MS,
    };
    const info = this.#insert.run(row);
    return { ...row, seq: Number(info.lastInsertRowid), ended_at: null, booking_ref: null };
  }

  /** The hold if it belongs to this account in this environment. */
  get(owner: EventOwner, id: string): HoldRow | undefined {
    return this.#get.get(id, owner.accountId, owner.environment);
  }

  end(id: string, status: 'consumed' | 'released', at: number, bookingRef: string | null = null): void {
    this.#end.run(status, at, bookingRef, id);
  }

  list(owner: EventOwner, status: HoldStatus | undefined, now: number, page: PageRequest): Page<HoldRow> {
    const rows = this.#list.all({
      account: owner.accountId,
      env: owner.environment,
      status: status ?? null,
      now,
      before: cursorBound(page),
      limit: page.limit + 1,
    });
    return toPage(rows, page, (row) => row);
  }
}

export function presentHold(row: HoldRow, now: number): Hold {
  return {
    id: row.id,
    offer_id: row.offer_id,
    seats: (JSON.parse(row.seats_json) as string[]).length,
    seats_requested: JSON.parse(row.seats_requested_json) as string[],
    fare_class: row.fare_class,
    total: { amount_minor: row.total_minor, currency: row.currency },
    expires_at: iso(row.expires_at),
    status: holdStatusAt(row, now),
  };
}
