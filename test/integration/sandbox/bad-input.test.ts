import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Problem } from '../../../contract/partner/index.ts';
import { contact, expectProblem, fieldsOf, passenger, startTestSandbox, type TestSandbox } from './helpers.ts';

let sbx: TestSandbox;
beforeAll(async () => {
  sbx = await startTestSandbox();
  await sbx.config({ rate_limits: { default: { limit: 100_000 }, search: { limit: 100_000 } } });
});
afterAll(() => sbx.close());

const post = async (path: string, rawBody: string, contentType = 'application/json') =>
  sbx.call('POST', path, { token: await sbx.token(), rawBody, headers: { 'content-type': contentType, 'idempotency-key': 'bad-input' } });

describe('bad input never yields a 500', () => {
  it('malformed JSON: 400 invalid_request problem', async () => {
    for (const path of ['/search', '/holds', '/bookings', '/oauth/token']) {
      expectProblem(await post(path, '{"origin": '), 400, 'invalid_request');
    }
  });

  it('a content type other than JSON: 415 invalid_request problem', async () => {
    expectProblem(await post('/search', 'origin=x', 'application/x-www-form-urlencoded'), 415, 'invalid_request');
    expectProblem(await post('/bookings', '{}', 'text/plain'), 415, 'invalid_request');
    expectProblem(await post('/holds', '<hold/>', 'application/xml'), 415, 'invalid_request');
  });

  it('a huge body: 413 invalid_request problem', async () => {
    const huge = JSON.stringify({ origin: 'x'.repeat(200_000) });
    expectProblem(await post('/search', huge), 413, 'invalid_request');
  });

  it('a body that is not an object, or no body at all: 422', async () => {
    for (const raw of ['[]', '"text"', '42', 'null']) expect(fieldsOf(await post('/search', raw))).toEqual(['(body)']);
    expect(fieldsOf(await sbx.call('POST', '/search', { token: await sbx.token() }))).toEqual(['(body)']);
  });

  it('wrong types and prototype tricks: 422 or 400, never 500', async () => {
    const { detail } = await sbx.pickOffer();
    expect(fieldsOf(await sbx.book({ offer_id: detail.id, passengers: 'two', contact }))).toEqual(['passengers']);
    expect(fieldsOf(await sbx.book({ offer_id: 42, passengers: [passenger()], contact }))).toEqual(['offer_id']);
    expect(fieldsOf(await sbx.book({ offer_id: detail.id, passengers: [{ full_name: ['x'] }], contact }))).toEqual(['passengers[0].full_name']);
    // An unknown field like any other (partner-api.md: unknown body fields are rejected, 422 with errors[]).
    for (const [raw, field] of [
      ['{"__proto__": {"admin": true}}', '__proto__'],
      ['{"origin": "cty_x", "constructor": {"prototype": {"admin": true}}}', 'constructor'],
    ] as const) {
      const reply = await post('/search', raw);
      expectProblem(reply, 422, 'invalid_request');
      expect(fieldsOf(reply)).toEqual([field]);
    }
    const nested = await post('/bookings', `{"offer_id":"${detail.id}","passengers":[{"full_name":"A","__proto__":{"x":1}}],"contact":{"name":"A","phone":"+201001234567"}}`);
    expectProblem(nested, 422, 'invalid_request');
    expect(fieldsOf(nested)).toEqual(['passengers[0].__proto__']);
    expectProblem(await post('/search', '{"origin": '), 400, 'invalid_request');
  });

  it('odd ids in paths: 404 invalid_reference', async () => {
    const token = await sbx.token();
    for (const id of ['%00', '..%2F..%2Fetc', '%F0%9F%9A%8C', 'x'.repeat(3000), 'off_%20', 'PH-%27%3B--', 'PB-🚌']) {
      for (const path of [`/offers/${id}`, `/holds/${id}`, `/bookings/${id}`]) {
        const reply = await sbx.call('GET', path, { token });
        expect(reply.status, `${path}: ${reply.text}`).toBeLessThan(500);
        expect(reply.status).toBeGreaterThanOrEqual(400);
        Problem.parse(reply.json);
      }
    }
  });

  it('a request line or headers too large for the HTTP parser: 431 problem with X-Request-Id', async () => {
    const reply = await sbx.call('GET', `/holds?status=${'x'.repeat(20_000)}`, { token: await sbx.token() });
    expect(reply.status).toBe(431);
    expect(Problem.parse(reply.json)).toMatchObject({ status: 431, code: 'invalid_request', request_id: reply.headers.get('x-request-id') });
  });

  it('malformed percent-encoding: 400 in a path, 422 in a query, never 500', async () => {
    const token = await sbx.token();
    expectProblem(await sbx.call('GET', '/holds/%E0%A4%A', { token }), 400, 'invalid_request');
    expect((await sbx.call('GET', '/bookings?limit=%ZZ', { token })).status).toBe(422);
  });

  it('unknown routes: 404 problem with X-Request-Id', async () => {
    for (const [method, path] of [['GET', '/nope'], ['POST', '/bookings/PB-X/cancel'], ['GET', '/v2/health']]) {
      expectProblem(await sbx.call(method!, path!, { token: await sbx.token() }), 404, 'invalid_reference');
    }
    const outside = await fetch(`${sbx.server.origin}/`);
    expect(outside.status).toBe(404);
    expect(outside.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('a known path with another method: 405 problem with Allow and X-Request-Id, authenticated or not', async () => {
    const cases: [string, string, string][] = [
      ['PUT', '/search', 'POST'],
      ['GET', '/search', 'POST'],
      ['PATCH', '/bookings', 'GET, HEAD, POST'],
      ['DELETE', '/bookings/PB-ANYTHING', 'GET, HEAD'],
      ['POST', '/health', 'GET, HEAD'],
      ['GET', '/oauth/token', 'POST'],
      ['PUT', '/holds/PH-ANYTHING', 'GET, HEAD, DELETE'],
    ];
    for (const [method, path, allow] of cases) {
      for (const token of [await sbx.token(), undefined]) {
        const reply = await sbx.call(method, path, { token });
        const problem = expectProblem(reply, 405, 'invalid_request');
        expect(reply.headers.get('allow'), `${method} ${path}`).toBe(allow);
        expect(problem.request_id).toBe(reply.headers.get('x-request-id'));
        expect(reply.headers.get('ratelimit')).toMatch(/^limit=/);
      }
    }
  });

  it('a battery of garbage bodies on every write endpoint stays below 500 with a problem document', async () => {
    const bodies = ['{}', '{"a":1}', '[1,2]', '{"offer_id":null}', '{"passengers":[null]}', '{"contact":[]}', '""', 'true', '{"seats":1e309}', '{"departure_date":"2027-13-45"}'];
    for (const path of ['/oauth/token', '/search', '/holds', '/bookings']) {
      for (const body of bodies) {
        const reply = await post(path, body);
        expect(reply.status, `${path} ${body}: ${reply.text}`).toBeGreaterThanOrEqual(400);
        expect(reply.status).toBeLessThan(500);
        expect(reply.headers.get('x-request-id')).toBeTruthy();
        Problem.parse(reply.json);
      }
    }
  });

  it('X-Request-Id is on every response, success or not, and unique', async () => {
    const replies = [await sbx.call('GET', '/health'), await sbx.call('GET', '/wallet'), await post('/search', '{')];
    const ids = replies.map((r) => r.headers.get('x-request-id'));
    expect(ids.every((id) => id && /^req_/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
