// Hostile and random arguments to every contract call, through both transports (IPC as main
// registers it, and the web harness over HTTP), against a whole counter in TRAINING: every answer
// is a clean Result with a stable error code, nothing throws, nothing is left unhandled, the
// harness never answers 5xx, and the journal still verifies.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipcChannel } from '../../../contract/api.ts';
import { callNames } from '../../../contract/calls.ts';
import { AppErrorCode } from '../../../contract/errors.ts';
import { registerIpc } from '../../../main/ipc.ts';
import { CALL_PATH, startHarness, TOKEN_HEADER, type Harness } from '../../../main/web/harness.ts';
import { startCounter, type Counter } from '../../../main/counter.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import { caller, tempDir, type Caller } from '../main/helpers.ts';

const tmp = tempDir('shubbak-fuzz-');
const t = { counter: null as unknown as Counter, c: null as unknown as Caller };
/** The last test closes the counter itself (its background work drained); afterAll only when it did not. */
let counterClosed = false;
let harness: Harness;
const unhandled: unknown[] = [];
const onUnhandled = (err: unknown) => unhandled.push(err);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  t.counter = await startCounter({ dataDir: tmp.dir, version: '0.1.0', keychain: memoryKeychain() });
  t.c = caller(t.counter.dispatch);
  harness = await startHarness({ dispatch: t.counter.dispatch, rendererDir: import.meta.dirname });
});
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await harness?.close();
  if (!counterClosed) await t.counter?.close();
  tmp.cleanup();
});

/** A deterministic PRNG (mulberry32), so a failure can be replayed. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const HOSTILE: unknown[] = [
  undefined,
  null,
  0,
  -1,
  1e308,
  Number.NaN,
  '',
  'x'.repeat(100_000),
  '\u0000\ud800',
  '<script>alert(1)</script>',
  "'; DROP TABLE entries; --",
  [],
  [[[[[[[[]]]]]]]],
  {},
  { __proto__: { admin: true } },
  JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}'),
  { saleId: 'not-a-uuid', offerId: 42 },
  { date: '2026-02-30' },
  { zNumber: -1 },
  { agentId: 'agent-1', pin: '0000'.repeat(100) },
  { count: { '20000': 1e9 } },
  { stationId: '../../etc', host: 'evil.example', port: 99999, database: 'x', user: 'x', tls: 'yes' },
];

function randomValue(rand: () => number, depth = 0): unknown {
  const r = rand();
  if (depth > 3 || r < 0.2) return HOSTILE[Math.floor(rand() * HOSTILE.length)];
  if (r < 0.4) return Math.floor(rand() * 2 ** 40) * (rand() < 0.5 ? -1 : 1);
  if (r < 0.6) return Array.from({ length: Math.floor(rand() * 40) }, () => String.fromCharCode(Math.floor(rand() * 0xffff))).join('');
  if (r < 0.75) return Array.from({ length: Math.floor(rand() * 4) }, () => randomValue(rand, depth + 1));
  const keys = ['saleId', 'offerId', 'date', 'limit', 'before', 'agentId', 'pin', 'name', 'amountMinor', 'kind', 'reason', 'language', 'zNumber', 'printer', 'x'];
  return Object.fromEntries(Array.from({ length: Math.floor(rand() * 5) }, () => [keys[Math.floor(rand() * keys.length)]!, randomValue(rand, depth + 1)]));
}

const ARGS_PER_CALL = 40;
const argsFor = (seed: number) => {
  const rand = prng(seed);
  return [...HOSTILE, ...Array.from({ length: ARGS_PER_CALL - HOSTILE.length }, () => randomValue(rand))];
};

/** Sends raw bytes and answers the status code of the first response line ('' when the connection was reset). */
function rawStatus(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(text));
    let got = '';
    socket.on('data', (d: Buffer) => (got += d.toString('latin1')));
    socket.on('error', () => resolve(''));
    socket.on('close', () => resolve(/^HTTP\/1\.1 (\d{3})/.exec(got)?.[1] ?? ''));
  });
}

function expectClean(r: unknown, where: string) {
  expect(r, where).toBeTypeOf('object');
  const res = r as { ok: boolean; error?: { code: string; message: string } };
  if (res.ok === true) return;
  expect(res.ok, where).toBe(false);
  expect(AppErrorCode.safeParse(res.error?.code).success, `${where}: ${JSON.stringify(res.error).slice(0, 200)}`).toBe(true);
  expect(res.error!.code, where).not.toBe('internal');
  expect(typeof res.error!.message, where).toBe('string');
}

