import type { Accounts } from '../auth/accounts.ts';
import type { SimClock } from '../clock.ts';
import { iso } from '../clock.ts';
import type { PartnerEvent } from '../events/outbox.ts';
import { ApiProblem, invalidField } from '../http/problem.ts';
import { reference } from '../ids.ts';
import type { Db } from '../store/db.ts';
import { newSecret, signature } from './signature.ts';
import { WebhookStore, type DeliveryState, type DueDelivery } from './store.ts';

/** Retries after the first attempt, in seconds of simulated time from that first attempt. */
export const RETRY_SCHEDULE_S = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 14 * 3600, 20 * 3600, 24 * 3600] as const;
/** Failed attempts in a row (any events) after which an endpoint is paused. */
export const PAUSE_AFTER_FAILURES = 25;
/** An attempt that has not been answered by then is a failure (no status code). */
export const ATTEMPT_TIMEOUT_MS = 5000;
/** Real-time sweep for due retries (the simulated clock also moves with real time). */
const SWEEP_MS = 250;
const MAX_IN_FLIGHT = 16;
const USER_AGENT = 'partner-api-sandbox-webhooks/1.1.0';

export interface DeliveryEntry {
  event_id: string;
  type: string;
  url: string;
  attempts: number;
  last_status_code: number | null;
  state: DeliveryState;
  next_retry_at: string | null;
}

const LOOPBACK_HOSTS = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Webhook endpoints and delivery (Standard Webhooks). An event is only queued where it is
 * emitted (rows in `deliveries`, inside the emitting transaction); a worker on the event loop
 * sends it afterwards, so delivery never blocks or slows the API call that caused it.
 * One attempt at a time per endpoint (in order of due time), several endpoints at once.
 */
export class Webhooks {
  readonly store: WebhookStore;
  readonly #db: Db;
  readonly #clock: SimClock;
  readonly #accounts: Accounts;
  readonly #log: (...args: unknown[]) => void;
  readonly #inFlight = new Map<number, Promise<void>>();
  readonly #busyEndpoints = new Set<string>();
  readonly #abort = new AbortController();
  #scheduled = false;
  #closed = false;
  #sweeper: NodeJS.Timeout | undefined;

  constructor(deps: { db: Db; clock: SimClock; accounts: Accounts; log: (...args: unknown[]) => void }) {
    this.#db = deps.db;
    this.#clock = deps.clock;
    this.#accounts = deps.accounts;
    this.#log = deps.log;
    this.store = new WebhookStore(deps.db);
  }

