import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { launchChromium } from '../support/browser.ts';
import { ROOT, startApp } from '../support/app.ts';
import { pricedDetail, pricedOffers } from '../support/sale-fixtures.ts';

// The renderer's own speed, in Chromium through the web harness on the built renderer: the
// results list with 300 departures and the double-decker seat map (the sandbox's Setra layout),
// drawn by the real components (OfferList, SeatMapView) from fixture data, timed from render
// to a laid-out DOM. Each figure is the median of several fresh mounts; Arabic (RTL) is timed
// too because that is the counter's default.
//   node test/bench/renderer.bench.ts

const RUNS = 9;

/** What the renderer's `?bench=` mode puts on the page (renderer/src/bench/bench.tsx). */
interface BenchWindow {
  shubbakBench?: {
    offers(offers: unknown, locale: 'ar' | 'en'): number;
    seatMap(detail: unknown, locale: 'ar' | 'en'): number;
    seatClicks(detail: unknown, locale: 'ar' | 'en', clicks: number): number[];
  };
}
// `npm run bench` (test/bench/run.ts) has built it already; run alone, this bench builds it.
if (!process.env.SHUBBAK_BENCH_BUILT) {
  const build = spawnSync(join(ROOT, 'node_modules', '.bin', 'electron-vite'), ['build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const app = await startApp();
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  const url = new URL(app.harness.url);
  url.search = '?bench=1';
  await page.goto(url.toString());
  await page.waitForFunction(() => Boolean((window as BenchWindow).shubbakBench), undefined, { timeout: 15_000 });

  const offers = pricedOffers(300);
  const detail = pricedDetail('doubledecker');
  const seats = detail.offer.seats.length;

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  async function measure(kind: 'offers' | 'seatMap', locale: 'ar' | 'en'): Promise<{ first: number; median: number }> {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      times.push(
        await page.evaluate(
          ([k, data, l]) => {
            const bench = (window as BenchWindow).shubbakBench!;
            return k === 'offers' ? bench.offers(data, l) : bench.seatMap(data, l);
          },
          [kind, kind === 'offers' ? offers : detail, locale] as const,
        ),
      );
    }
    return { first: times[0]!, median: median(times) };
  }

  const offersEn = await measure('offers', 'en');
  const offersAr = await measure('offers', 'ar');
  const mapEn = await measure('seatMap', 'en');
  const mapAr = await measure('seatMap', 'ar');
  const rendered = await page.evaluate(() => document.querySelectorAll('button.seat').length);
  if (rendered !== seats) throw new Error(`the seat map drew ${rendered} seats, not ${seats}`);
  const clicks: number[] = [];
  for (const l of ['en', 'ar'] as const) {
    clicks.push(...(await page.evaluate(([data, lang]) => (window as BenchWindow).shubbakBench!.seatClicks(data, lang, 10), [detail, l] as const)));
  }
  if (clicks.length < 10) throw new Error(`only ${clicks.length} seats could be clicked`);
  const picked = await page.evaluate(() => document.querySelectorAll('button.seat[aria-pressed=true]').length);
  if (picked === 0) throw new Error('a click picked no seat');

  const f = (n: number) => n.toFixed(1);
  console.log(`bench: ui.render_300_offers.ms = ${f(Math.max(offersEn.median, offersAr.median))} ms (goal < 50)`);
  console.log(`#   300 offers: en median ${f(offersEn.median)} ms (first ${f(offersEn.first)}), ar median ${f(offersAr.median)} ms (first ${f(offersAr.first)})`);
  console.log(`bench: ui.render_double_decker_map.ms = ${f(Math.max(mapEn.median, mapAr.median))} ms (goal <= 100)`);
  console.log(`bench: ui.seat_click_to_repaint.p95 = ${f([...clicks].sort((a, b) => a - b)[Math.floor(clicks.length * 0.95)]!)} ms (goal < 16)`);
  console.log(`#   double-decker, ${seats} seats on two decks: en median ${f(mapEn.median)} ms (first ${f(mapEn.first)}), ar median ${f(mapAr.median)} ms (first ${f(mapAr.first)})`);
} finally {
  await browser.close();
  await app.stop();
}
