import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking, Hold, TokenAnswer } from '../../../contract/partner/index.ts';
import { OpenApiCheck } from './openapi-check.ts';
import {
  DEMO,
  LIVE,
  READONLY,
  REVOKED,
  contact,
  expectData,
  expectProblem,
  passenger,
  secretOf,
  startTestSandbox,
  type TestSandbox,
} from './helpers.ts';

// A whole partner session against the sandbox, every /v1 answer (the helpers' too) checked
// against the served /v1/openapi.json by a standard validator (openapi-check.ts): what a client
// generated from the document meets. The last test proves every declared answer was met.

let sbx: TestSandbox;
let check: OpenApiCheck;
let served: ServedDocument;

interface ServedDocument {
  openapi: string;
  info: { version: string; license: { name: string; identifier?: string; url?: string } };
  paths: Record<string, Record<string, { operationId: string; security: { bearer?: string[] }[]; requestBody?: unknown }>>;
}

beforeAll(async () => {
  sbx = await startTestSandbox();
  served = (await sbx.call('GET', '/openapi.json')).json as ServedDocument;
  check = new OpenApiCheck(served);
  sbx.observer = (method, path, answer) => check.answer(method, path, answer);
});
afterAll(() => sbx.close());

/** Every operation of the document, its path filled with ids that name nothing. */
function operations() {
  return Object.entries(served.paths).flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path: template.replace('{id}', 'off_unknown').replace('{reference}', 'PB-UNKNOWN').replace('{passenger_index}', '0'),
      operationId: op.operationId,
      scope: op.security[0]?.bearer?.[0],
      hasBody: op.requestBody !== undefined,
    })),
  );
}

const book = (body: unknown, options: { clientId?: string; key?: string | null } = {}) => sbx.book(body, options);

describe('the served document', () => {
  it('is OpenAPI 3.1 with a license, a unique operationId on every operation and only standard formats', async () => {
    const reply = await sbx.call('GET', '/openapi.json');
    expect(reply.status).toBe(200);
    expect(served.openapi).toBe('3.1.0');
    expect(served.info.version).toBe('1.1.0');
    expect(served.info.license.identifier ?? served.info.license.url).toBeTruthy();
    const ids = operations().map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['createToken', 'searchOffers', 'getOffer', 'createHold', 'createBooking', 'getTicketsPdf', 'getWallet']));
    const formats = [...reply.text.matchAll(/"format":"([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(formats)).toEqual(new Set(['date', 'date-time', 'email']));
  });
});