  /**
   * Registers `url` for the events of the credential's account and environment. The same URL
   * registered again is the same endpoint (same id and secret); it is resumed if it was paused.
   */
  register(clientId: string, url: string): { id: string; secret: string } {
    const credential = this.#accounts.credential(clientId);
    if (!credential) throw new ApiProblem('invalid_reference', `Unknown client_id "${clientId}".`);
    checkUrl(url);
    const now = this.#clock.now();
    const existing = this.store.endpointByUrl(credential, url);
    if (existing) {
      this.#db.transaction(() => {
        this.store.setFailures(existing.id, 0, false);
        this.store.resumeDeliveries(existing.id, now);
      })();
      this.kick();
      return { id: existing.id, secret: existing.secret };
    }
    const endpoint = { id: reference('ep_', 16).toLowerCase(), secret: newSecret() };
    this.store.insertEndpoint(endpoint.id, credential, url, endpoint.secret, now);
    return endpoint;
  }

  /** Outbox subscriber: one delivery per endpoint of the event's account and environment. */
  enqueue(event: PartnerEvent): void {
    const at = Date.parse(event.created_at);
    let active = false;
    for (const endpoint of this.store.endpointsOf(event.owner)) {
      const paused = endpoint.paused === 1;
      this.store.insertDelivery(event.id, endpoint.id, paused ? 'paused' : 'pending', at, at);
      active ||= !paused;
    }
    if (active) this.kick();
  }

  deliveries(): DeliveryEntry[] {
    return this.store.list().map((row) => ({
      event_id: row.event_id,
      type: row.type,
      url: row.url,
      attempts: row.attempts,
      last_status_code: row.last_status_code,
      state: row.state,
      next_retry_at: row.state === 'retrying' && row.next_attempt_at !== null ? iso(row.next_attempt_at) : null,
    }));
  }

  /** Starts the real-time sweep for due retries. */
  start(): void {
    this.#sweeper ??= setInterval(() => this.kick(), SWEEP_MS);
    this.#sweeper.unref();
  }

  /** Looks for due deliveries soon (after the current transaction has committed). */
  kick(): void {
    if (this.#scheduled || this.#closed) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#run();
    });
  }

  /**
   * Sends every delivery due now and resolves once each attempt has been answered (or timed out),
   * the follow-ups they made due included: what the sweep would do, finished. Lets a test see
   * what was sent by a moment of simulated time without waiting for the real-time sweep.
   */
  async settle(): Promise<void> {
    for (;;) {
      this.#run();
      if (this.#inFlight.size === 0) return;
      await Promise.allSettled([...this.#inFlight.values()]);
    }
  }

  /** Stops sending: attempts in flight are abandoned and stay due (sent again after a restart). */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#sweeper);
    this.#abort.abort();
    await Promise.allSettled(this.#inFlight.values());
  }

  #run(): void {
    if (this.#closed || this.#inFlight.size >= MAX_IN_FLIGHT) return;
    let due: DueDelivery[];
    try {
      due = this.store.due(this.#clock.now(), 200);
    } catch (error) {
      this.#log('webhook sweep failed', error);
      return;
    }
    for (const delivery of due) {
      if (this.#inFlight.size >= MAX_IN_FLIGHT) break;
      if (this.#inFlight.has(delivery.seq) || this.#busyEndpoints.has(delivery.endpoint_id)) continue;
      this.#busyEndpoints.add(delivery.endpoint_id);
      const attempt = this.#attempt(delivery).finally(() => {
        this.#inFlight.delete(delivery.seq);
        this.#busyEndpoints.delete(delivery.endpoint_id);
        this.kick();
      });
      this.#inFlight.set(delivery.seq, attempt);
    }
  }

  async #attempt(delivery: DueDelivery): Promise<void> {
    const at = this.#clock.now();
    // The retry schedule runs on simulated time, but the signature's timestamp is the real
    // moment of sending: receivers check it against their own clock (Standard Webhooks refuses
    // anything more than 5 minutes off), and a simulated day ahead would be refused.
    const timestamp = Math.floor(Date.now() / 1000);
    // The same bytes on every attempt: the event as stored.
    const body = `{"id":${JSON.stringify(delivery.event_id)},"type":${JSON.stringify(delivery.type)},"created_at":${JSON.stringify(
      iso(delivery.event_created_at),
    )},"data":${delivery.data}}`;
    let status: number | null = null;
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          'webhook-id': delivery.event_id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signature(delivery.secret, delivery.event_id, timestamp, body),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.any([this.#abort.signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]),
      });
      status = response.status;
      await response.body?.cancel().catch(() => {});
    } catch {
      // Refused, reset, timed out: a failed attempt without a status code.
    }
    if (this.#closed) return;
    try {
      this.#db.transaction(() => this.#settle(delivery.seq, delivery.endpoint_id, at, status))();
    } catch (error) {
      this.#log('webhook bookkeeping failed', error);
    }
  }

  /** Books the outcome of one attempt: delivered, a retry, failed; pauses the endpoint after 25 failures in a row. */
  #settle(seq: number, endpointId: string, at: number, status: number | null): void {
    const current = this.store.delivery(seq);
    if (!current) return; // reset meanwhile
    const ok = status !== null && status >= 200 && status < 300;
    const attempts = current.attempts + 1;
    const first = current.first_attempt_at ?? at;
    let state: DeliveryState;
    let next: number | null = null;
    if (ok) state = 'delivered';
    else if (attempts > RETRY_SCHEDULE_S.length) state = 'failed';
    else {
      next = first + RETRY_SCHEDULE_S[attempts - 1]! * 1000;
      state = current.state === 'paused' ? 'paused' : 'retrying';
    }
    this.store.updateDelivery({ seq, state, attempts, last_status_code: status, first_attempt_at: first, next_attempt_at: next });
    const endpoint = this.store.endpoint(endpointId);
    if (!endpoint) return;
    if (ok) {
      if (endpoint.consecutive_failures !== 0) this.store.setFailures(endpointId, 0, endpoint.paused === 1);
      return;
    }
    const failures = endpoint.consecutive_failures + 1;
    const pause = endpoint.paused === 1 || failures >= PAUSE_AFTER_FAILURES;
    this.store.setFailures(endpointId, failures, pause);
    if (pause) this.store.pauseDeliveries(endpointId);
  }
}

/** https anywhere; plain http only to loopback. */
function checkUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalidField('url', 'must be an absolute URL');
  }
  if (parsed.protocol === 'https:') return;
  if (parsed.protocol === 'http:' && LOOPBACK_HOSTS.test(parsed.hostname)) return;
  throw invalidField('url', 'must be an https URL (plain http is allowed to loopback only)');
}
