import type { CoachLayout, Departure, LayoutSeat } from '../inventory/types.ts';
import type { PlannedSale } from './other-channels.ts';

/** Seats kept by one hold during [from, until); `active` until released, consumed or expired. */
export interface HoldClaim {
  holdId: string;
  seats: readonly string[];
  from: number;
  until: number;
  active: boolean;
}

interface Snapshot {
  version: number;
  from: number;
  until: number;
  taken: ReadonlySet<string>;
  free: readonly LayoutSeat[];
  freeByClass: ReadonlyMap<string, number>;
}

/**
 * Who has which seat of one dated departure in one environment: other channels (sold before
 * the first look, and planned sales since), holds (with their history, which shields seats from
 * other-channel sales while held) and bookings.
 */
export class DepartureSeats {
  readonly departure: Departure;
  readonly layout: CoachLayout;
  readonly #seatByNumber: Map<string, LayoutSeat>;
  readonly #soldBeforeFirstLook: ReadonlySet<string>;
  readonly #sales: readonly PlannedSale[];
  readonly #booked = new Set<string>();
  readonly #holds = new Map<string, HoldClaim>();
  /** Bumped by every change; a snapshot is valid for one version and a span of time. */
  #version = 0;
  #snapshot: Snapshot | null = null;

  constructor(departure: Departure, layout: CoachLayout, soldBeforeFirstLook: ReadonlySet<string>, sales: readonly PlannedSale[]) {
    this.departure = departure;
    this.layout = layout;
    this.#seatByNumber = new Map(layout.seats.map((s) => [s.number, s]));
    this.#soldBeforeFirstLook = soldBeforeFirstLook;
    this.#sales = sales;
  }

  seat(number: string): LayoutSeat | undefined {
    return this.#seatByNumber.get(number);
  }

  /** The active hold keeping `seat` at `now`, if any. */
  holdOf(seat: string, now: number): string | null {
    for (const claim of this.#holds.values()) {
      if (claim.active && claim.from <= now && now < claim.until && claim.seats.includes(seat)) return claim.holdId;
    }
    return null;
  }

  /** Free seats at `now`, in layout order (front of the coach first). */
  freeSeats(now: number): readonly LayoutSeat[] {
    return this.#at(now).free;
  }

  isFree(seat: string, now: number): boolean {
    return this.#seatByNumber.has(seat) && !this.#at(now).taken.has(seat);
  }

  /** Free seats per fare class at `now`. */
  freeCountByClass(now: number): ReadonlyMap<string, number> {
    return this.#at(now).freeByClass;
  }

  addHold(claim: HoldClaim): void {
    this.#holds.set(claim.holdId, { ...claim });
    this.#version++;
  }

  /** A hold stops keeping its seats (released or consumed) at `at`. */
  endHold(holdId: string, at: number): void {
    const claim = this.#holds.get(holdId);
    if (claim && claim.active) {
      claim.active = false;
      claim.until = Math.min(claim.until, at);
      this.#version++;
    }
  }

  book(seats: readonly string[]): void {
    for (const seat of seats) this.#booked.add(seat);
    this.#version++;
  }

  /** Who has what at `now`; reused until something changes or the next sale or hold expiry. */
  #at(now: number): Snapshot {
    const cached = this.#snapshot;
    if (cached && cached.version === this.#version && cached.from <= now && now < cached.until) return cached;
    const taken = this.#takenAt(now);
    const free = this.layout.seats.filter((s) => !taken.has(s.number));
    const freeByClass = new Map<string, number>();
    for (const seat of free) freeByClass.set(seat.fare_class, (freeByClass.get(seat.fare_class) ?? 0) + 1);
    let until = Number.POSITIVE_INFINITY;
    for (const sale of this.#sales) {
      if (sale.at > now) {
        until = sale.at;
        break;
      }
    }
    for (const claim of this.#holds.values()) if (claim.active && claim.until > now) until = Math.min(until, claim.until);
    this.#snapshot = { version: this.#version, from: now, until, taken, free, freeByClass };
    return this.#snapshot;
  }

  #takenAt(now: number): Set<string> {
    const taken = new Set(this.#soldBeforeFirstLook);
    for (const seat of this.#booked) taken.add(seat);
    for (const claim of this.#holds.values()) {
      if (claim.active && claim.from <= now && now < claim.until) for (const seat of claim.seats) taken.add(seat);
    }
    for (const sale of this.#sales) {
      if (sale.at > now) break;
      if (!this.#booked.has(sale.seat) && !this.#shieldedByHold(sale.seat, sale.at)) taken.add(sale.seat);
    }
    return taken;
  }

  #shieldedByHold(seat: string, at: number): boolean {
    for (const claim of this.#holds.values()) {
      if (claim.from <= at && at < claim.until && claim.seats.includes(seat)) return true;
    }
    return false;
  }
}
