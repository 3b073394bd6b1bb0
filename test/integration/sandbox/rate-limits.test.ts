import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OTHER, expectProblem, startTestSandbox, type Reply, type TestSandbox } from './helpers.ts';

let sbx: TestSandbox;
beforeAll(async () => {
  sbx = await startTestSandbox();
});
afterAll(() => sbx.close());
beforeEach(() => sbx.reset());

function usage(reply: Reply) {
  const header = reply.headers.get('ratelimit') ?? '';
  const match = /^limit=(\d+), remaining=(\d+), reset=(\d+)$/.exec(header);
  expect(match, `RateLimit: ${header}`).not.toBeNull();
  const [limit, remaining, reset] = match!.slice(1).map(Number) as [number, number, number];
  expect(reply.headers.get('x-ratelimit-limit')).toBe(String(limit));
  expect(reply.headers.get('x-ratelimit-remaining')).toBe(String(remaining));
  expect(reply.headers.get('x-ratelimit-reset')).toBe(String(reset));
  return { limit, remaining, reset, policy: reply.headers.get('ratelimit-policy') };
}

const searchBody = async () => ({ origin: await sbx.cityId('Cairo'), destination: await sbx.cityId('Luxor'), departure_date: await sbx.dateIn(2) });

describe('rate limits', () => {
  it('budgets search at 60, reference at 600 and the rest at 300 per 60 s, with every header', async () => {
    const token = await sbx.token();
    const search = usage(await sbx.call('POST', '/search', { token, body: await searchBody() }));
    expect(search).toMatchObject({ limit: 60, remaining: 59, policy: '60;w=60' });
    expect(search.reset).toBeGreaterThanOrEqual(1);
    expect(search.reset).toBeLessThanOrEqual(60);
    expect(usage(await sbx.call('GET', '/reference/cities', { token }))).toMatchObject({ limit: 600, policy: '600;w=60' });
    const wallet = usage(await sbx.call('GET', '/wallet', { token }));
    expect(wallet).toMatchObject({ limit: 300, policy: '300;w=60' });
    expect(usage(await sbx.call('GET', '/wallet', { token })).remaining).toBe(wallet.remaining - 1);
  });

  it('puts the headers on every /v1 answer, errors included', async () => {
    usage(await sbx.call('GET', '/wallet'));
    usage(await sbx.call('GET', '/nowhere'));
    usage(await sbx.call('GET', '/health'));
    usage(await sbx.call('POST', '/oauth/token', { body: {} }));
  });

  it('answers 429 rate_limited with Retry-After once the budget is spent, until the window passes', async () => {
    await sbx.config({ rate_limits: { search: { limit: 3, window_s: 60 } } });
    const token = await sbx.token();
    const body = await searchBody();
    for (let i = 0; i < 3; i++) expect((await sbx.call('POST', '/search', { token, body })).status).toBe(200);
    const refused = await sbx.call('POST', '/search', { token, body });
    expectProblem(refused, 429, 'rate_limited');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(usage(refused).remaining).toBe(0);
    // Other buckets and other accounts are unaffected.
    expect((await sbx.call('GET', '/reference/cities', { token })).status).toBe(200);
    expect((await sbx.call('POST', '/search', { token: await sbx.token(OTHER), body })).status).toBe(200);
    await sbx.advance(retryAfter);
    expect((await sbx.call('POST', '/search', { token: await sbx.token(), body })).status).toBe(200);
  });

  it('opens a window with the first request, so a burst of the whole budget never straddles two windows', async () => {
    await sbx.config({ rate_limits: { search: { limit: 2, window_s: 60 } } });
    const token = await sbx.token();
    const body = await searchBody();
    const first = await sbx.call('POST', '/search', { token, body });
    expect(first.status).toBe(200);
    expect(usage(first)).toMatchObject({ limit: 2, remaining: 1, reset: 60, policy: '2;w=60' });
    await sbx.advance(59);
    const second = await sbx.call('POST', '/search', { token: await sbx.token(), body });
    expect(usage(second)).toMatchObject({ remaining: 0 });
    expect(usage(second).reset).toBeLessThanOrEqual(1);
    expectProblem(await sbx.call('POST', '/search', { token: await sbx.token(), body }), 429, 'rate_limited');
    await sbx.advance(1);
    expect(usage(await sbx.call('POST', '/search', { token: await sbx.token(), body }))).toMatchObject({ remaining: 1, reset: 60 });
  });

  it('counts per account: both credentials of the demo account share a budget', async () => {
    await sbx.token();
    await sbx.token('cid_sandbox_demo_2');
    await sbx.reset(); // token requests count too; start from an empty window
    await sbx.config({ rate_limits: { default: { limit: 2, window_s: 60 } } });
    expect((await sbx.call('GET', '/wallet', { token: await sbx.token() })).status).toBe(200);
    expect((await sbx.call('GET', '/wallet', { token: await sbx.token('cid_sandbox_demo_2') })).status).toBe(200);
    expectProblem(await sbx.call('GET', '/wallet', { token: await sbx.token() }), 429, 'rate_limited');
  });

  it('starts a fresh window when the bucket gets a new limit through /_sandbox/config', async () => {
    const token = await sbx.token();
    const body = await searchBody();
    for (let i = 0; i < 3; i++) expect((await sbx.call('POST', '/search', { token, body })).status).toBe(200);
    await sbx.config({ rate_limits: { search: { limit: 2, window_s: 60 } } });
    expect(usage(await sbx.call('POST', '/search', { token, body }))).toMatchObject({ limit: 2, remaining: 1, policy: '2;w=60' });
    expect((await sbx.call('POST', '/search', { token, body })).status).toBe(200);
    expectProblem(await sbx.call('POST', '/search', { token, body }), 429, 'rate_limited');
  });

  it('is cleared by /_sandbox/reset', async () => {
    const token = await sbx.token();
    await sbx.config({ rate_limits: { default: { limit: 1, window_s: 3600 } } });
    await sbx.call('GET', '/wallet', { token });
    expectProblem(await sbx.call('GET', '/wallet', { token }), 429, 'rate_limited');
    await sbx.reset();
    expect(usage(await sbx.call('GET', '/wallet', { token }))).toMatchObject({ limit: 300, remaining: 299 });
  });

  it('does not budget /health and /openapi.json', async () => {
    await sbx.config({ rate_limits: { default: { limit: 1, window_s: 60 } } });
    for (let i = 0; i < 3; i++) {
      expect((await sbx.call('GET', '/health')).status).toBe(200);
      expect((await sbx.call('GET', '/openapi.json')).status).toBe(200);
    }
  });
});
