import type Database from 'better-sqlite3';
import type { EventOwner } from '../events/outbox.ts';
import type { Db } from '../store/db.ts';

// Webhook endpoints and deliveries (one per event and endpoint), in SQLite so that both survive
// a restart: a delivery still due after one is attempted again.

export type DeliveryState = 'pending' | 'delivered' | 'retrying' | 'failed' | 'paused';

export interface EndpointRow {
  id: string;
  account_id: string;
  environment: string;
  url: string;
  secret: string;
  paused: number;
  consecutive_failures: number;
  created_at: number;
}

export interface DeliveryRow {
  seq: number;
  event_id: string;
  endpoint_id: string;
  state: DeliveryState;
  attempts: number;
  last_status_code: number | null;
  first_attempt_at: number | null;
  next_attempt_at: number | null;
}

/** A delivery due now, with what an attempt needs. */
export interface DueDelivery extends DeliveryRow {
  url: string;
  secret: string;
  type: string;
  event_created_at: number;
  data: string;
}

export interface DeliveryListRow {
  event_id: string;
  type: string;
  url: string;
  attempts: number;
  last_status_code: number | null;
  state: DeliveryState;
  next_attempt_at: number | null;
}

export class WebhookStore {
  readonly #endpointByUrl: Database.Statement<[string, string, string], EndpointRow>;
  readonly #endpoint: Database.Statement<[string], EndpointRow>;
  readonly #endpointsOf: Database.Statement<[string, string], EndpointRow>;
  readonly #insertEndpoint: Database.Statement<[string, string, string, string, string, number]>;
  readonly #setFailures: Database.Statement<[number, number, string]>;
  readonly #resumeDeliveries: Database.Statement<[number, string]>;
  readonly #pauseDeliveries: Database.Statement<[string]>;
  readonly #insertDelivery: Database.Statement<[string, string, string, number | null, number]>;
  readonly #delivery: Database.Statement<[number], DeliveryRow>;
  readonly #updateDelivery: Database.Statement<[string, number, number | null, number | null, number | null, number]>;
  readonly #due: Database.Statement<[number, number], DueDelivery>;
  readonly #list: Database.Statement<[], DeliveryListRow>;

  constructor(db: Db) {
    this.#endpointByUrl = db.prepare('SELECT * FROM webhook_endpoints WHERE account_id = ? AND environment = ? AND url = ?');
    this.#endpoint = db.prepare('SELECT * FROM webhook_endpoints WHERE id = ?');
    this.#endpointsOf = db.prepare('SELECT * FROM webhook_endpoints WHERE account_id = ? AND environment = ? ORDER BY seq');
    this.#insertEndpoint = db.prepare(
      'INSERT INTO webhook_endpoints (id, account_id, environment, url, secret, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.#setFailures = db.prepare('UPDATE webhook_endpoints SET consecutive_failures = ?, paused = ? WHERE id = ?');
    this.#resumeDeliveries = db.prepare(
      `UPDATE deliveries SET state = CASE WHEN attempts = 0 THEN 'pending' ELSE 'retrying' END, next_attempt_at = ?
       WHERE endpoint_id = ? AND state = 'paused'`,
    );
    this.#pauseDeliveries = db.prepare(
      "UPDATE deliveries SET state = 'paused' WHERE endpoint_id = ? AND state IN ('pending', 'retrying')",
    );
    this.#insertDelivery = db.prepare(
      'INSERT OR IGNORE INTO deliveries (event_id, endpoint_id, state, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?)',
    );
    this.#delivery = db.prepare('SELECT * FROM deliveries WHERE seq = ?');
    this.#updateDelivery = db.prepare(
      `UPDATE deliveries SET state = ?, attempts = ?, last_status_code = ?, first_attempt_at = ?, next_attempt_at = ?
       WHERE seq = ?`,
    );
    this.#due = db.prepare(
      `SELECT d.*, e.url, e.secret, ev.type, ev.created_at AS event_created_at, ev.data
       FROM deliveries d
       JOIN webhook_endpoints e ON e.id = d.endpoint_id
       JOIN events ev ON ev.id = d.event_id
       WHERE d.state IN ('pending', 'retrying') AND d.next_attempt_at <= ? AND e.paused = 0
       ORDER BY d.next_attempt_at, d.seq LIMIT ?`,
    );
    this.#list = db.prepare(
      `SELECT d.event_id, ev.type, e.url, d.attempts, d.last_status_code, d.state, d.next_attempt_at
       FROM deliveries d
       JOIN webhook_endpoints e ON e.id = d.endpoint_id
       JOIN events ev ON ev.id = d.event_id
       ORDER BY d.seq DESC`,
    );
  }

  endpointByUrl(owner: EventOwner, url: string): EndpointRow | undefined {
    return this.#endpointByUrl.get(owner.accountId, owner.environment, url);
  }

  endpoint(id: string): EndpointRow | undefined {
    return this.#endpoint.get(id);
  }

  endpointsOf(owner: EventOwner): EndpointRow[] {
    return this.#endpointsOf.all(owner.accountId, owner.environment);
  }

  insertEndpoint(id: string, owner: EventOwner, url: string, secret: string, now: number): void {
    this.#insertEndpoint.run(id, owner.accountId, owner.environment, url, secret, now);
  }

  setFailures(endpointId: string, failures: number, paused: boolean): void {
    this.#setFailures.run(failures, paused ? 1 : 0, endpointId);
  }

  /** Paused deliveries of the endpoint become due at `now`. */
  resumeDeliveries(endpointId: string, now: number): void {
    this.#resumeDeliveries.run(now, endpointId);
  }

  pauseDeliveries(endpointId: string): void {
    this.#pauseDeliveries.run(endpointId);
  }

  insertDelivery(eventId: string, endpointId: string, state: DeliveryState, dueAt: number | null, now: number): void {
    this.#insertDelivery.run(eventId, endpointId, state, dueAt, now);
  }

  delivery(seq: number): DeliveryRow | undefined {
    return this.#delivery.get(seq);
  }

  updateDelivery(row: Omit<DeliveryRow, 'event_id' | 'endpoint_id'>): void {
    this.#updateDelivery.run(row.state, row.attempts, row.last_status_code, row.first_attempt_at, row.next_attempt_at, row.seq);
  }

  due(now: number, limit: number): DueDelivery[] {
    return this.#due.all(now, limit);
  }

  /** Every delivery, newest first. */
  list(): DeliveryListRow[] {
    return this.#list.all();
  }
}
