// A busy window's day in one counter process (issue 24): a TRAINING counter with its embedded
// sandbox in this process sells SOAK_SALES sales (3,000 by default) through its contract calls:
// search, seat map, hold, sale, tickets and receipt printed by main (a spooler that takes the job
// at once), a lookup as the agent types (local every sale, the account's bookings every 25th), a
// booking opened every 10th, the worklist read every 20th and the trips checked every 100th, and
// two shifts opened, counted and closed (each close also makes an automatic verified backup).
// Prints memory at the start (after 500 warm-up sales) and at the end (RSS, and the JS heap after
// a full GC), the heap's growth per 1,000 sales, and the sale commit p99 (the `sell` call, intent
// to confirmed outcome) of the last 500 sales against the first 500.
// Run: node test/bench/soak.bench.ts   (SOAK_SALES=600 for a short run)
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString, writeHeapSnapshot } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { CallArg, CallValue } from '../../contract/api.ts';
import type { CallName } from '../../contract/calls.ts';
import type { Result } from '../../contract/errors.ts';
import { startCounter, type Counter } from '../../main/counter.ts';
import type { Spooler } from '../../main/printing/spooler.ts';
import { memoryKeychain } from '../../main/vault/keychain.ts';

const SALES = Number(process.env.SOAK_SALES ?? 3_000);
// Memory is read first after the warm-up: by then the bounded caches (offers, layouts, PDFs) are
// full, so what grows after is growth, not a cache filling up to its bound.
const WARMUP = Math.min(500, Math.floor(SALES / 5));
const WINDOW = Math.min(500, Math.floor((SALES - WARMUP) / 2));
const GROWTH_GOAL_MB = 5;
const P99_RATIO_GOAL = 1.2;
const MB = 1024 * 1024;

setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

/** With SOAK_HEAP_SNAPSHOTS=<folder>: a heap snapshot where memory is read (start, end), to see what grew. */
function memory() {
  gc();
  gc();
  if (process.env.SOAK_HEAP_SNAPSHOTS) writeHeapSnapshot(join(process.env.SOAK_HEAP_SNAPSHOTS, `soak-${Date.now()}.heapsnapshot`));
  const m = process.memoryUsage();
  return { rss: m.rss / MB, heap: m.heapUsed / MB, external: m.external / MB };
}

function call(counter: Counter) {
  return async <N extends CallName>(name: N, arg?: CallArg<N>): Promise<CallValue<N>> => {
    const r = (await counter.dispatch(name, arg)) as Result<CallValue<N>>;
    if (!r.ok) throw new Error(`${name}: ${JSON.stringify(r.error)}`);
    return r.value;
  };
}

const NAMES = ['Salma Hassan', 'سلمى حسن', 'Mohamed Ali', 'محمد علي', 'Mona Abdel Rahman', 'منى عبد الرحمن', 'Karim Nabil', 'كريم نبيل'];
const DESTINATIONS = ['Alexandria', 'Hurghada', 'Luxor', 'Aswan', 'Port Said', 'Sharm El Sheikh'];

