import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { City, Hold, PageMeta, TokenResponse, Wallet, single } from '../../../contract/partner/index.ts';
import {
  DEMO,
  DEMO_2,
  LIVE,
  OTHER,
  READONLY,
  REVOKED,
  contact,
  expectData,
  expectPage,
  expectProblem,
  fieldsOf,
  passenger,
  secretOf,
  startTestSandbox,
  type TestSandbox,
} from './helpers.ts';

let sbx: TestSandbox;
beforeAll(async () => {
  sbx = await startTestSandbox();
});
afterAll(() => sbx.close());
beforeEach(() => sbx.reset());

const tokenRequest = (body: unknown) => sbx.call('POST', '/oauth/token', { body });

describe('POST /oauth/token', () => {
  it('exchanges client credentials for a one-hour bearer JWT with its scopes and environment', async () => {
    const reply = await tokenRequest({ grant_type: 'client_credentials', client_id: DEMO, client_secret: secretOf(DEMO) });
    expect(reply.status).toBe(200);
    const token = TokenResponse.parse(reply.json);
    expect(token.token_type).toBe('Bearer');
    expect(token.expires_in).toBe(3600);
    expect(token.scope.split(' ').sort()).toEqual(['booking.write', 'inventory.read', 'wallet.read']);
    expect(token.environment).toBe('SANDBOX');
    const [header, payload, signature] = token.access_token.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(3600);
    expect(signature).toMatch(/^[\w-]{43}$/);
  });

  it('also serves the token object wrapped as { data } (the envelope rule)', async () => {
    const reply = await tokenRequest({ client_id: DEMO, client_secret: secretOf(DEMO) });
    expect(single(TokenResponse).parse(reply.json).data.environment).toBe('SANDBOX');
  });

  it('accepts a form-encoded body as OAuth clients send it', async () => {
    const reply = await sbx.call('POST', '/oauth/token', {
      rawBody: `grant_type=client_credentials&client_id=${DEMO}&client_secret=${secretOf(DEMO)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(TokenResponse.parse(reply.json).environment).toBe('SANDBOX');
  });

  it('gives the environment from the credential prefix: cid_live_ is LIVE', async () => {
    const reply = await tokenRequest({ client_id: LIVE, client_secret: secretOf(LIVE) });
    expect(TokenResponse.parse(reply.json).environment).toBe('LIVE');
  });

  it('grants the readonly credential only inventory.read and wallet.read', async () => {
    const reply = await tokenRequest({ client_id: READONLY, client_secret: secretOf(READONLY) });
    expect(TokenResponse.parse(reply.json).scope.split(' ').sort()).toEqual(['inventory.read', 'wallet.read']);
  });

  it.each([
    ['a wrong secret', { client_id: DEMO, client_secret: 'sk_sandbox_wrong' }],
    ['an unknown client', { client_id: 'cid_sandbox_nobody', client_secret: 'sk_sandbox_nobody' }],
    ['a revoked credential', { client_id: REVOKED, client_secret: secretOf(REVOKED) }],
    ['a sandbox id with a live secret', { client_id: DEMO, client_secret: secretOf(LIVE) }],
  ])('answers 401 invalid_client for %s', async (_what, body) => {
    expectProblem(await tokenRequest(body), 401, 'invalid_client');
  });

  it('answers 422 invalid_request naming client_id or client_secret when missing', async () => {
    expect(fieldsOf(await tokenRequest({ client_secret: 'x' }))).toEqual(['client_id']);
    expect(fieldsOf(await tokenRequest({ client_id: DEMO }))).toEqual(['client_secret']);
    expect(fieldsOf(await tokenRequest({})).sort()).toEqual(['client_id', 'client_secret']);
  });

  it('rejects unknown fields and other grant types with 422', async () => {
    expect(fieldsOf(await tokenRequest({ client_id: DEMO, client_secret: secretOf(DEMO), scope: 'x' }))).toEqual(['scope']);
    expect(fieldsOf(await tokenRequest({ client_id: DEMO, client_secret: secretOf(DEMO), grant_type: 'password' }))).toEqual([
      'grant_type',
    ]);
  });
});

describe('bearer tokens', () => {
  const cities = (token?: string, headers?: Record<string, string>) => sbx.call('GET', '/reference/cities', { token, headers });

  it('answers 401 unauthorized without a token', async () => {
    expectProblem(await cities(), 401, 'unauthorized');
  });

  it('answers 401 unauthorized for a garbage, tampered or non-bearer token', async () => {
    const token = await sbx.token();
    expectProblem(await cities('not-a-jwt'), 401, 'unauthorized');
    expectProblem(await cities(`${token.slice(0, -2)}${token.endsWith('xx') ? 'yy' : 'xx'}`), 401, 'unauthorized'); // tampered, whatever it ended with
    const [h, p, s] = token.split('.');
    const forged = JSON.parse(Buffer.from(p!, 'base64url').toString());
    forged.scope = 'inventory.read wallet.read booking.write';
    forged.acc = 'acc_other';
    expectProblem(await cities(`${h}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${s}`), 401, 'unauthorized');
    expectProblem(await cities(undefined, { authorization: `Basic ${token}` }), 401, 'unauthorized');
  });

  it('answers 401 unauthorized once the hour is over (simulated clock), not before', async () => {
    const token = await sbx.token();
    await sbx.advance(3590);
    expectData(await cities(token), z.array(City));
    await sbx.advance(11);
    expectProblem(await cities(token), 401, 'unauthorized');
  });

  it('refuses a token signed by another sandbox database', async () => {
    const elsewhere = await startTestSandbox();
    try {
      const foreign = await elsewhere.token();
      expectProblem(await cities(foreign), 401, 'unauthorized');
    } finally {
      await elsewhere.close();
    }
  });

  it('answers 403 insufficient_scope to the readonly credential on /holds and /bookings', async () => {
    const token = await sbx.token(READONLY);
    expectProblem(await sbx.call('GET', '/holds', { token }), 403, 'insufficient_scope');
    expectProblem(await sbx.call('POST', '/holds', { token, body: { offer_id: 'off_x' } }), 403, 'insufficient_scope');
    expectProblem(await sbx.call('GET', '/bookings', { token }), 403, 'insufficient_scope');
    expectProblem(await sbx.call('GET', '/bookings/PB-0000000000', { token }), 403, 'insufficient_scope');
    expectProblem(
      await sbx.call('POST', '/bookings', { token, body: {}, headers: { 'idempotency-key': 'k' } }),
      403,
      'insufficient_scope',
    );
  });

  it('lets the readonly credential search and read the wallet', async () => {
    await sbx.search({}, READONLY);
    expectData(await sbx.call('GET', '/wallet', { token: await sbx.token(READONLY) }), Wallet);
    expectPage(await sbx.call('GET', '/wallet/transactions', { token: await sbx.token(READONLY) }), z.unknown(), PageMeta);
  });
});

describe('accounts and environments', () => {
  it('a second credential of the same account (rotation) sees the same wallet and holds', async () => {
    const { detail } = await sbx.pickOffer();
    const hold = expectData(await sbx.call('POST', '/holds', { token: await sbx.token(DEMO), body: { offer_id: detail.id } }), Hold, 201);
    expectData(await sbx.call('GET', `/holds/${hold.id}`, { token: await sbx.token(DEMO_2) }), Hold);
    expect(await sbx.wallet(DEMO_2)).toEqual(await sbx.wallet(DEMO));
  });

  it('another account sees neither the holds nor the bookings of the demo account', async () => {
    const { detail } = await sbx.pickOffer();
    const hold = expectData(await sbx.call('POST', '/holds', { token: await sbx.token(DEMO), body: { offer_id: detail.id } }), Hold, 201);
    expectProblem(await sbx.call('GET', `/holds/${hold.id}`, { token: await sbx.token(OTHER) }), 404, 'invalid_reference');
    const booking = await sbx.bookOk({ offer_id: detail.id, passengers: [passenger()], contact });
    expectProblem(await sbx.call('GET', `/bookings/${booking.id}`, { token: await sbx.token(OTHER) }), 404, 'invalid_reference');
  });

  it('a sandbox credential reaches only sandbox: the live credential of the same account sees none of it', async () => {
    const { detail } = await sbx.pickOffer();
    const booking = await sbx.bookOk({ offer_id: detail.id, passengers: [passenger()], contact });
    const live = await sbx.token(LIVE);
    expectProblem(await sbx.call('GET', `/bookings/${booking.id}`, { token: live }), 404, 'invalid_reference');
    expectProblem(await sbx.call('GET', `/offers/${detail.id}`, { token: live }), 404, 'invalid_reference');
    expect((await sbx.wallet(LIVE)).balance.amount_minor).toBe(0);
  });
});
