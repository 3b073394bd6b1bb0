import { expect } from 'vitest';
import { z } from 'zod';
import {
  Booking,
  OfferDetail,
  Offer,
  PageMeta,
  Problem,
  SearchMeta,
  TokenResponse,
  City,
  Wallet,
  list,
  single,
  type ProblemCode,
} from '../../../contract/partner/index.ts';
import { startSandbox, type RunningSandbox, type StartOptions } from '../../../sandbox/server.ts';
import { cairoDate, addDays } from '../../../core/cairo-time.ts';

// One way to start a sandbox, get tokens, search and book in the sandbox tests. Every body
// a test looks at goes through a contract schema (expectData / expectPage / expectProblem).

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON, or undefined when the body is not JSON. */
  json: unknown;
}

export interface Download {
  status: number;
  headers: Headers;
  body: Buffer;
}

export interface CallOptions {
  token?: string | undefined;
  body?: unknown;
  /** Sent as is (no JSON encoding). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export const DEMO = 'cid_sandbox_demo';
export const DEMO_2 = 'cid_sandbox_demo_2';
export const OTHER = 'cid_sandbox_other';
export const READONLY = 'cid_sandbox_readonly';
export const REVOKED = 'cid_sandbox_revoked';
export const LIVE = 'cid_live_demo';
export const secretOf = (clientId: string): string => clientId.replace(/^cid_/, 'sk_');

export class TestSandbox {
  readonly server: RunningSandbox;
  /** Sees every /v1 answer (also those of the helpers below), e.g. to check it against the OpenAPI document. */
  observer: ((method: string, path: string, answer: { status: number; headers: Headers; body: Buffer }) => void) | undefined;
  readonly #tokens = new Map<string, string>();
  #cities: z.infer<typeof City>[] | undefined;

  constructor(server: RunningSandbox) {
    this.server = server;
  }

  get base(): string {
    return this.server.baseUrl;
  }

  async call(method: string, path: string, options: CallOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const url = path.startsWith('/_sandbox') ? `${this.server.origin}${path}` : `${this.base}${path}`;
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    if (!path.startsWith('/_sandbox')) this.observer?.(method, path, { status: response.status, headers: response.headers, body: Buffer.from(text) });
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  }

  /** A binary GET under /v1 (ticket PDFs): the body as bytes. */
  async download(path: string, options: { token?: string; headers?: Record<string, string> } = {}): Promise<Download> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await fetch(`${this.base}${path}`, { headers });
    const download = { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
    this.observer?.('GET', path, download);
    return download;
  }

  /** A cached bearer token for a seeded credential. */
  async token(clientId = DEMO): Promise<string> {
    let token = this.#tokens.get(clientId);
    if (!token) {
      const reply = await this.call('POST', '/oauth/token', { body: { client_id: clientId, client_secret: secretOf(clientId) } });
      expect(reply.status).toBe(200);
      token = TokenResponse.parse(reply.json).access_token;
      this.#tokens.set(clientId, token);
    }
    return token;
  }

  forgetTokens(): void {
    this.#tokens.clear();
  }

  async control(method: string, path: string, body?: unknown): Promise<Reply> {
    return this.call(method, `/_sandbox${path}`, body === undefined ? {} : { body });
  }

  async reset(): Promise<void> {
    expect((await this.control('POST', '/reset')).status).toBe(200);
  }

  /** Moves simulated time; cached tokens are dropped (a test that needs an old one keeps it). */
  async advance(seconds: number): Promise<void> {
    expect((await this.control('POST', '/clock/advance', { seconds })).status).toBe(200);
    this.forgetTokens();
  }

  /** Due pending bookings confirmed and every due webhook delivery sent and answered (POST /_sandbox/settle). */
  async settle(): Promise<void> {
    expect((await this.control('POST', '/settle')).status).toBe(200);
  }

  /** The Idempotency-Keys of the POST /bookings the sandbox is handling now. */
  async bookingsInFlight(): Promise<string[]> {
    const reply = await this.control('GET', '/bookings/in-flight');
    expect(reply.status).toBe(200);
    return (reply.json as { data: { key: string }[] }).data.map((k) => k.key);
  }

  async now(): Promise<number> {
    const reply = await this.control('GET', '/clock');
    return Date.parse((reply.json as { data: { now: string } }).data.now);
  }

  async config(patch: unknown): Promise<void> {
    expect((await this.control('PUT', '/config', patch)).status).toBe(200);
  }

  async cityId(name: string): Promise<string> {
    if (!this.#cities) {
      this.#cities = expectData(await this.call('GET', '/reference/cities', { token: await this.token() }), z.array(City));
    }
    const city = this.#cities.find((c) => c.name === name);
    if (!city) throw new Error(`no city ${name}`);
    return city.id;
  }

  /** A local date `days` after today in Cairo (simulated clock). */
  async dateIn(days: number): Promise<string> {
    return addDays(cairoDate(await this.now()), days);
  }