// On tmpfs where there is one: the soak is about memory and about the sale staying as quick, not
// about this virtual disk's fsync (each sale commits durably several times; here that alone
// takes ~0.3 s a sale on a shared disk). SOAK_DIR chooses another folder.
const base = process.env.SOAK_DIR ?? (existsSync('/dev/shm') ? '/dev/shm' : tmpdir());
const dataDir = mkdtempSync(join(base, 'shubbak-soak-'));
const backups = join(dataDir, 'usb-stick');
mkdirSync(backups);
let jobs = 0;
const spooler: Spooler = {
  listPrinters: async () => [
    { name: 'SoakTickets', isDefault: true },
    { name: 'SoakReceipts', isDefault: false },
  ],
  print: async () => ({ jobId: `job-${++jobs}` }),
};
import { PerformanceObserver } from 'node:perf_hooks';
const gcs: { start: number; end: number; kind: number }[] = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) gcs.push({ start: e.startTime, end: e.startTime + e.duration, kind: (e as any).detail?.kind ?? 0 }); }).observe({ entryTypes: ['gc'] });
const saleSpans: { start: number; end: number; i: number }[] = [];
const counter = await startCounter({ dataDir, version: 'bench', keychain: memoryKeychain(), spooler, resumeEveryMs: 3_600_000 });
const ok = call(counter);
const started = performance.now();
try {
  const origin = counter.info.apiBaseUrl.replace(/\/v1$/, '');
  const control = (method: string, path: string, body: unknown) =>
    fetch(`${origin}/_sandbox${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const wide = { limit: 1_000_000, window_s: 60 };
  await control('PUT', '/config', { latency_ms: 0, operator_latency_ms: 0, rate_limits: { search: wide, reference: wide, default: wide } });
  await control('POST', '/wallet/topup', { client_id: 'cid_sandbox_demo', amount_minor: 1_000_000_000 });
  await ok('savePrintSettings', { ticketPrinter: 'SoakTickets', receiptPrinter: 'SoakReceipts', receiptPaper: '80mm' });
  await ok('saveBackupSettings', { folder: backups, everyHours: 3, warnAfterHours: 26, keepDays: 7, keepWeeks: 8 });
  await ok('createFirstSupervisor', { name: 'Soak Supervisor', pin: '246810' });
  await ok('openShift', { float: { '20000': 5 } });

  const ref = await ok('referenceData');
  const cairo = ref.cities.find((x) => x.name === 'Cairo')!;
  const destinations = DESTINATIONS.map((n) => ref.cities.find((x) => x.name === n)).filter((c) => c !== undefined);
  const sellTimes: number[] = [];
  const references: string[] = [];
  let atStart: ReturnType<typeof memory> | null = null;
  let closes = 0;
  for (let i = 0; i < SALES; i++) {
    if (i === WARMUP) atStart = memory();
    if (i === Math.floor(SALES / 2)) {
      // the first shift ends mid-day: blind count, close (an automatic backup follows), the next opens
      const count = await ok('countDrawer', { count: { '20000': 5 } });
      if (!Number.isFinite(count.expectedMinor)) throw new Error('no expected cash');
      await ok('closeShift', { comment: 'The soak closes its shift' });
      await ok('openShift', { float: { '20000': 5 } });
      closes++;
    }
    let sold = false;
    for (let attempt = 0; attempt < 40 && !sold; attempt++) {
      const to = destinations[(i + attempt) % destinations.length]!;
      const date = new Date(Date.now() + (1 + ((i + attempt * 7) % 28)) * 86_400_000).toISOString().slice(0, 10);
      const res = await ok('search', { origin: cairo.id, destination: to.id, departureDate: date, passengers: 1 });
      for (const priced of res.offers.slice(i % 3, (i % 3) + 4)) {
        const detail = await ok('readOffer', { offerId: priced.offer.id });
        const seat = detail.offer.seat_selection ? detail.offer.seats.find((s) => s.available) : undefined;
        if (!seat) continue;
        const hold = await ok('createHold', { offerId: priced.offer.id, seats: 1, seatsRequested: [seat.number] });
        const retail = detail.retailBySeat[seat.number]!;
        const t0 = performance.now();
        const outcome = await ok('sell', {
          saleId: randomUUID(),
          offerId: hold.id,
          passengers: [{ full_name: NAMES[i % NAMES.length]!, seat: seat.number }],
          contact: { name: 'Salma Hassan', phone: `+2010${String(10_000_000 + i).slice(-8)}` },
          language: i % 2 ? 'en' : 'ar',
          cashTenderedMinor: retail + 5_000,
        });
        sellTimes.push(performance.now() - t0);
        saleSpans.push({ start: t0, end: performance.now(), i });
        if (outcome.status !== 'confirmed') throw new Error(`sale ${i}: ${outcome.status}`);
        references.push(outcome.booking!.id);
        sold = true;
        break;
      }
    }
    if (!sold) throw new Error(`sale ${i}: no seat found`);
    await counter.printed();
    // the agent looks a booking up as they type, and opens one now and then
    const earlier = references[(i * 7919) % references.length]!;
    for (const n of [4, 6, 8]) await ok('findBookings', { query: earlier.slice(0, n) });
    if (i % 25 === 0) await ok('findAccountBookings', { query: NAMES[i % NAMES.length]! });
    if (i % 10 === 0) await ok('readBooking', { bookingReference: earlier });
    if (i % 20 === 0) await ok('worklist');
    if (i % 100 === 0) await ok('checkTrips');
    if (i % 500 === 0) console.log(`# ${i} sales, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  await ok('countDrawer', { count: { '20000': 5 } });
  await ok('closeShift', { comment: 'The soak closes its shift' });
  closes++;
  await counter.printed();
  const atEnd = memory();
  if (jobs !== 2 * SALES) throw new Error(`expected ${2 * SALES} print jobs, spooled ${jobs}`);
  const backup = await ok('backupStatus');
  const first = sellTimes.slice(WARMUP, WARMUP + WINDOW);
  const last = sellTimes.slice(-WINDOW);
  const measured = SALES - WARMUP;
  console.log(`# data folder on ${base}`);
  for (const [name, from, to] of [['first', WARMUP, WARMUP + WINDOW], ['last', SALES - WINDOW, SALES]] as const) {
    const spans = saleSpans.slice(from, to).sort((a, b) => (b.end - b.start) - (a.end - a.start)).slice(0, 8);
    for (const sp of spans) {
      const inGc = gcs.filter((g) => g.end > sp.start && g.start < sp.end);
      console.log(`# ${name} sale ${sp.i}: ${(sp.end - sp.start).toFixed(1)} ms; gc ${inGc.map((g) => `${g.kind}:${(g.end - g.start).toFixed(1)}`).join(' ')}`);
    }
  }
  const major = gcs.filter((g) => g.kind === 4 || g.kind === 8);
  console.log(`# gcs ${gcs.length}, major ${major.length}, major ms max ${Math.max(...major.map((g) => g.end - g.start)).toFixed(1)}, minor max ${Math.max(...gcs.filter((g) => g.kind === 1).map((g) => g.end - g.start)).toFixed(1)}`);
  console.log(`# ${SALES} sales, ${closes} shift closes, ${jobs} print jobs, last backup up to entry ${backup.lastGood?.seq ?? 0}, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  console.log(`bench: soak.sales = ${SALES} sales`);
  console.log(`bench: soak.rss_start = ${atStart!.rss.toFixed(1)} MB`);
  console.log(`bench: soak.rss_end = ${atEnd.rss.toFixed(1)} MB`);
  console.log(`bench: soak.heap_start = ${atStart!.heap.toFixed(1)} MB`);
  console.log(`bench: soak.heap_end = ${atEnd.heap.toFixed(1)} MB`);
  console.log(`bench: soak.external_start = ${atStart!.external.toFixed(1)} MB`);
  console.log(`bench: soak.external_end = ${atEnd.external.toFixed(1)} MB`);
  console.log(`bench: soak.heap_growth_per_1000_sales = ${(((atEnd.heap - atStart!.heap) / measured) * 1000).toFixed(2)} MB (goal < ${GROWTH_GOAL_MB})`);
  console.log(`bench: soak.rss_growth_per_1000_sales = ${(((atEnd.rss - atStart!.rss) / measured) * 1000).toFixed(2)} MB`);
  console.log(`bench: soak.sale_commit_first_${WINDOW}.p99 = ${percentile(first, 99).toFixed(1)} ms`);
  console.log(`bench: soak.sale_commit_last_${WINDOW}.p99 = ${percentile(last, 99).toFixed(1)} ms`);
  console.log(`bench: soak.sale_commit_p99_last_vs_first = ${(percentile(last, 99) / percentile(first, 99)).toFixed(2)} x (goal <= ${P99_RATIO_GOAL})`);
} finally {
  await counter.close();
  rmSync(dataDir, { recursive: true, force: true });
}
