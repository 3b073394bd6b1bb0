import type Database from 'better-sqlite3';
import type { Environment } from '../../contract/partner/index.ts';
import type { SimClock } from '../clock.ts';
import { iso } from '../clock.ts';
import { eventId } from '../ids.ts';
import type { Db } from '../store/db.ts';

export type EventType =
  | 'booking.confirmed'
  | 'booking.failed'
  | 'booking.ticket_updated'
  | 'wallet.low_balance'
  | 'wallet.topped_up'
  | 'trip.rescheduled'
  | 'trip.cancelled';

/** Whose event it is: events go to the endpoints of one account in one environment. */
export interface EventOwner {
  accountId: string;
  environment: Environment;
}

export interface PartnerEvent {
  id: string;
  type: EventType;
  created_at: string;
  data: unknown;
  owner: EventOwner;
}

/**
 * Every partner event is written here first, in the same transaction as the change that caused
 * it; webhook delivery subscribes and delivers from the outbox.
 */
export class Outbox {
  readonly #insert: Database.Statement<[string, string, string, string, number, string]>;
  readonly #clock: SimClock;
  readonly #subscribers: ((event: PartnerEvent) => void)[] = [];

  constructor(db: Db, clock: SimClock) {
    this.#clock = clock;
    this.#insert = db.prepare(
      'INSERT INTO events (id, account_id, environment, type, created_at, data) VALUES (?, ?, ?, ?, ?, ?)',
    );
  }

  emit(owner: EventOwner, type: EventType, data: unknown): PartnerEvent {
    const now = this.#clock.now();
    const event: PartnerEvent = { id: eventId(), type, created_at: iso(now), data, owner };
    this.#insert.run(event.id, owner.accountId, owner.environment, type, now, JSON.stringify(data));
    for (const subscriber of this.#subscribers) subscriber(event);
    return event;
  }

  subscribe(subscriber: (event: PartnerEvent) => void): void {
    this.#subscribers.push(subscriber);
  }
}