  async search(
    request: { from?: string; to?: string; date?: string; passengers?: number } = {},
    clientId = DEMO,
  ): Promise<{ offers: Offer[]; meta: z.infer<typeof SearchMeta> }> {
    const body = {
      origin: await this.cityId(request.from ?? 'Cairo'),
      destination: await this.cityId(request.to ?? 'Alexandria'),
      departure_date: request.date ?? (await this.dateIn(3)),
      ...(request.passengers === undefined ? {} : { passengers: request.passengers }),
    };
    const reply = await this.call('POST', '/search', { token: await this.token(clientId), body });
    const page = expectPage(reply, Offer, SearchMeta);
    return { offers: page.data, meta: page.meta };
  }

  async offer(id: string, clientId = DEMO): Promise<OfferDetail> {
    return expectData(await this.call('GET', `/offers/${id}`, { token: await this.token(clientId) }), OfferDetail);
  }

  /**
   * An offer (with its detail) of an operator with (or without) seat selection and at least
   * `freeSeats` free seats in one class, Cairo to Alexandria in three days unless told.
   */
  async pickOffer(
    options: { seatSelection?: boolean; freeSeats?: number; clientId?: string; from?: string; to?: string; days?: number } = {},
  ): Promise<{ offer: Offer; detail: OfferDetail }> {
    const clientId = options.clientId ?? DEMO;
    const wantSelection = options.seatSelection ?? true;
    const routes = options.from ? [[options.from, options.to!]] : wantSelection ? [['Cairo', 'Alexandria']] : NO_SELECTION_ROUTES;
    for (const [from, to] of routes) {
      const { offers } = await this.search({ from: from!, to: to!, date: await this.dateIn(options.days ?? 3) }, clientId);
      for (const offer of offers) {
        const detail = await this.offer(offer.id, clientId);
        const roomy = detail.fare_classes.some((c) => c.seats_available >= (options.freeSeats ?? 4));
        if (detail.seat_selection === wantSelection && roomy && detail.fare_classes.length >= (wantSelection ? 2 : 1)) {
          return { offer, detail };
        }
      }
    }
    throw new Error('no suitable offer found');
  }

  /** POST /bookings with a fresh Idempotency-Key unless one is given. */
  async book(body: unknown, options: { clientId?: string; key?: string | null } = {}): Promise<Reply> {
    const key = options.key === undefined ? `test-${crypto.randomUUID()}` : options.key;
    return this.call('POST', '/bookings', {
      token: await this.token(options.clientId ?? DEMO),
      body,
      headers: key === null ? {} : { 'idempotency-key': key },
    });
  }

  async bookOk(body: unknown, options: { clientId?: string; key?: string } = {}): Promise<Booking> {
    return expectData(await this.book(body, options), Booking, 201);
  }

  async wallet(clientId = DEMO) {
    return expectData(await this.call('GET', '/wallet', { token: await this.token(clientId) }), Wallet);
  }

  async close(): Promise<void> {
    await this.server.close();
  }
}

/** Routes served by operators that assign seats at boarding (East Delta, Upper Egypt Bus). */
const NO_SELECTION_ROUTES = [
  ['Cairo', 'Ismailia'],
  ['Cairo', 'Suez'],
  ['Cairo', 'Port Said'],
  ['Cairo', 'Sharm El Sheikh'],
  ['Cairo', 'Asyut'],
  ['Cairo', 'Luxor'],
];

export async function startTestSandbox(options: StartOptions = {}): Promise<TestSandbox> {
  return new TestSandbox(await startSandbox({ port: 0, dbPath: ':memory:', quiet: true, ...options }));
}

export const passenger = (full_name = 'Mona Hassan', extra: Record<string, unknown> = {}) => ({ full_name, ...extra });
export const contact = { name: 'Mona Hassan', phone: '+201001234567' };

/** A 2xx `{ data }` parsed with the resource schema. */
export function expectData<T extends z.ZodType>(reply: Reply, schema: T, status = 200): z.output<T> {
  expect(reply.status, reply.text).toBe(status);
  expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
  return (single(schema).parse(reply.json) as { data: z.output<T> }).data;
}

/** A 200 `{ data: [...], meta }` parsed with the item and meta schemas. */
export function expectPage<T extends z.ZodType, M extends z.ZodType = typeof PageMeta>(
  reply: Reply,
  item: T,
  meta?: M,
): { data: z.output<T>[]; meta: z.output<M> } {
  expect(reply.status, reply.text).toBe(200);
  return list(item, meta ?? PageMeta).parse(reply.json) as { data: z.output<T>[]; meta: z.output<M> };
}

/** A problem document with this status and code, parsed with the Problem schema. */
export function expectProblem(reply: Reply, status: number, code: ProblemCode): Problem {
  expect(reply.status, reply.text).toBe(status);
  expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const problem = Problem.parse(reply.json);
  expect(problem.code).toBe(code);
  expect(problem.status).toBe(status);
  expect(problem.type).toMatch(new RegExp(`/errors#${code}$`));
  expect(problem.request_id).toBe(reply.headers.get('x-request-id'));
  return problem;
}

/** The `errors[].field` values of a 422. */
export function fieldsOf(reply: Reply): string[] {
  const problem = expectProblem(reply, 422, 'invalid_request');
  expect(problem.errors?.length).toBeGreaterThan(0);
  return problem.errors!.map((e) => e.field);
}