describe('every contract call under hostile arguments', () => {
  it(`through IPC: ${callNames.length} calls × ${ARGS_PER_CALL} arguments, each a clean Result`, async () => {
    const handlers = new Map<string, (event: unknown, arg: unknown) => Promise<unknown>>();
    registerIpc({ handle: (channel: string, fn: never) => void handlers.set(channel, fn) } as never, t.counter.dispatch);
    const frame = { senderFrame: { url: 'app://shubbak/index.html' } };
    for (const [i, name] of callNames.entries()) {
      for (const [j, arg] of argsFor(1000 + i).entries()) expectClean(await handlers.get(ipcChannel(name))!(frame, arg), `ipc ${name} #${j}`);
    }
    // and from a frame that is not the app, nothing runs
    expectClean(await handlers.get(ipcChannel('appInfo'))!({ senderFrame: { url: 'https://evil.example/' } }, undefined), 'ipc foreign frame');
  });

  it(`through the web harness: the same, as HTTP, never a 5xx`, async () => {
    for (const [i, name] of callNames.entries()) {
      for (const [j, arg] of argsFor(2000 + i).entries()) {
        const body = arg === undefined ? '{}' : JSON.stringify({ arg });
        const res = await fetch(`${harness.origin}${CALL_PATH}${encodeURIComponent(name)}`, {
          method: 'POST',
          headers: { [TOKEN_HEADER]: harness.token, 'content-type': 'application/json' },
          body,
        });
        expect(res.status, `http ${name} #${j}`).toBeLessThan(500);
        expectClean(await res.json(), `http ${name} #${j}`);
      }
    }
    // not JSON, no token, an unknown call
    const raw = (path: string, body: string, token = harness.token) =>
      fetch(`${harness.origin}${path}`, { method: 'POST', headers: { [TOKEN_HEADER]: token, 'content-type': 'application/json' }, body });
    expect((await raw(`${CALL_PATH}appInfo`, '{not json')).status).toBe(400);
    expect((await raw(`${CALL_PATH}appInfo`, '{}', 'wrong')).status).toBe(401);
    expectClean(await (await raw(`${CALL_PATH}__proto__`, '{}')).json(), 'http __proto__');
  });

  it('through the web harness: hostile names, headers and bodies get a 4xx, never a 5xx or a reset', async () => {
    const rand = prng(4242);
    const randomText = (n: number) => Array.from({ length: n }, () => String.fromCharCode(Math.floor(rand() * 0xffff))).join('');
    const names = ['%E0', '%', '%%', '%ZZ', '%ED%A0%80', '%00', '..%2F..%2Fetc', 'appInfo%00', '__proto__', 'constructor', 'hasOwnProperty', 'x'.repeat(5000)];
    // random bytes, percent-encoded one by one (often not UTF-8), some escapes cut short
    const randomName = () => Array.from({ length: 1 + Math.floor(rand() * 12) }, () => `%${Math.floor(rand() * 256).toString(16).padStart(2, '0')}`.slice(0, rand() < 0.1 ? 2 : 3)).join('');
    for (let i = 0; i < 40; i++) names.push(randomName());
    const bodies: (string | Uint8Array<ArrayBuffer>)[] = ['', 'null', '[]', '"x"', '{"arg":', '\u0000', '{"__proto__":{"arg":1}}', new Uint8Array([0xff, 0xfe, 0xc0, 0x80]), 'x'.repeat((1 << 20) + 1)];
    for (let i = 0; i < 20; i++) bodies.push(randomText(Math.floor(rand() * 200)));
    const headerSets: Record<string, string>[] = [{}, { 'content-type': 'text/plain' }, { 'content-type': 'application/json; charset=latin1' }, { 'x-extra': 'a'.repeat(4000) }, { 'content-encoding': 'gzip' }, { accept: '\u00ff'.repeat(10) }];
    const statuses = new Set<number>();
    for (const [i, name] of names.entries()) {
      for (const body of [bodies[i % bodies.length]!, '{}']) {
        const headers = { [TOKEN_HEADER]: harness.token, ...headerSets[i % headerSets.length] };
        const res = await fetch(`${harness.origin}${CALL_PATH}${name}`, { method: 'POST', headers, body });
        statuses.add(res.status);
        const known = (() => {
          try {
            return callNames.includes(decodeURIComponent(name) as never);
          } catch {
            return false;
          }
        })();
        if (!known) expect([400, 404], `name ${name.slice(0, 40)}`).toContain(res.status);
        expect(res.status, `name ${name.slice(0, 40)}`).toBeLessThan(500);
        expectClean(await res.json(), `name ${name.slice(0, 40)}`);
      }
    }
    for (const [i, body] of bodies.entries()) {
      for (const headers of headerSets) {
        const res = await fetch(`${harness.origin}${CALL_PATH}appInfo`, { method: 'POST', headers: { [TOKEN_HEADER]: harness.token, ...headers }, body });
        statuses.add(res.status);
        expect(res.status, `body #${i}`).toBeLessThan(500);
        expectClean(await res.json(), `body #${i}`);
      }
    }
    // headers no client library would send: raw bytes on a socket, the status line read back
    const port = Number(new URL(harness.origin).port);
    const rawRequests = [
      `POST ${CALL_PATH}appInfo HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: -1\r\n\r\n`,
      `POST ${CALL_PATH}appInfo HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}`,
      `POST ${CALL_PATH}appInfo HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nBad Header\r\n\r\n`,
      `POST ${CALL_PATH}appInfo HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX: ${'a'.repeat(20_000)}\r\n\r\n`,
      `POST ${CALL_PATH}%E0 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${TOKEN_HEADER}: ${harness.token}\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n`,
      `GARBAGE\r\n\r\n`,
    ];
    for (const text of rawRequests) {
      const status = await rawStatus(port, text);
      expect(status, text.slice(0, 80)).toMatch(/^4\d\d$/);
    }
    expect([...statuses].every((s) => s < 500)).toBe(true);
    expect(statuses.has(404) && statuses.has(400) && statuses.has(413)).toBe(true);
  });

  it('left nothing unhandled and the journal intact', async () => {
    expect((await t.c.ok('verifyJournal')).ok).toBe(true);
    // Everything the calls started is finished when the counter has closed (its shutdown drains
    // sales, prints, backups and shipping); a rejection left unhandled is reported by then, at
    // the latest once the event loop turns (setImmediate: a turn, not a guessed delay).
    await harness.close();
    await t.counter.close();
    counterClosed = true;
    await new Promise((r) => setImmediate(r));
    expect(unhandled).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
