import { z } from 'zod';
import { list, PageMeta, single } from '../../contract/partner/common.ts';
import type { BookingsQuery, HoldRequest, SearchRequest } from '../../contract/partner/requests.ts';
import {
  Booking,
  City,
  Health,
  Hold,
  HoldRelease,
  Offer,
  OfferDetail,
  Operator,
  Route,
  SearchMeta,
  TicketList,
  Transaction,
  Wallet,
} from '../../contract/partner/resources.ts';
import type { Clock, Sleep } from '../clock.ts';
import { AppFailure } from '../failure.ts';
import type { RetryPolicy } from '../../core/retry.ts';
import { DEFAULT_RETRY, send, type HttpAnswer, type HttpDeps, type RequestSpec } from './http.ts';
import { TokenSource, type ClientCredential } from './tokens.ts';

export interface PartnerClientOptions {
  baseUrl: string;
  /** Primary first; the next is tried when the API refuses one (rotation). */
  credentials: readonly ClientCredential[];
  version: string;
  clock: Clock;
  sleep: Sleep;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** POST /bookings waits for the operator: it gets longer per attempt. */
  bookingTimeoutMs?: number;
  retry?: RetryPolicy;
}

export const userAgent = (version: string) => `Shubbak/${version} (${process.platform})`;

export function httpDeps(o: Pick<PartnerClientOptions, 'version' | 'sleep' | 'fetch' | 'timeoutMs' | 'retry'>): HttpDeps {
  return {
    fetch: o.fetch ?? globalThis.fetch,
    userAgent: userAgent(o.version),
    timeoutMs: o.timeoutMs ?? 15_000,
    retry: o.retry ?? DEFAULT_RETRY,
    sleep: o.sleep,
  };
}

const enc = encodeURIComponent;

export interface Page {
  limit?: number | undefined;
  before?: number | undefined;
}

export interface BookingAnswer {
  status: number;
  booking: Booking;
}

/** The Partner API, typed: every answer parsed with the contract's schemas. */
export class PartnerClient {
  readonly baseUrl: string;
  readonly #http: HttpDeps;
  readonly #tokens: TokenSource;
  readonly #bookingTimeoutMs: number;

  constructor(o: PartnerClientOptions) {
    this.baseUrl = o.baseUrl;
    this.#http = httpDeps(o);
    this.#tokens = new TokenSource(this.#http, o.baseUrl, o.credentials, o.clock);
    this.#bookingTimeoutMs = o.bookingTimeoutMs ?? 45_000;
  }

  /** An authenticated request; a 401 unauthorized is retried once with a freshly minted token. */
  async request<T>(spec: RequestSpec<T>): Promise<HttpAnswer<T>> {
    for (let attempt = 1; ; attempt++) {
      let token;
      try {
        token = await this.#tokens.token();
      } catch (err) {
        throw AppFailure.notSent(err);
      }
      try {
        return await send(this.#http, this.baseUrl, token.accessToken, spec);
      } catch (err) {
        if (attempt === 1 && err instanceof AppFailure && err.error.code === 'unauthorized') {
          this.#tokens.invalidate(token.accessToken);
          continue;
        }
        throw err;
      }
    }
  }

  async #data<T>(spec: RequestSpec<{ data: T }>): Promise<T> {
    return (await this.request(spec)).value.data;
  }

  health() {
    return send(this.#http, this.baseUrl, null, { method: 'GET', path: '/health', schema: Health, idempotent: true }).then(
      (a) => a.value,
    );
  }