describe('tokens', () => {
  it('serves the token at the top level and again under data, as the document says', async () => {
    const reply = await sbx.call('POST', '/oauth/token', { body: { grant_type: 'client_credentials', client_id: DEMO, client_secret: secretOf(DEMO) } });
    const answer = TokenAnswer.parse(reply.json);
    const { data, ...top } = answer;
    expect(data).toEqual(top);
  });

  it('accepts the credentials form-encoded too', async () => {
    const reply = await sbx.call('POST', '/oauth/token', {
      rawBody: new URLSearchParams({ grant_type: 'client_credentials', client_id: DEMO, client_secret: secretOf(DEMO) }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(reply.status).toBe(200);
  });

  it('answers health without a token', async () => {
    expect((await sbx.call('GET', '/health')).json).toMatchObject({ status: 'ok' });
  });

  it('answers 401 invalid_client and 422 as problem documents', async () => {
    expectProblem(await sbx.call('POST', '/oauth/token', { body: { client_id: REVOKED, client_secret: secretOf(REVOKED) } }), 401, 'invalid_client');
    expectProblem(await sbx.call('POST', '/oauth/token', { body: { client_id: DEMO } }), 422, 'invalid_request');
  });
});

describe('reference data, search and offers', () => {
  it('lists cities, operators and routes, and refuses an unknown or empty city', async () => {
    const token = await sbx.token();
    const cairo = await sbx.cityId('Cairo');
    expect((await sbx.call('GET', '/reference/operators', { token })).status).toBe(200);
    expect((await sbx.call('GET', '/reference/routes', { token })).status).toBe(200);
    expect((await sbx.call('GET', `/reference/routes?origin=${cairo}`, { token })).status).toBe(200);
    expectProblem(await sbx.call('GET', '/reference/routes?origin=cty_nowhere', { token }), 404, 'invalid_reference');
    expectProblem(await sbx.call('GET', '/reference/routes?origin=', { token }), 422, 'invalid_request');
  });

  it('searches, reads offers with and without a seat map, and refuses bad searches and unknown offers', async () => {
    const token = await sbx.token();
    expect((await sbx.search()).offers.length).toBeGreaterThan(0);
    expect((await sbx.search({ from: 'Cairo', to: 'Luxor', passengers: 2 })).meta.passengers).toBe(2);
    await sbx.pickOffer({ seatSelection: false });
    const body = { origin: await sbx.cityId('Cairo'), destination: 'cty_nowhere', departure_date: await sbx.dateIn(3) };
    expectProblem(await sbx.call('POST', '/search', { token, body }), 404, 'invalid_reference');
    expectProblem(await sbx.call('POST', '/search', { token, body: { ...body, passengers: 11 } }), 422, 'invalid_request');
    expectProblem(await sbx.call('GET', '/offers/off_forged', { token }), 404, 'invalid_reference');
  });
});

describe('holds', () => {
  it('creates, lists, reads and releases holds; refuses a taken seat, bad fields and unknown holds', async () => {
    const token = await sbx.token();
    const { detail } = await sbx.pickOffer();
    const seat = detail.seats.find((s) => s.available)!.number;
    const created = await sbx.call('POST', '/holds', { token, body: { offer_id: detail.id, seats_requested: [seat] } });
    const hold = expectData(created, Hold, 201);
    expectProblem(await sbx.call('POST', '/holds', { token, body: { offer_id: detail.id, seats: 1, seats_requested: [seat] } }), 409, 'seats_unavailable');
    expectProblem(await sbx.call('POST', '/holds', { token, body: { offer_id: detail.id, colour: 'red' } }), 422, 'invalid_request');
    expectProblem(await sbx.call('POST', '/holds', { token, body: { offer_id: 'off_forged' } }), 404, 'invalid_reference');
    expect((await sbx.call('GET', '/holds?status=held&limit=5', { token })).status).toBe(200);
    expectProblem(await sbx.call('GET', '/holds?limit=0', { token }), 422, 'invalid_request');
    expect((await sbx.call('GET', `/holds/${hold.id}`, { token })).status).toBe(200);
    expect((await sbx.call('DELETE', `/holds/${hold.id}`, { token })).status).toBe(200);
    expectProblem(await sbx.call('DELETE', `/holds/${hold.id}`, { token }), 404, 'invalid_reference');
    expectProblem(await sbx.call('GET', '/holds/PH-UNKNOWN', { token }), 404, 'invalid_reference');
  });
});

const bookings: Record<'confirmed' | 'failed' | 'pending', Booking | undefined> = { confirmed: undefined, failed: undefined, pending: undefined };

describe('bookings of every outcome', () => {
  it('books confirmed (seats named, on a hold, assigned at boarding) and replays the answer for the same key', async () => {
    const { detail } = await sbx.pickOffer();
    const seats = detail.seats.filter((s) => s.available && s.class === detail.fare_classes[0]!.name).slice(0, 2).map((s) => s.number);
    const body = { offer_id: detail.id, passengers: seats.map((seat, i) => passenger(`Traveller ${i}`, { seat })), contact };
    const first = await book(body, { key: 'confirmed-1' });
    bookings.confirmed = expectData(first, Booking, 201);
    expect(bookings.confirmed.status).toBe('confirmed');
    const replay = await book(body, { key: 'confirmed-1' });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');

    const hold = expectData(await sbx.call('POST', '/holds', { token: await sbx.token(), body: { offer_id: detail.id } }), Hold, 201);
    expect((await sbx.bookOk({ offer_id: hold.id, passengers: [passenger()], contact })).status).toBe('confirmed');

    const boarding = await sbx.pickOffer({ seatSelection: false });
    expect((await sbx.bookOk({ offer_id: boarding.detail.id, passengers: [passenger()], contact })).passengers[0]!.seat).toBeNull();
  });

  it('answers a failure after the charge with 409 and booking_reference, both failure codes', async () => {
    const { detail } = await sbx.pickOffer();
    for (const [name, code] of [['Ola TEST CLASH', 'seats_unavailable'], ['Ola TEST FAIL', 'provider_rejected']] as const) {
      const body = { offer_id: detail.id, passengers: [passenger(name)], contact };
      const problem = expectProblem(await book(body, { key: `failed-${code}` }), 409, code);
      expect(problem.booking_reference).toMatch(/^PB-/);
      const replay = await book(body, { key: `failed-${code}` });
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      bookings.failed = expectData(await sbx.call('GET', `/bookings/${problem.booking_reference}`, { token: await sbx.token() }), Booking);
    }
  });

  it('answers pending, 503, 402, 404, the 422s and 409 request_in_progress', async () => {
    const { detail } = await sbx.pickOffer();
    bookings.pending = await sbx.bookOk({ offer_id: detail.id, passengers: [passenger('Ali TEST PENDING')], contact });
    expect(bookings.pending.status).toBe('pending');
    expectProblem(await book({ offer_id: detail.id, passengers: [passenger('Ola TEST TIMEOUT')], contact }), 503, 'service_unavailable');

    const live = await sbx.pickOffer({ clientId: LIVE });
    const broke = { offer_id: live.detail.id, passengers: [passenger()], contact };
    expectProblem(await book(broke, { clientId: LIVE, key: 'broke-1' }), 402, 'insufficient_funds');
    expect((await book(broke, { clientId: LIVE, key: 'broke-1' })).headers.get('idempotent-replayed')).toBe('true');

    expectProblem(await book({ offer_id: 'off_forged', passengers: [passenger()], contact }), 404, 'invalid_reference');
    expectProblem(await book({ offer_id: detail.id, passengers: [passenger()], contact }, { key: null }), 422, 'invalid_request');
    expectProblem(await book({ offer_id: detail.id, passengers: [], contact }), 422, 'invalid_request');
    const body = { offer_id: detail.id, passengers: [passenger()], contact };
    await book(body, { key: 'reused-1' });
    expectProblem(await book({ ...body, passengers: [passenger('Someone Else')] }, { key: 'reused-1' }), 422, 'idempotency_key_reused');

    await sbx.config({ latency_ms: 300 });
    const twins = await Promise.all([book(body, { key: 'twin-1' }), book(body, { key: 'twin-1' })]);
    await sbx.config({ latency_ms: 0 });
    expect(twins.map((reply) => reply.status).sort()).toEqual([201, 409]);
    expectProblem(twins.find((reply) => reply.status === 409)!, 409, 'request_in_progress');
  });

  it('lists and reads bookings, refusing unknown query parameters and references', async () => {
    const token = await sbx.token();
    expect((await sbx.call('GET', '/bookings', { token })).status).toBe(200);
    expect((await sbx.call('GET', `/bookings?status=failed&travel_date=${await sbx.dateIn(3)}&limit=2`, { token })).status).toBe(200);
    expectProblem(await sbx.call('GET', '/bookings?colour=red', { token }), 422, 'invalid_request');
    for (const booking of Object.values(bookings)) expect((await sbx.call('GET', `/bookings/${booking!.id}`, { token })).status).toBe(200);
    expectProblem(await sbx.call('GET', '/bookings/PB-UNKNOWN', { token }), 404, 'invalid_reference');
  });
});

describe('tickets', () => {
  it('lists tickets: confirmed, pending (ready false), failed (409)', async () => {
    const token = await sbx.token();
    expect((await sbx.call('GET', `/bookings/${bookings.confirmed!.id}/tickets`, { token })).status).toBe(200);
    expect((await sbx.call('GET', `/bookings/${bookings.pending!.id}/tickets`, { token })).json).toMatchObject({ data: { ready: false } });
    expectProblem(await sbx.call('GET', `/bookings/${bookings.failed!.id}/tickets`, { token }), 409, 'booking_not_confirmed');
    expectProblem(await sbx.call('GET', '/bookings/PB-UNKNOWN/tickets', { token }), 404, 'invalid_reference');
  });

  it('serves PDFs with an ETag and 304, and 409 with Retry-After while pending', async () => {
    const token = await sbx.token();
    const { id } = bookings.confirmed!;
    for (const path of [`/bookings/${id}/tickets.pdf`, `/bookings/${id}/tickets/1.pdf?lang=ar`]) {
      const pdf = await sbx.download(path, { token });
      expect(pdf.status).toBe(200);
      const again = await sbx.download(path, { token, headers: { 'if-none-match': pdf.headers.get('etag')! } });
      expect(again.status).toBe(304);
    }
    const pending = await sbx.download(`/bookings/${bookings.pending!.id}/tickets.pdf`, { token });
    expect(pending.status).toBe(409);
    expect(Number(pending.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await sbx.download(`/bookings/${bookings.pending!.id}/tickets/0.pdf`, { token })).status).toBe(409);
    expect((await sbx.download(`/bookings/${bookings.failed!.id}/tickets.pdf`, { token })).status).toBe(409);
    expect((await sbx.download(`/bookings/${id}/tickets/9.pdf`, { token })).status).toBe(404);
    expect((await sbx.download('/bookings/PB-UNKNOWN/tickets.pdf', { token })).status).toBe(404);
    expect((await sbx.download(`/bookings/${id}/tickets.pdf?lang=fr`, { token })).status).toBe(422);
    expect((await sbx.download(`/bookings/${id}/tickets/0.pdf?lang=fr`, { token })).status).toBe(422);
  });

  it('shows a cancelled trip as not valid for travel', async () => {
    expect((await sbx.control('POST', `/bookings/${bookings.confirmed!.id}/cancel-trip`)).status).toBe(200);
    const list = await sbx.call('GET', `/bookings/${bookings.confirmed!.id}/tickets`, { token: await sbx.token() });
    expect(list.json).toMatchObject({ data: { valid_for_travel: false } });
  });
});

describe('the wallet', () => {
  it('shows the balance and a paged statement, refusing a bad page size', async () => {
    const token = await sbx.token();
    expect((await sbx.wallet()).balance.currency).toBe('EGP');
    const page = await sbx.call('GET', '/wallet/transactions?limit=2', { token });
    expect(page.json).toMatchObject({ meta: { has_more: true } });
    const before = (page.json as { meta: { next_before: number } }).meta.next_before;
    expect((await sbx.call('GET', `/wallet/transactions?limit=2&before=${before}`, { token })).status).toBe(200);
    expectProblem(await sbx.call('GET', '/wallet/transactions?limit=0', { token }), 422, 'invalid_request');
  });
});

describe('as time passes', () => {
  it('confirms the pending booking and expires offers and holds', async () => {
    const { detail } = await sbx.pickOffer();
    const hold = expectData(await sbx.call('POST', '/holds', { token: await sbx.token(), body: { offer_id: detail.id } }), Hold, 201);
    await sbx.advance(3601);
    const token = await sbx.token();
    expect((await sbx.call('GET', `/bookings/${bookings.pending!.id}/tickets`, { token })).json).toMatchObject({ data: { ready: true } });
    expectProblem(await sbx.call('GET', `/offers/${detail.id}`, { token }), 409, 'offer_expired');
    expectProblem(await sbx.call('POST', '/holds', { token, body: { offer_id: detail.id } }), 409, 'offer_expired');
    expectProblem(await book({ offer_id: detail.id, passengers: [passenger()], contact }), 409, 'offer_expired');
    expect((await sbx.call('GET', `/holds/${hold.id}`, { token })).json).toMatchObject({ data: { status: 'expired' } });
  });
});

describe('the problems every operation shares', () => {
  it('answers 400, 413 and 415 to every body that cannot be read', async () => {
    for (const op of operations().filter((o) => o.hasBody)) {
      const token = op.scope ? await sbx.token() : undefined;
      const headers: Record<string, string> = op.operationId === 'createBooking' ? { 'idempotency-key': `raw-${crypto.randomUUID()}` } : {};
      const send = (rawBody: string, contentType: string) =>
        sbx.call(op.method, op.path, { token, rawBody, headers: { ...headers, 'content-type': contentType } });
      expectProblem(await send('{"not json', 'application/json'), 400, 'invalid_request');
      expectProblem(await send(JSON.stringify({ pad: 'x'.repeat(70 * 1024) }), 'application/json'), 413, 'invalid_request');
      expectProblem(await send('hello', 'text/plain'), 415, 'invalid_request');
    }
  });

  it('answers 401 without a token and 403 without the scope', async () => {
    const readonly = await sbx.token(READONLY);
    for (const op of operations().filter((o) => o.scope)) {
      expectProblem(await sbx.call(op.method, op.path, { body: op.hasBody ? {} : undefined }), 401, 'unauthorized');
      if (op.scope === 'booking.write') {
        expectProblem(await sbx.call(op.method, op.path, { token: readonly, body: op.hasBody ? {} : undefined }), 403, 'insufficient_scope');
      }
    }
  });

  it('answers 429 with Retry-After once a budget is spent', async () => {
    const token = await sbx.token();
    await sbx.config({ rate_limits: { search: { limit: 1, window_s: 60 }, reference: { limit: 1, window_s: 60 }, default: { limit: 1, window_s: 60 } } });
    // Spend each bucket's one request.
    await sbx.call('GET', '/reference/cities', { token });
    await sbx.call('POST', '/search', { token, body: {} });
    await sbx.call('GET', '/wallet', { token });
    for (const op of operations().filter((o) => o.scope || o.operationId === 'createToken')) {
      const body = op.operationId === 'createToken' ? { client_id: DEMO, client_secret: secretOf(DEMO) } : op.hasBody ? {} : undefined;
      const reply = await sbx.call(op.method, op.path, { token, body });
      expectProblem(reply, 429, 'rate_limited');
      expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    await sbx.reset();
  });

  it('answers 503 everywhere while fault_rate is 1', async () => {
    await sbx.config({ fault_rate: 1 });
    for (const op of operations()) {
      expectProblem(await sbx.call(op.method, op.path, { body: op.hasBody ? {} : undefined }), 503, 'service_unavailable');
    }
    await sbx.config({ fault_rate: 0 });
  });
});

describe('coverage', () => {
  it('met every answer the document declares, but those no seeded account can provoke', () => {
    const unreachable = [
      // No seeded credential lacks inventory.read or wallet.read (only booking.write is withheld).
      ...['listCities', 'listOperators', 'listRoutes', 'searchOffers', 'getOffer', 'getWallet', 'listWalletTransactions'].map((id) => `${id} 403`),
      // Every seeded account has a wallet.
      'getWallet 404',
    ];
    const missed = check.declared().filter((answer) => !answer.endsWith(' default') && !check.seen.has(answer));
    expect(missed.sort()).toEqual(unreachable.sort());
  });
});
