import { describe, expect, it } from 'vitest';
import { PartnerClient } from '../../../../main/partner/client.ts';
import { fakeFetch, json, problem, token, type Reply } from './fake-fetch.ts';

function client(replies: Reply[] | ((req: { url: string; body: string | undefined }, n: number) => Reply), clock = { t: 0 }) {
  const f = fakeFetch(replies as Reply[]);
  const c = new PartnerClient({
    baseUrl: 'http://127.0.0.1:9/v1',
    credentials: [
      { clientId: 'cid_sandbox_one', clientSecret: 'sk_sandbox_one' },
      { clientId: 'cid_sandbox_two', clientSecret: 'sk_sandbox_two' },
    ],
    version: '1.2.3',
    clock: { now: () => new Date(clock.t) },
    sleep: async () => {},
    fetch: f.fetch,
  });
  return { c, seen: f.seen, clock };
}

const wallet = json(200, {
  data: {
    balance: { amount_minor: 1, currency: 'EGP' },
    credit_limit: { amount_minor: 0, currency: 'EGP' },
    low_balance_threshold: { amount_minor: 0, currency: 'EGP' },
    updated_at: null,
  },
});
const tokenCalls = (seen: { url: string }[]) => seen.filter((s) => s.url.endsWith('/oauth/token')).length;

describe('tokens', () => {
  it('are minted with client credentials, cached, and renewed a minute before expiry', async () => {
    const { c, seen, clock } = client([token(3600, 'a'), wallet.clone(), wallet.clone(), token(3600, 'b'), wallet.clone()]);
    await c.wallet();
    clock.t = (3600 - 61) * 1000;
    await c.wallet();
    expect(tokenCalls(seen)).toBe(1);
    clock.t = (3600 - 59) * 1000;
    await c.wallet();
    expect(tokenCalls(seen)).toBe(2);
    expect(JSON.parse(seen[0]!.body!)).toEqual({ grant_type: 'client_credentials', client_id: 'cid_sandbox_one', client_secret: 'sk_sandbox_one' });
    expect(seen[4]!.headers.get('authorization')).toBe('Bearer b');
  });

  it('retry once after 401 unauthorized with a fresh token, not twice', async () => {
    const a = client([token(3600, 'a'), problem(401, 'unauthorized'), token(3600, 'b'), wallet.clone()]);
    expect((await a.c.wallet()).balance.amount_minor).toBe(1);
    expect(a.seen[3]!.headers.get('authorization')).toBe('Bearer b');
    const b = client([token(), problem(401, 'unauthorized'), token(), problem(401, 'unauthorized'), wallet.clone()]);
    await expect(b.c.wallet()).rejects.toMatchObject({ error: { code: 'unauthorized' } });
    expect(b.seen).toHaveLength(4);
  });

  it('fall back to the second credential when the first is refused (rotation)', async () => {
    const { c, seen } = client([problem(401, 'invalid_client'), token(3600, 'two'), wallet.clone()]);
    await c.wallet();
    expect(JSON.parse(seen[1]!.body!).client_id).toBe('cid_sandbox_two');
    const both = client([problem(401, 'invalid_client'), problem(401, 'invalid_client')]);
    await expect(both.c.wallet()).rejects.toMatchObject({ error: { code: 'invalid_client' }, notSent: true });
  });

  it('are minted once for concurrent calls', async () => {
    const { c, seen } = client((req) => (req.url.endsWith('/oauth/token') ? token() : wallet.clone()));
    await Promise.all([c.wallet(), c.wallet(), c.wallet()]);
    expect(tokenCalls(seen)).toBe(1);
  });

  it('never put the secret into an error', async () => {
    const { c } = client([problem(401, 'invalid_client'), problem(401, 'invalid_client')]);
    const err = await c.wallet().catch((e: unknown) => e);
    expect(JSON.stringify(err) + String(err) + JSON.stringify((err as { error: unknown }).error)).not.toMatch(/sk_sandbox/);
  });
});

describe('createBooking', () => {
  it('sends the key and the exact body once per call', async () => {
    const { c, seen } = client([token(), problem(503, 'service_unavailable', { 'Retry-After': '1' })]);
    const body = '{"offer_id":"off_1","passengers":[{"full_name":"A"}],"contact":{"name":"A","phone":"+20100"}}';
    await expect(c.createBooking('shubbak-sale-1', body)).rejects.toMatchObject({ error: { code: 'service_unavailable' } });
    expect(seen).toHaveLength(2);
    expect(seen[1]!.headers.get('idempotency-key')).toBe('shubbak-sale-1');
    expect(seen[1]!.body).toBe(body);
  });
});