  /** The environment the API says the credential is in (from the token answer). */
  async environment(): Promise<'SANDBOX' | 'LIVE'> {
    return (await this.#tokens.token()).environment;
  }

  cities() {
    return this.#data({ method: 'GET', path: '/reference/cities', schema: z.object({ data: z.array(City) }), idempotent: true });
  }

  operators() {
    return this.#data({ method: 'GET', path: '/reference/operators', schema: z.object({ data: z.array(Operator) }), idempotent: true });
  }

  routes() {
    return this.#data({ method: 'GET', path: '/reference/routes', schema: z.object({ data: z.array(Route) }), idempotent: true });
  }

  async search(req: SearchRequest) {
    return (
      await this.request({
        method: 'POST',
        path: '/search',
        body: JSON.stringify(req),
        schema: list(Offer, SearchMeta),
        idempotent: true,
      })
    ).value;
  }

  offer(id: string) {
    return this.#data({ method: 'GET', path: `/offers/${enc(id)}`, schema: single(OfferDetail), idempotent: true });
  }

  /** Not retried after a 503, timeout or network error: a second hold could be made. */
  createHold(req: HoldRequest) {
    return this.#data({ method: 'POST', path: '/holds', body: JSON.stringify(req), schema: single(Hold), idempotent: false });
  }

  hold(id: string) {
    return this.#data({ method: 'GET', path: `/holds/${enc(id)}`, schema: single(Hold), idempotent: true });
  }

  releaseHold(id: string) {
    return this.#data({ method: 'DELETE', path: `/holds/${enc(id)}`, schema: single(HoldRelease), idempotent: false });
  }

  /**
   * POST /bookings with the sale's Idempotency-Key and its exact body text (never rebuilt):
   * only then is a retry safe, and the same two go out on every attempt and every resume.
   * A failure with `notSent` never left the process (no token could be had).
   */
  async createBooking(idempotencyKey: string, body: string): Promise<BookingAnswer> {
    const a = await this.request({
      method: 'POST',
      path: '/bookings',
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
      schema: single(Booking),
      idempotent: true,
      timeoutMs: this.#bookingTimeoutMs,
      // One attempt per call: the sale service re-sends, knowing what each earlier attempt proved.
      noRetry: true,
    });
    return { status: a.status, booking: a.value.data };
  }

  booking(reference: string) {
    return this.#data({ method: 'GET', path: `/bookings/${enc(reference)}`, schema: single(Booking), idempotent: true });
  }

  /** GET /bookings: the account's bookings, newest first, a page at a time (`before` from `meta.next_before`). */
  async bookings(q: z.infer<typeof BookingsQuery> = {}) {
    return (await this.request({ method: 'GET', path: '/bookings', query: q, schema: list(Booking, PageMeta), idempotent: true })).value;
  }

  tickets(reference: string) {
    return this.#data({ method: 'GET', path: `/bookings/${enc(reference)}/tickets`, schema: single(TicketList), idempotent: true });
  }

  /** The tickets PDF (all travellers, or one); null bytes when `etag` still matches (304). */
  async ticketsPdf(
    reference: string,
    opts: { lang?: 'ar' | 'en'; passengerIndex?: number; etag?: string } = {},
  ): Promise<{ bytes: Uint8Array | null; etag: string | null }> {
    const path =
      opts.passengerIndex === undefined
        ? `/bookings/${enc(reference)}/tickets.pdf`
        : `/bookings/${enc(reference)}/tickets/${opts.passengerIndex}.pdf`;
    const a = await this.request({
      method: 'GET',
      path,
      query: { lang: opts.lang },
      headers: { Accept: 'application/pdf', ...(opts.etag ? { 'If-None-Match': opts.etag } : {}) },
      schema: z.instanceof(Uint8Array).nullable(),
      binary: true,
      okStatuses: [304],
      idempotent: true,
    });
    return { bytes: a.status === 304 ? null : a.value, etag: a.headers.get('etag') };
  }

  wallet() {
    return this.#data({ method: 'GET', path: '/wallet', schema: single(Wallet), idempotent: true });
  }

  async transactions(page: Page = {}) {
    return (
      await this.request({
        method: 'GET',
        path: '/wallet/transactions',
        query: { limit: page.limit, before: page.before },
        schema: list(Transaction, PageMeta),
        idempotent: true,
      })
    ).value;
  }

}
