// Sandbox throughput and latency: the server runs in a child process (`--port 0 --memory`),
// autocannon drives it from this one. Token, search, offer read, hold and booking, each
// warmed up for a second and then measured for a few. Run: node test/bench/sandbox.bench.ts
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const ROOT = join(import.meta.dirname, '../..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = 10;
const P99_GOAL_MS = 20;
const RPS_GOALS: Record<string, number> = { search: 3000, booking: 800 };
/** `node test/bench/sandbox.bench.ts search booking` measures only those. */
const ONLY = process.argv.slice(2);

interface Target {
  method: 'GET' | 'POST';
  /** A fixed path and body, or a function giving them per request. */
  next: () => { path: string; body?: string; headers?: Record<string, string> };
}

async function main(): Promise<void> {
  // SANDBOX_BENCH_URL=http://127.0.0.1:PORT/v1 drives a server started by hand (e.g. under --cpu-prof).
  const external = process.env.SANDBOX_BENCH_URL;
  if (external) return run(external, new URL(external).origin);
  const server = spawn(process.execPath, [join(ROOT, 'sandbox/cli.ts'), '--port', '0', '--memory'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const line = await firstLine(server.stdout!);
    const base = /listening on (\S+)/.exec(line)?.[1];
    if (!base) throw new Error(`unexpected first line: ${line}`);
    const origin = new URL(base).origin;
    await run(base, origin);
  } finally {
    server.kill('SIGTERM');
  }
}

async function run(base: string, origin: string): Promise<void> {
  const json = async <T = unknown>(url: string, method: string, body?: unknown, token?: string): Promise<T> => {
    const response = await fetch(url, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const unlimited = { limit: 1_000_000_000, window_s: 60 };
  await json(`${origin}/_sandbox/config`, 'PUT', { rate_limits: { search: unlimited, reference: unlimited, default: unlimited } });
  await json(`${origin}/_sandbox/wallet/topup`, 'POST', { client_id: 'cid_sandbox_demo', amount_minor: 1e13 });
  const credentials = { client_id: 'cid_sandbox_demo', client_secret: 'sk_sandbox_demo' };
  const token = (await json<{ access_token: string }>(`${base}/oauth/token`, 'POST', credentials)).access_token;
  const cities = (await json<{ data: { id: string; name: string }[] }>(`${base}/reference/cities`, 'GET', undefined, token)).data;
  const city = (name: string) => cities.find((c) => c.name === name)!.id;
  const today = (await json<{ data: { now: string } }>(`${origin}/_sandbox/clock`, 'GET')).data.now.slice(0, 10);
  const dateIn = (days: number) => new Date(Date.parse(today) + days * 86_400_000).toISOString().slice(0, 10);

  /** A supply of offer ids spread over many departures, one per free seat. */
  const offerPool = async (bearer: string) => {
    const offers: { id: string; free: number }[] = [];
    for (let day = 2; offers.reduce((n, o) => n + o.free, 0) < 150_000 && day < 330; day++) {
      const body = { origin: city('Cairo'), destination: city('Alexandria'), departure_date: dateIn(day) };
      const { data } = await json<{ data: { id: string; seats_available: number }[] }>(`${base}/search`, 'POST', body, bearer);
      for (const o of data) offers.push({ id: o.id, free: o.seats_available });
    }
    let i = 0;
    return () => {
      for (let tries = 0; tries < offers.length; tries++) {
        const offer = offers[i++ % offers.length]!;
        if (offer.free > 0) {
          offer.free--;
          return offer.id;
        }
      }
      throw new Error('bench ran out of seats');
    };
  };

  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const searchBody = JSON.stringify({ origin: city('Cairo'), destination: city('Hurghada'), departure_date: dateIn(3) });
  const readIds = Array.from({ length: 200 }, await offerPool(token));
  let r = 0;

  await measure('token', origin, { method: 'POST', next: () => ({ path: '/v1/oauth/token', body: JSON.stringify(credentials), headers: { 'content-type': 'application/json' } }) });
  const searchRps = await measure('search', origin, { method: 'POST', next: () => ({ path: '/v1/search', body: searchBody, headers: auth }) });
  if (searchRps !== null) await againstBareFastify(origin, { ...auth }, await (await fetch(`${base}/search`, { method: 'POST', headers: auth, body: searchBody })).text(), searchBody);
  await measure('offer', origin, { method: 'GET', next: () => ({ path: `/v1/offers/${readIds[r++ % readIds.length]}`, headers: auth }) });
  const holdOffer = await offerPool(token);
  await measure('hold', origin, { method: 'POST', next: () => ({ path: '/v1/holds', body: JSON.stringify({ offer_id: holdOffer() }), headers: auth }) });

  // Let the holds lapse so that bookings find the seats again; then fresh offers.
  await json(`${origin}/_sandbox/clock/advance`, 'POST', { seconds: 21 * 60 });
  const fresh = (await json<{ access_token: string }>(`${base}/oauth/token`, 'POST', credentials)).access_token;
  auth.authorization = `Bearer ${fresh}`;
  const bookOffer = await offerPool(fresh);
  await measure('booking', origin, {
    method: 'POST',
    next: () => ({
      path: '/v1/bookings',
      body: JSON.stringify({ offer_id: bookOffer(), passengers: [{ full_name: 'Bench Passenger' }], contact: { name: 'Bench', phone: '+201001234567' } }),
      headers: { ...auth, 'idempotency-key': randomUUID() },
    }),
  });
}

/**
 * The sandbox's search throughput as a share of a bare fastify's sending the same answer, same
 * run. Two processes on a 2-core machine swing by tens of percent from one run to the next, so
 * the two are measured in turns, five pairs, and the figure is the median of the pairs' ratios.
 */
async function againstBareFastify(sandboxOrigin: string, auth: Record<string, string>, answer: string, requestBody: string): Promise<void> {
  const file = join(tmpdir(), `shubbak-bare-${process.pid}.json`);
  writeFileSync(file, answer);
  const bare = spawn(process.execPath, [join(ROOT, 'test/bench/bare-fastify.ts')], { cwd: ROOT, env: { ...process.env, BARE_BODY_FILE: file }, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const origin = new URL(/listening on (\S+)/.exec(await firstLine(bare.stdout!))![1]!).origin;
    const bareTarget: Target = { method: 'POST', next: () => ({ path: '/v1/search', body: requestBody, headers: { 'content-type': 'application/json' } }) };
    const bareRps = await measure('bare_fastify_search', origin, bareTarget);
    if (!bareRps) return;
    const sandboxTarget: Target = { method: 'POST', next: () => ({ path: '/v1/search', body: requestBody, headers: auth }) };
    const ratios: number[] = [];
    for (let pair = 0; pair < 5; pair++) {
      const mine = await throughput(sandboxOrigin, sandboxTarget, 2);
      const theirs = await throughput(origin, bareTarget, 2);
      ratios.push(mine / theirs);
    }
    const sorted = [...ratios].sort((a, b) => a - b);
    console.log(`#   search ÷ bare fastify, five pairs measured in turns: ${ratios.map((r) => r.toFixed(2)).join(', ')}`);
    console.log(`bench: sandbox.search_vs_bare_fastify.ratio = ${sorted[2]!.toFixed(2)} x (goal >= 0.7)`);
  } finally {
    bare.kill('SIGTERM');
    rmSync(file, { force: true });
  }
}

/** Requests a second over `seconds`, after a one-second warm-up. */
async function throughput(origin: string, target: Target, seconds: number): Promise<number> {
  await cannon(origin, target, 1);
  return (await cannon(origin, target, seconds)).requests.total / seconds;
}

function cannon(origin: string, target: Target, duration: number) {
  return autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        method: target.method,
        // Fresh header objects every time: autocannon writes content-length into the one it gets.
        setupRequest: (request: Record<string, unknown>) => {
          const next = target.next();
          return { ...request, ...next, headers: { ...next.headers } };
        },
      },
    ],
  });
}

async function measure(name: string, origin: string, target: Target): Promise<number | null> {
  if (ONLY.length > 0 && !ONLY.includes(name) && !(name === 'bare_fastify_search' && ONLY.includes('search'))) return null;
  await cannon(origin, target, 1); // warm-up
  const result = await cannon(origin, target, SECONDS);
  const rps = Math.round(result.requests.total / SECONDS);
  const goal = RPS_GOALS[name];
  console.log(`bench: sandbox.${name}.rps = ${rps} req/s${goal ? ` (goal >= ${goal})` : ''}`);
  console.log(`bench: sandbox.${name}.p50 = ${result.latency.p50} ms`);
  console.log(`bench: sandbox.${name}.p99 = ${result.latency.p99} ms (goal <= ${P99_GOAL_MS})`);
  if (result.non2xx > 0 || result.errors > 0) {
    console.log(`# ${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors, statuses ${JSON.stringify(result.statusCodeStats)}`);
  }
  return rps;
}

function firstLine(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: stream });
    lines.once('line', (line) => {
      resolve(line);
      lines.close();
    });
    lines.once('close', () => reject(new Error('sandbox exited before listening')));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
