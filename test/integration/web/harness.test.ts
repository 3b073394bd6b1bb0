import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../../contract/errors.ts';
import { CALL_PATH, startHarness, TOKEN_HEADER, type Harness } from '../../../main/web/harness.ts';

// The web harness over real HTTP: a body over its limit is answered 413 with a clear error (not a
// reset connection), and the per-run token is required.

let harness: Harness;
const seen: unknown[] = [];

beforeAll(async () => {
  harness = await startHarness({
    dispatch: async (name, arg) => {
      seen.push([name, arg]);
      return ok(name);
    },
    rendererDir: import.meta.dirname,
  });
});
afterAll(() => harness?.close());

const post = (body: string, token = harness.token) =>
  fetch(`${harness.origin}${CALL_PATH}appInfo`, { method: 'POST', headers: { [TOKEN_HEADER]: token, 'content-type': 'application/json' }, body });

describe('web harness', () => {
  it('answers a call with the dispatcher’s result', async () => {
    const res = await post(JSON.stringify({ arg: { a: 1 } }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, value: 'appInfo' });
  });

  it('answers a body over 1 MiB with 413 and a clear error, never a reset, and runs nothing', async () => {
    const before = seen.length;
    const res = await post(JSON.stringify({ arg: 'x'.repeat(2 << 20) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ ok: false, error: { code: 'invalid_argument', message: 'The request body is over 1048576 bytes' } });
    expect(seen.length).toBe(before);
  });

  it('answers any oversize body 413, 32 MiB included, without a reset', async () => {
    for (const size of [(1 << 20) + 1, 16 << 20, (16 << 20) + 1, 32 << 20]) {
      const res = await post('x'.repeat(size));
      expect(res.status, `${size} bytes`).toBe(413);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_argument');
    }
  });

  it('answers a malformed call name 400 and an unknown call 404, and runs neither', async () => {
    const before = seen.length;
    const call = (name: string) => fetch(`${harness.origin}${CALL_PATH}${name}`, { method: 'POST', headers: { [TOKEN_HEADER]: harness.token }, body: '{}' });
    for (const name of ['%E0', '%', '%ZZ', '%C0%AF', '%ED%A0%80']) {
      const res = await call(name);
      expect(res.status, name).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_argument');
    }
    for (const name of ['nope', '__proto__', 'constructor', 'appInfo%2F..', 'appInfo?x=1', '']) {
      const res = await call(name);
      expect(res.status, name).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unknown_call');
    }
    expect(seen.length).toBe(before);
  });

  it('refuses a call without the run’s token', async () => {
    const res = await post('{}', 'nope');
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('forbidden_sender');
  });

  it('refuses another Host (DNS rebinding) and another Origin, whatever the token', async () => {
    const raw = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const req = request(`${harness.origin}${CALL_PATH}appInfo`, { method: 'POST', headers: { [TOKEN_HEADER]: harness.token, ...headers } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end('{}');
      });
    const before = seen.length;
    expect(await raw({ host: 'evil.example' })).toBe(421);
    expect(await raw({ host: `localhost:${new URL(harness.origin).port}` })).toBe(421);
    expect(await raw({ origin: 'https://evil.example' })).toBe(403);
    expect(await raw({ origin: 'null' })).toBe(403);
    expect(seen.length).toBe(before);
  });
});
