// `node test/bench/overhead.bench.ts`: the app's own time per sale step, against a sandbox with
// no latency: each step through the counter (contract dispatch, validation, pricing, the journal,
// the API client) minus the same Partner API call made bare over HTTP, medians of N rounds.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startCounter } from '../../main/counter.ts';
import { memoryKeychain } from '../../main/vault/keychain.ts';
import { startSandbox } from '../../sandbox/server.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const dir = mkdtempSync(join(tmpdir(), 'shubbak-overhead-'));
const api = await startSandbox({ port: 0, host: '127.0.0.1', quiet: true });
const counter = await startCounter({
  dataDir: dir,
  version: 'bench',
  keychain: memoryKeychain({ primary: JSON.stringify({ clientId: 'cid_sandbox_demo', clientSecret: 'sk_sandbox_demo', baseUrl: api.baseUrl, savedAt: '2026-01-01T00:00:00.000Z' }) }),
  spooler: { listPrinters: async () => [], print: async () => ({ jobId: null }) } as never,
});
try {
  const unlimited = { limit: 1_000_000_000, window_s: 60 };
  await fetch(`${api.origin}/_sandbox/config`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rate_limits: { search: unlimited, reference: unlimited, default: unlimited } }) });
  await fetch(`${api.origin}/_sandbox/wallet/topup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_id: 'cid_sandbox_demo', amount_minor: 1e13 }) });
  const call = async <T>(name: string, arg?: unknown): Promise<T> => {
    const r = (await counter.dispatch(name, arg)) as { ok: boolean; value?: T; error?: unknown };
    if (!r.ok) throw new Error(`${name}: ${JSON.stringify(r.error)}`);
    return r.value as T;
  };
  const token = ((await (await fetch(`${api.baseUrl}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_id: 'cid_sandbox_demo', client_secret: 'sk_sandbox_demo' }) })).json()) as { access_token: string }).access_token;
  const bare = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${api.baseUrl}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
    return res.json() as Promise<{ data: { id: string; seats: { number: string; available: boolean }[] } & Record<string, unknown> }>;
  };
  const ref = await call<{ cities: { id: string; name: string }[] }>('referenceData');
  const city = (n: string) => ref.cities.find((c) => c.name === n)!.id;
  const steps: Record<string, { app: number[]; bare: number[] }> = { search: { app: [], bare: [] }, offer: { app: [], bare: [] }, hold: { app: [], bare: [] }, sale: { app: [], bare: [] } };
  const time = async (list: number[], fn: () => Promise<unknown>) => {
    const t = performance.now();
    const v = await fn();
    list.push(performance.now() - t);
    return v;
  };
  for (let i = 0; i < ROUNDS; i++) {
    const day = new Date(Date.now() + (2 + (i % 30)) * 86_400_000).toISOString().slice(0, 10);
    const search = { origin: city('Cairo'), destination: city('Alexandria'), departureDate: day, passengers: 1 };
    const found = (await time(steps.search!.app, () => call('search', search))) as { offers: { offer: { id: string } }[] };
    await time(steps.search!.bare, () => bare('POST', '/search', { origin: search.origin, destination: search.destination, departure_date: day, passengers: 1 }));
    const offerId = found.offers[i % found.offers.length]!.offer.id;
    const detail = (await time(steps.offer!.app, () => call('readOffer', { offerId }))) as { offer: { seats: { number: string; available: boolean }[] } };
    await time(steps.offer!.bare, () => bare('GET', `/offers/${offerId}`));
    const free = detail.offer.seats.filter((s) => s.available);
    const hold = (await time(steps.hold!.app, () => call('createHold', { offerId, seats: 1, ...(free[0] ? { seatsRequested: [free[0].number] } : {}) }))) as { id: string };
    await time(steps.hold!.bare, () => bare('POST', '/holds', { offer_id: offerId, seats: 1, ...(free[1] ? { seats_requested: [free[1].number] } : {}) }));
    await time(steps.sale!.app, () =>
      call('sell', { saleId: randomUUID(), offerId: hold.id, passengers: [{ full_name: `Bench ${i}` }], contact: { name: 'Bench', phone: '+201001234567' }, language: 'en', cashTenderedMinor: 100_000_00 }),
    );
    await time(steps.sale!.bare, () =>
      bare('POST', '/bookings', { offer_id: offerId, passengers: [{ full_name: `Bare ${i}` }], contact: { name: 'Bench', phone: '+201001234567' } }, { 'idempotency-key': randomUUID() }),
    );
  }
  await counter.printed();
  for (const [name, s] of Object.entries(steps)) {
    const overhead = Math.max(0, median(s.app) - median(s.bare));
    console.log(`#   ${name}: through the counter ${median(s.app).toFixed(2)} ms, bare ${median(s.bare).toFixed(2)} ms`);
    console.log(`bench: app.overhead.${name}.ms = ${overhead.toFixed(2)} ms (goal < 20)`);
  }
} finally {
  await counter.close();
  await api.close();
  rmSync(dir, { recursive: true, force: true });
}
