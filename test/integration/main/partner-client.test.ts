import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCounter } from '../../../main/counter.ts';
import { systemClock, type Sleep } from '../../../main/clock.ts';
import { PartnerClient } from '../../../main/partner/client.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import { caller, keychainWith, sandbox, tempDir } from './helpers.ts';

let sbx: Awaited<ReturnType<typeof sandbox>>;
beforeAll(async () => {
  sbx = await sandbox();
});
afterAll(() => sbx.close());
beforeEach(() => sbx.control.reset());

/**
 * A client whose fetch counts what it sends, and whose waits (Retry-After, backoff) move the
 * sandbox's simulated clock instead of passing real time: `slept` says how long it waited.
 */
function counted(opts: { timeoutMs?: number; baseUrl?: string; clientId?: string } = {}) {
  const sent: { method: string; path: string }[] = [];
  const slept: number[] = [];
  const sleep: Sleep = async (ms) => {
    slept.push(ms);
    if (ms > 0) await sbx.control.advance(ms / 1000);
  };
  const f: typeof fetch = (input, init) => {
    const u = new URL(String(input));
    sent.push({ method: init?.method ?? 'GET', path: u.pathname });
    return fetch(input, init);
  };
  const clientId = opts.clientId ?? 'cid_sandbox_demo';
  const client = new PartnerClient({
    baseUrl: opts.baseUrl ?? sbx.baseUrl,
    credentials: [{ clientId, clientSecret: clientId.replace(/^cid_/, 'sk_') }],
    version: '0.1.0',
    clock: systemClock,
    sleep,
    fetch: f,
    timeoutMs: opts.timeoutMs,
  });
  const count = (path: string) => sent.filter((s) => s.path.endsWith(path)).length;
  return { client, sent, count, slept };
}

describe('Partner API client against the sandbox', () => {
  it('renews its token when the sandbox clock passes the expiry (401, one fresh mint, same call succeeds)', async () => {
    const { client, count } = counted();
    await client.wallet();
    expect(count('/oauth/token')).toBe(1);
    await sbx.control.advance(3700);
    const w = await client.wallet();
    expect(w.balance.currency).toBe('EGP');
    expect(count('/oauth/token')).toBe(2);
    expect(count('/wallet')).toBe(3); // the refused one and the retry
  });

  it('surfaces a rate limit whose Retry-After is beyond its wait budget as rate_limited with retryAfter', async () => {
    const { client } = counted();
    await client.wallet(); // the token is minted before the limit changes
    await sbx.control.config({ rate_limits: { default: { limit: 1, window_s: 60 } } });
    await client.wallet();
    await expect(client.wallet()).rejects.toMatchObject({ error: { code: 'rate_limited', retryable: true } });
    const err = await client.wallet().then(
      () => null,
      (e: { error: { retryAfter?: number } }) => e.error,
    );
    expect(err?.retryAfter).toBeGreaterThan(8);
  });

  it('honours a short Retry-After and then succeeds', async () => {
    const { client, count, slept } = counted();
    await sbx.control.config({ rate_limits: { reference: { limit: 1, window_s: 2 } } });
    await client.cities();
    const cities = await client.cities();
    expect(cities.length).toBeGreaterThan(100);
    expect(count('/reference/cities')).toBe(3);
    // it waited what the API asked (the window's rest, at least half a second) before asking again
    expect(slept).toHaveLength(1);
    expect(slept[0]).toBeGreaterThanOrEqual(500);
    expect(slept[0]).toBeLessThanOrEqual(2_000);
  });

  it('retries reads through 503 faults, gives up with service_unavailable, and never retries POST /holds', async () => {
    const { client, count } = counted();
    await client.wallet();
    await sbx.control.config({ fault_rate: 1 });
    await expect(client.wallet()).rejects.toMatchObject({ error: { code: 'service_unavailable' } });
    expect(count('/wallet')).toBe(1 + 3);
    await expect(client.createHold({ offer_id: 'off_x', seats: 1 })).rejects.toMatchObject({ error: { code: 'service_unavailable' } });
    expect(count('/holds')).toBe(1);
    await sbx.control.config({ fault_rate: 0 });
    expect((await client.wallet()).balance.currency).toBe('EGP');
  });

  it('times out a slow answer (latency_ms) as timeout', async () => {
    const { client } = counted({ timeoutMs: 300 });
    await client.wallet();
    await sbx.control.config({ latency_ms: 1500 });
    await expect(client.createHold({ offer_id: 'off_x', seats: 1 })).rejects.toMatchObject({ error: { code: 'timeout' } });
    await sbx.control.config({ latency_ms: 0 });
  });

  it('maps problem documents by code: invalid_reference, invalid_request with fields, invalid_client', async () => {
    const { client } = counted();
    await expect(client.offer('off_forged')).rejects.toMatchObject({ error: { code: 'invalid_reference' } });
    await expect(client.search({ origin: 'cty_x', destination: 'cty_y', departure_date: '2000-01-01' })).rejects.toMatchObject({
      error: { code: 'invalid_request', fields: expect.arrayContaining([expect.objectContaining({ field: 'departure_date' })]) },
    });
    const revoked = counted({ clientId: 'cid_sandbox_revoked' });
    await expect(revoked.client.wallet()).rejects.toMatchObject({ error: { code: 'invalid_client' } });
  });
});

describe('a Partner API that answers the wrong shape', () => {
  let server: ReturnType<typeof createServer>;
  let base = '';
  const seen: IncomingMessage[] = [];
  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      seen.push(req);
      const send = (status: number, body: string) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(body);
      };
      if (req.url === '/v1/oauth/token') {
        return send(200, JSON.stringify({ access_token: 't', token_type: 'Bearer', expires_in: 3600, scope: '', environment: 'SANDBOX' }));
      }
      if (req.url === '/v1/wallet') return send(200, JSON.stringify({ data: { balance: 'lots of money' } }));
      if (req.url === '/v1/reference/cities') return send(200, '<html>not json</html>');
      if (req.url === '/v1/reference/operators') return send(200, JSON.stringify({ data: [{ id: 42 }] }));
      return send(500, 'boom');
    });
    server.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('is rejected cleanly as bad_response by the client, with the app User-Agent on every request', async () => {
    const { client } = counted({ baseUrl: base });
    await expect(client.wallet()).rejects.toMatchObject({ error: { code: 'bad_response' } });
    await expect(client.cities()).rejects.toMatchObject({ error: { code: 'bad_response' } });
    await expect(client.operators()).rejects.toMatchObject({ error: { code: 'bad_response' } });
    expect(seen.length).toBeGreaterThan(0);
    for (const req of seen) expect(req.headers['user-agent']).toBe(`Shubbak/0.1.0 (${process.platform})`);
  });

  it('answers the renderer { ok: false, bad_response } through the counter, and the counter goes on', async () => {
    const tmp = tempDir();
    const counter = await startCounter({
      dataDir: tmp.dir,
      version: '0.1.0',
      keychain: memoryKeychain(keychainWith('cid_sandbox_demo', base)),
    });
    try {
      const c = caller(counter.dispatch);
      expect(counter.info.environment).toBe('SANDBOX');
      expect((await c.err('wallet')).code).toBe('bad_response');
      expect((await c.err('listCities')).code).toBe('bad_response');
      expect((await c.ok('appInfo')).apiBaseUrl).toBe(base);
    } finally {
      await counter.close();
      tmp.cleanup();
    }
  });
});
