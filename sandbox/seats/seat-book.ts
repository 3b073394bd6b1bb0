import type Database from 'better-sqlite3';
import type { Environment } from '../../contract/partner/index.ts';
import { cairoInstant } from '../../core/cairo-time.ts';
import { departureByKey, initialOccupancy } from '../inventory/index.ts';
import type { Departure, Inventory } from '../inventory/types.ts';
import type { Db } from '../store/db.ts';
import { DepartureSeats } from './departure-seats.ts';
import { plannedSales } from './other-channels.ts';

const CACHE_LIMIT = 20_000;

interface HoldRow {
  id: string;
  seats_json: string;
  status: string;
  created_at: number;
  expires_at: number;
  ended_at: number | null;
}

/**
 * The seat state of every departure, per environment (sandbox and live never share seats).
 * Built from SQLite on first use and kept in memory; the hold and booking services update both.
 */
export class SeatBook {
  readonly #inventory: Inventory;
  /** Per environment, by departure key (no key string made per look-up: a search looks at many). */
  readonly #cache = new Map<Environment, Map<string, DepartureSeats>>();
  #cached = 0;
  readonly #firstTouch: Database.Statement<[string], { first_touched_at: number }>;
  readonly #touch: Database.Statement<[string, number]>;
  readonly #holds: Database.Statement<[string, string], HoldRow>;
  readonly #bookedSeats: Database.Statement<[string, string], { seats_json: string }>;

  constructor(db: Db, inventory: Inventory) {
    this.#inventory = inventory;
    this.#firstTouch = db.prepare('SELECT first_touched_at FROM departures WHERE key = ?');
    this.#touch = db.prepare('INSERT OR IGNORE INTO departures (key, first_touched_at) VALUES (?, ?)');
    this.#holds = db.prepare(
      'SELECT id, seats_json, status, created_at, expires_at, ended_at FROM holds WHERE environment = ? AND departure_key = ?',
    );
    this.#bookedSeats = db.prepare(
      "SELECT seats_json FROM bookings WHERE environment = ? AND departure_key = ? AND status <> 'failed'",
    );
  }

  /** Seat state of a departure; the first look at a departure starts its other-channel sales. */
  of(environment: Environment, departure: Departure, now: number): DepartureSeats {
    let byKey = this.#cache.get(environment);
    let seats = byKey?.get(departure.key);
    if (!seats) {
      seats = this.#load(environment, departure, now);
      if (this.#cached >= CACHE_LIMIT) this.clear();
      byKey = this.#cache.get(environment);
      if (!byKey) this.#cache.set(environment, (byKey = new Map()));
      byKey.set(departure.key, seats);
      this.#cached++;
    }
    return seats;
  }

  /** Seat state by departure key; null when the key names no departure. */
  byKey(environment: Environment, departureKey: string, now: number): DepartureSeats | null {
    const departure = departureByKey(this.#inventory, departureKey);
    return departure && this.of(environment, departure, now);
  }

  clear(): void {
    this.#cache.clear();
    this.#cached = 0;
  }

  #load(environment: Environment, departure: Departure, now: number): DepartureSeats {
    const layout = this.#inventory.layoutById.get(departure.service.layout_id);
    if (!layout) throw new Error(`unknown layout ${departure.service.layout_id}`);
    this.#touch.run(departure.key, now);
    const firstTouchedAt = this.#firstTouch.get(departure.key)!.first_touched_at;
    const soldBefore = initialOccupancy(this.#inventory, departure.key, firstTouchedAt);
    const free = layout.seats.map((s) => s.number).filter((n) => !soldBefore.has(n));
    const departsAt = cairoInstant(departure.date, departure.service.departs_local);
    const sales = plannedSales(this.#inventory.seed, departure.key, free, firstTouchedAt, departsAt);
    const seats = new DepartureSeats(departure, layout, soldBefore, sales);
    for (const hold of this.#holds.all(environment, departure.key)) {
      seats.addHold({
        holdId: hold.id,
        seats: JSON.parse(hold.seats_json) as string[],
        from: hold.created_at,
        until: hold.ended_at ?? hold.expires_at,
        active: hold.status === 'held',
      });
    }
    for (const booking of this.#bookedSeats.all(environment, departure.key)) {
      seats.book(JSON.parse(booking.seats_json) as string[]);
    }
    return seats;
  }
}
