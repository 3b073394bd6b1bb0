// Ticket PDFs over HTTP: time per GET /bookings/{ref}/tickets/{i}.pdf on a cache miss (rendered
// then), on a cache hit (same ETag, served from the LRU) and as a 304 (If-None-Match), English
// and Arabic alternating, plus the render time the server reports in Server-Timing. The sandbox
// runs in a child process (`--port 0 --memory`). Run: node test/bench/tickets-http.bench.ts
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = join(import.meta.dirname, '../..');
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 60);

async function main(): Promise<void> {
  const server = spawn(process.execPath, [join(ROOT, 'sandbox/cli.ts'), '--port', '0', '--memory'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const line = await new Promise<string>((resolve, reject) => {
      const lines = createInterface({ input: server.stdout! });
      lines.once('line', (l) => (resolve(l), lines.close()));
      lines.once('close', () => reject(new Error('sandbox exited before listening')));
    });
    const base = /listening on (\S+)/.exec(line)![1]!;
    await run(base, new URL(base).origin);
  } finally {
    server.kill('SIGTERM');
  }
}

async function run(base: string, origin: string): Promise<void> {
  const json = async <T>(url: string, method: string, body?: unknown, token?: string, headers: Record<string, string> = {}): Promise<T> => {
    const r = await fetch(url, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!r.ok) throw new Error(`${method} ${url}: ${r.status} ${await r.text()}`);
    return (await r.json()) as T;
  };
  const unlimited = { limit: 1_000_000_000, window_s: 60 };
  await json(`${origin}/_sandbox/config`, 'PUT', { rate_limits: { search: unlimited, reference: unlimited, default: unlimited } });
  const token = (await json<{ access_token: string }>(`${base}/oauth/token`, 'POST', { client_id: 'cid_sandbox_demo', client_secret: 'sk_sandbox_demo' })).access_token;
  const cities = (await json<{ data: { id: string; name: string }[] }>(`${base}/reference/cities`, 'GET', undefined, token)).data;
  const city = (name: string) => cities.find((c) => c.name === name)!.id;
  const today = (await json<{ data: { now: string } }>(`${origin}/_sandbox/clock`, 'GET')).data.now.slice(0, 10);
  const offers: string[] = [];
  for (let day = 2; offers.length < BOOKINGS; day++) {
    const date = new Date(Date.parse(today) + day * 86_400_000).toISOString().slice(0, 10);
    const { data } = await json<{ data: { id: string }[] }>(`${base}/search`, 'POST', { origin: city('Cairo'), destination: city('Alexandria'), departure_date: date }, token);
    offers.push(...data.map((o) => o.id));
  }
  const refs: string[] = [];
  for (const [i, offer] of offers.slice(0, BOOKINGS).entries()) {
    const body = { offer_id: offer, passengers: [{ full_name: i % 2 ? 'Mona Abdel Rahman' : 'سلمى حسن' }], contact: { name: 'Bench', phone: '+201001234567' } };
    refs.push((await json<{ data: { id: string } }>(`${base}/bookings`, 'POST', body, token, { 'idempotency-key': randomUUID() })).data.id);
  }

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const t0 = performance.now();
    const r = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } });
    await r.arrayBuffer();
    const ms = performance.now() - t0;
    const render = Number(/dur=([\d.]+)/.exec(r.headers.get('server-timing') ?? '')?.[1] ?? Number.NaN);
    return { status: r.status, etag: r.headers.get('etag')!, ms, render };
  };
  // Warm-up: fonts, layout caches, JIT.
  for (const ref of refs.slice(0, 5)) for (const lang of ['en', 'ar']) await get(`/bookings/${ref}/tickets/0.pdf?lang=${lang}&warm=1`);

  const miss: number[] = [];
  const missRender: number[] = [];
  const hit: number[] = [];
  const notModified: number[] = [];
  for (const [i, ref] of refs.entries()) {
    const path = `/bookings/${ref}/tickets/0.pdf?lang=${i % 2 ? 'en' : 'ar'}`;
    const first = await get(path);
    if (i >= 5) {
      miss.push(first.ms);
      missRender.push(first.render);
    }
    hit.push((await get(path)).ms);
    const conditional = await get(path, { 'if-none-match': first.etag });
    if (conditional.status !== 304) throw new Error(`expected 304, got ${conditional.status}`);
    notModified.push(conditional.ms);
  }
  const report = (name: string, xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const p = (q: number) => s[Math.min(s.length - 1, Math.ceil((q / 100) * s.length) - 1)]!.toFixed(1);
    console.log(`#   tickets-http.${name}: n = ${s.length}, max = ${s.at(-1)!.toFixed(1)} ms`);
    console.log(`bench: tickets-http.${name}.p50 = ${p(50)} ms (goal <= 50)`);
    console.log(`bench: tickets-http.${name}.p95 = ${p(95)} ms (goal <= 100)`);
  };
  report('miss.request', miss);
  report('miss.render', missRender);
  report('hit.request', hit);
  report('304.request', notModified);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
