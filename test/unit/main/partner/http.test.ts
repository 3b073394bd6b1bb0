import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { send, type HttpDeps } from '../../../../main/partner/http.ts';
import { fakeFetch, json, networkError, problem, timeoutError, type Reply } from './fake-fetch.ts';

function deps(replies: Reply[]) {
  const f = fakeFetch(replies);
  const waits: number[] = [];
  const d: HttpDeps = {
    fetch: f.fetch,
    userAgent: 'Shubbak/9.9.9 (linux)',
    timeoutMs: 1000,
    retry: { maxAttempts: 3, maxTotalWaitMs: 5000, backoffMs: [100, 200] },
    sleep: async (ms) => void waits.push(ms),
  };
  return { d, seen: f.seen, waits };
}

const Thing = z.object({ data: z.object({ n: z.int() }) });
const get = { method: 'GET' as const, path: '/thing', schema: Thing, idempotent: true };
const BASE = 'http://127.0.0.1:9/v1';
const codeOf = (p: Promise<unknown>) => p.then(() => 'no error', (e: { error?: { code: string } }) => e.error?.code ?? String(e));

describe('send', () => {
  it('carries the User-Agent, the token and the exact body', async () => {
    const { d, seen } = deps([json(200, { data: { n: 1 } })]);
    const body = '{"b":1,"a":2}';
    await send(d, BASE, 'tok', { ...get, method: 'POST', body });
    expect(seen[0]!.url).toBe(`${BASE}/thing`);
    expect(seen[0]!.headers.get('user-agent')).toBe('Shubbak/9.9.9 (linux)');
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer tok');
    expect(seen[0]!.body).toBe(body);
  });

  it('answers bad_response for a wrong shape or a body that is not JSON', async () => {
    expect(await codeOf(send(deps([json(200, { data: { n: 'one' } })]).d, BASE, null, get))).toBe('bad_response');
    expect(await codeOf(send(deps([new Response('<html>', { status: 200 })]).d, BASE, null, get))).toBe('bad_response');
    expect(await codeOf(send(deps([json(200, [1, 2])]).d, BASE, null, get))).toBe('bad_response');
  });

  it('honours Retry-After on 429 and 503, then succeeds', async () => {
    const { d, waits, seen } = deps([
      problem(429, 'rate_limited', { 'Retry-After': '2' }),
      problem(503, 'service_unavailable', { 'Retry-After': '1' }),
      json(200, { data: { n: 3 } }),
    ]);
    expect((await send(d, BASE, null, get)).value.data.n).toBe(3);
    expect(waits).toEqual([2000, 1000]);
    expect(seen).toHaveLength(3);
  });

  it('gives up after the attempts, with the last answer and its Retry-After', async () => {
    const { d, seen } = deps([
      problem(503, 'service_unavailable'),
      problem(503, 'service_unavailable'),
      problem(503, 'service_unavailable', { 'Retry-After': '4' }),
    ]);
    await expect(send(d, BASE, null, get)).rejects.toMatchObject({ error: { code: 'service_unavailable', retryAfter: 4, retryable: true } });
    expect(seen).toHaveLength(3);
  });

  it('does not wait longer than the budget: a far Retry-After is answered at once', async () => {
    const { d, waits } = deps([problem(429, 'rate_limited', { 'Retry-After': '60' })]);
    await expect(send(d, BASE, null, get)).rejects.toMatchObject({ error: { code: 'rate_limited', retryAfter: 60 } });
    expect(waits).toEqual([]);
  });

  it('retries a 429 even for a request with effects, but not a 503, a timeout or a network error', async () => {
    const hold = { ...get, method: 'POST' as const, body: '{}', idempotent: false };
    const a = deps([problem(429, 'rate_limited', { 'Retry-After': '1' }), json(201, { data: { n: 1 } })]);
    expect((await send(a.d, BASE, null, hold)).status).toBe(201);
    for (const r of [problem(503, 'service_unavailable'), networkError(), timeoutError()]) {
      const b = deps([r, json(201, { data: { n: 1 } })]);
      await expect(send(b.d, BASE, null, hold)).rejects.toBeDefined();
      expect(b.seen).toHaveLength(1);
    }
  });

  it('retries reads after network errors and timeouts, answering network / timeout when they persist', async () => {
    const a = deps([networkError(), timeoutError(), json(200, { data: { n: 1 } })]);
    expect((await send(a.d, BASE, null, get)).value.data.n).toBe(1);
    expect(a.waits).toEqual([100, 200]);
    expect(await codeOf(send(deps([networkError(), networkError(), networkError()]).d, BASE, null, get))).toBe('network');
    expect(await codeOf(send(deps([timeoutError(), timeoutError(), timeoutError()]).d, BASE, null, get))).toBe('timeout');
  });

  it('makes one attempt only with noRetry', async () => {
    const a = deps([problem(429, 'rate_limited', { 'Retry-After': '1' }), json(200, { data: { n: 1 } })]);
    await expect(send(a.d, BASE, null, { ...get, noRetry: true })).rejects.toMatchObject({ error: { code: 'rate_limited' } });
    expect(a.seen).toHaveLength(1);
  });

  it('times out a real slow server', async () => {
    const { createServer } = await import('node:http');
    const server = createServer(() => {}).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const port = (server.address() as { port: number }).port;
    const d: HttpDeps = { fetch, userAgent: 'x', timeoutMs: 100, retry: { maxAttempts: 1, maxTotalWaitMs: 0, backoffMs: [] }, sleep: async () => {} };
    try {
      expect(await codeOf(send(d, `http://127.0.0.1:${port}/v1`, null, get))).toBe('timeout');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
