import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { CallName } from '../../../contract/calls.ts';
import type { CallArg, CallValue } from '../../../contract/api.ts';
import type { AppError, Result } from '../../../contract/errors.ts';
import { startCounter, type Counter, type CounterOptions } from '../../../main/counter.ts';
import type { Dispatch } from '../../../main/dispatch.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server.ts';

export function tempDir(prefix = 'shubbak-it-'): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The sandbox's control API (loopback, no auth) at its origin. */
export function control(origin: string) {
  const send = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${origin}/_sandbox${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { data: unknown };
    if (!res.ok) throw new Error(`control ${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  return {
    reset: () => send('POST', '/reset'),
    clock: () => send('GET', '/clock') as Promise<{ now: string }>,
    advance: (seconds: number) => send('POST', '/clock/advance', { seconds }),
    config: (patch: Record<string, unknown>) => send('PUT', '/config', patch),
    adjust: (client_id: string, amount_minor: number, reason = 'test') => send('POST', '/wallet/adjust', { client_id, amount_minor, reason }),
    topup: (client_id: string, amount_minor: number) => send('POST', '/wallet/topup', { client_id, amount_minor }),
    /** The Idempotency-Keys of the POST /bookings the sandbox is handling now. */
    bookingsInFlight: async () => ((await send('GET', '/bookings/in-flight')) as { key: string }[]).map((k) => k.key),
  };
}

export type Control = ReturnType<typeof control>;

export async function sandbox(dbPath: string = ':memory:'): Promise<RunningSandbox & { control: Control }> {
  const s = await startSandbox({ port: 0, host: '127.0.0.1', dbPath, quiet: true });
  return Object.assign(s, { control: control(s.origin) });
}

export const originOf = (baseUrl: string) => baseUrl.replace(/\/v1$/, '');

/** A date a few days ahead (departure dates may not be in the past). */
export function daysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Typed contract calls through a dispatcher: `ok` unwraps (and fails the test on an error). */
export function caller(dispatch: Dispatch) {
  const raw = <N extends CallName>(name: N, arg?: CallArg<N>) => dispatch(name, arg) as Promise<Result<CallValue<N>>>;
  const ok = async <N extends CallName>(name: N, arg?: CallArg<N>): Promise<CallValue<N>> => {
    const r = await raw(name, arg);
    if (!r.ok) expect.fail(`${name} failed: ${JSON.stringify(r.error)}`);
    return r.value;
  };
  const err = async <N extends CallName>(name: N, arg?: CallArg<N>): Promise<AppError> => {
    const r = await raw(name, arg);
    if (r.ok) expect.fail(`${name} succeeded but should have failed: ${JSON.stringify(r.value).slice(0, 300)}`);
    return r.error;
  };
  return { raw, ok, err };
}

export type Caller = ReturnType<typeof caller>;

/** Searches Cairo → Alexandria and returns an offer of an operator with seat selection and its detail. */
export async function findOffer(c: Caller, passengers = 1, days = 3) {
  const ref = await c.ok('referenceData');
  const cairo = ref.cities.find((x) => x.name === 'Cairo')!;
  const alex = ref.cities.find((x) => x.name === 'Alexandria')!;
  const res = await c.ok('search', { origin: cairo.id, destination: alex.id, departureDate: daysAhead(days), passengers });
  expect(res.offers.length).toBeGreaterThan(0);
  for (const priced of res.offers) {
    const detail = await c.ok('readOffer', { offerId: priced.offer.id });
    if (detail.offer.seat_selection) return { priced, detail, cairo, alex };
  }
  throw new Error('no offer with seat selection');
}

export const contact = { name: 'Ahmed Ali', phone: '+201001234567' };

/** One real sale of one seat (named), paid `extraMinor` over the retail price, on a departure `days` ahead. */
export async function sellOneSeat(c: Caller, name: string, extraMinor: number, language: 'ar' | 'en' = 'en', days = 3) {
  const { priced, detail } = await findOffer(c, 1, days);
  const seat = detail.offer.seats.find((s) => s.available)!;
  return c.ok('sell', {
    saleId: randomUUID(),
    offerId: priced.offer.id,
    passengers: [{ full_name: name, seat: seat.number }],
    contact,
    language,
    cashTenderedMinor: detail.retailBySeat[seat.number]! + extraMinor,
  });
}

/** A TRAINING counter in its own folder for a whole test file: started before its tests, closed after. */
export function counterPerFile(prefix: string, opts: Partial<CounterOptions> = {}) {
  const tmp = tempDir(prefix);
  const it = { dir: tmp.dir, counter: null as unknown as Counter, c: null as unknown as Caller };
  beforeAll(async () => {
    it.counter = await startCounter({ dataDir: tmp.dir, version: '0.1.0', keychain: memoryKeychain(), ...opts });
    it.c = caller(it.counter.dispatch);
  });
  afterAll(async () => {
    await it.counter?.close();
    tmp.cleanup();
  });
  return it;
}

/** A keychain already holding one credential (what a supervisor saved earlier). */
export function keychainWith(clientId: string, baseUrl: string, clientSecret = clientId.replace(/^cid_/, 'sk_')) {
  return { primary: JSON.stringify({ clientId, clientSecret, baseUrl, savedAt: '2026-01-01T00:00:00.000Z' }) };
}

/**
 * A Partner API on a free loopback port that knows one credential of our own making (a secret
 * no sandbox database has ever seen) and forwards everything to a sandbox as its demo account.
 * Lets a test look for that secret anywhere the counter might have put it.
 */
export async function credentialProxy(target: string, own: { clientId: string; clientSecret: string }) {
  const { createServer } = await import('node:http');
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        let body: string | undefined = chunks.length ? Buffer.concat(chunks).toString('utf8') : undefined;
        const path = (req.url ?? '/').replace(/^\/v1/, '');
        if (path === '/oauth/token') {
          const given = JSON.parse(body ?? '{}') as { client_id?: string; client_secret?: string };
          if (given.client_id !== own.clientId || given.client_secret !== own.clientSecret) {
            res.writeHead(401, { 'content-type': 'application/problem+json' });
            res.end(JSON.stringify({ title: 'Invalid client', status: 401, code: 'invalid_client' }));
            return;
          }
          body = JSON.stringify({ grant_type: 'client_credentials', client_id: 'cid_sandbox_demo', client_secret: 'sk_sandbox_demo' });
        }
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) {
          if (typeof v === 'string' && !['host', 'content-length', 'connection'].includes(k)) headers[k] = v;
        }
        const answer = await fetch(`${target}${path}`, { method: req.method, headers, body });
        const out = Buffer.from(await answer.arrayBuffer());
        const back: Record<string, string> = {};
        answer.headers.forEach((v, k) => {
          if (!['content-length', 'transfer-encoding', 'connection', 'content-encoding'].includes(k)) back[k] = v;
        });
        res.writeHead(answer.status, back);
        res.end(out);
      })().catch(() => {
        res.writeHead(502);
        res.end();
      });
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const port = (server.address() as { port: number }).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Every file under a folder, recursively. */
export async function filesUnder(dir: string): Promise<string[]> {
  const { readdir } = await import('node:fs/promises');
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => `${e.parentPath}/${e.name}`);
}
