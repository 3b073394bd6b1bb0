import { createHash } from 'node:crypto';
import { canonicalJson } from '../../core/canonical-json.ts';
import type Database from 'better-sqlite3';
import type { EventOwner } from '../events/outbox.ts';
import type { Db } from '../store/db.ts';

export interface StoredResponse {
  statusCode: number;
  body: string;
}

export type KeyState =
  | { kind: 'new' }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'in_progress' }
  | { kind: 'reused' };

/**
 * Idempotency-Key records of POST /bookings, per account and environment. Finished answers are
 * kept in SQLite (forever, which is "at least 24 hours"); requests still running are tracked in
 * memory, so a crash never leaves a key stuck "in flight".
 */
export class IdempotencyStore {
  readonly #get: Database.Statement<[string, string, string], { fingerprint: string; status_code: number; body: string }>;
  readonly #put: Database.Statement<[string, string, string, string, number, string, number]>;
  readonly #inFlight = new Map<string, string>(); // scoped key -> fingerprint

  constructor(db: Db) {
    this.#get = db.prepare('SELECT fingerprint, status_code, body FROM idempotency WHERE account_id = ? AND environment = ? AND key = ?');
    this.#put = db.prepare(
      'INSERT OR REPLACE INTO idempotency (account_id, environment, key, fingerprint, status_code, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
  }

  /** What to do with a request; a `new` one is marked in flight until `finish` or `abandon`. */
  begin(owner: EventOwner, key: string, fingerprint: string): KeyState {
    const scoped = scopedKey(owner, key);
    const running = this.#inFlight.get(scoped);
    if (running !== undefined) return running === fingerprint ? { kind: 'in_progress' } : { kind: 'reused' };
    const stored = this.#get.get(owner.accountId, owner.environment, key);
    if (stored) {
      return stored.fingerprint === fingerprint
        ? { kind: 'replay', response: { statusCode: stored.status_code, body: stored.body } }
        : { kind: 'reused' };
    }
    this.#inFlight.set(scoped, fingerprint);
    return { kind: 'new' };
  }

  /** Stores the answer for replay; 5xx answers are not stored, so a retry runs again. */
  finish(owner: EventOwner, key: string, fingerprint: string, response: StoredResponse, now: number): void {
    this.#inFlight.delete(scopedKey(owner, key));
    if (response.statusCode >= 500) return;
    this.#put.run(owner.accountId, owner.environment, key, fingerprint, response.statusCode, response.body, now);
  }

  abandon(owner: EventOwner, key: string): void {
    this.#inFlight.delete(scopedKey(owner, key));
  }

  /** The keys of the POST /bookings being handled now (between `begin` and `finish` or `abandon`). */
  inFlightKeys(): { account_id: string; environment: string; key: string }[] {
    return [...this.#inFlight.keys()].map((scoped) => {
      const [account_id, environment] = scoped.split('|') as [string, string];
      return { account_id, environment, key: scoped.slice(account_id.length + environment.length + 2) };
    });
  }

  clearInFlight(): void {
    this.#inFlight.clear();
  }
}

const scopedKey = (owner: EventOwner, key: string): string => `${owner.accountId}|${owner.environment}|${key}`;

/**
 * Same body = same JSON value: key order and whitespace do not matter. `body` is what the JSON
 * parser gave, or undefined for a request without one; "no body" is told apart from `null`, and a
 * number too large for a double (`1e999`, parsed as Infinity) reads as JSON writes it, `null`.
 * Fingerprints are stored with the keys, so this text must not change for any body.
 */
export function fingerprint(body: unknown): string {
  const text = body === undefined ? NO_BODY : canonicalJson(JSON.parse(JSON.stringify(body)));
  return createHash('sha256').update(text).digest('base64url');
}

const NO_BODY = 'undefined';
