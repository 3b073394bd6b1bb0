import type Database from 'better-sqlite3';
import type { BookingStatus } from '../../contract/partner/index.ts';
import type { EventOwner } from '../events/outbox.ts';
import { cursorBound, toPage, type Page, type PageRequest } from '../http/pagination.ts';
import type { Db } from '../store/db.ts';
import type { BookingRecord } from './record.ts';

export interface BookingFilter {
  status?: BookingStatus | undefined;
  travel_date?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

interface Row {
  seq: number;
  doc: string;
}

/** Booking records: the whole record as JSON plus the columns that are queried. */
export class BookingStore {
  readonly #insert: Database.Statement<Record<string, string | number | null>>;
  readonly #update: Database.Statement<Record<string, string | number | null>>;
  readonly #get: Database.Statement<[string, string, string], Row>;
  readonly #getAny: Database.Statement<[string], Row>;
  readonly #list: Database.Statement<Record<string, string | number | null>, Row>;
  readonly #due: Database.Statement<[number], Row>;

  constructor(db: Db) {
    this.#insert = db.prepare(
      `INSERT INTO bookings (id, account_id, environment, departure_key, status, travel_date, seats_json, created_at, confirm_due_at, doc)
       VALUES (@id, @account_id, @environment, @departure_key, @status, @travel_date, @seats_json, @created_at, @confirm_due_at, @doc)`,
    );
    this.#update = db.prepare(
      `UPDATE bookings SET status = @status, travel_date = @travel_date, seats_json = @seats_json,
         confirm_due_at = @confirm_due_at, doc = @doc WHERE id = @id`,
    );
    this.#get = db.prepare('SELECT seq, doc FROM bookings WHERE id = ? AND account_id = ? AND environment = ?');
    this.#getAny = db.prepare('SELECT seq, doc FROM bookings WHERE id = ?');
    this.#list = db.prepare(
      `SELECT seq, doc FROM bookings WHERE account_id = @account AND environment = @env AND seq < @before
         AND (@status IS NULL OR status = @status)
         AND (@travel_date IS NULL OR travel_date = @travel_date)
         AND (@from IS NULL OR travel_date >= @from)
         AND (@to IS NULL OR travel_date <= @to)
       ORDER BY seq DESC LIMIT @limit`,
    );
    this.#due = db.prepare("SELECT seq, doc FROM bookings WHERE status = 'pending' AND confirm_due_at <= ? ORDER BY seq");
  }

  insert(record: BookingRecord): void {
    this.#insert.run(columns(record));
  }

  update(record: BookingRecord): void {
    this.#update.run(columns(record));
  }

  get(owner: EventOwner, id: string): BookingRecord | undefined {
    const row = this.#get.get(id, owner.accountId, owner.environment);
    return row && parse(row);
  }

  /** A booking of any account or environment (the control API). */
  getAny(id: string): BookingRecord | undefined {
    const row = this.#getAny.get(id);
    return row && parse(row);
  }

  list(owner: EventOwner, filter: BookingFilter, page: PageRequest): Page<BookingRecord> {
    const rows = this.#list.all({
      account: owner.accountId,
      env: owner.environment,
      before: cursorBound(page),
      limit: page.limit + 1,
      status: filter.status ?? null,
      travel_date: filter.travel_date ?? null,
      from: filter.from ?? null,
      to: filter.to ?? null,
    });
    return toPage(rows, page, parse);
  }

  /** Pending bookings (of every account) whose confirmation is due at `now`. */
  due(now: number): BookingRecord[] {
    return this.#due.all(now).map(parse);
  }
}

const parse = (row: Row): BookingRecord => JSON.parse(row.doc) as BookingRecord;

function columns(record: BookingRecord): Record<string, string | number | null> {
  return {
    id: record.id,
    account_id: record.accountId,
    environment: record.environment,
    departure_key: record.departureKey,
    status: record.status,
    travel_date: record.journey.travelDate,
    // A failed booking keeps no seat.
    seats_json: JSON.stringify(record.status === 'failed' ? [] : record.passengers.map((p) => p.allocatedSeat)),
    created_at: record.createdAt,
    confirm_due_at: record.confirmDueAt,
    doc: JSON.stringify(record),
  };
}
