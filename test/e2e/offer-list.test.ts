// The results list of a long search (300 departures) in Chromium, drawn by the real OfferList
// through the renderer's bench page: its first rows at once, the rest as the agent scrolls or
// keys towards them, every row saying its place in the whole list, End reaching the last one.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../support/app.ts';
import { launchChromium } from '../support/browser.ts';
import { pricedOffers } from '../support/sale-fixtures.ts';

/** What the renderer's `?bench=` page offers (renderer/src/bench/bench.tsx). */
interface BenchWindow {
  shubbakBench?: { offers(offers: unknown, locale: 'ar' | 'en'): number };
}

let app: RunningApp;
let browser: Browser;
let page: Page;
const offers = pricedOffers(300);

beforeAll(async () => {
  app = await startApp();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  const url = new URL(app.harness.url);
  url.search = '?bench=1';
  await page.goto(url.toString());
  await page.waitForFunction(() => Boolean((window as BenchWindow).shubbakBench));
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** The list in a screen-high scrolling panel, as the results step shows it. */
async function showList(): Promise<void> {
  await page.evaluate((data) => {
    const root = document.getElementById('root')!;
    root.style.cssText = 'display:flex;flex-direction:column;height:700px';
    (window as BenchWindow).shubbakBench!.offers(data, 'en');
  }, offers);
}
const rows = () => page.locator('[data-testid=offers] button.offer');
const focusedPlace = () => page.evaluate(() => document.activeElement?.closest('li')?.getAttribute('aria-posinset') ?? null);

describe('a list of 300 departures', () => {
  it('draws its first rows at once, each saying its place among all 300', async () => {
    await showList();
    expect(await rows().count()).toBe(40);
    const places = await page.locator('[data-testid=offers] > li:not([aria-hidden])').evaluateAll((lis) => lis.map((li) => `${li.getAttribute('aria-posinset')}/${li.getAttribute('aria-setsize')}`));
    expect(places[0]).toBe('1/300');
    expect(places.at(-1)).toBe('40/300');
    // The scroll bar is the whole list's: the panel scrolls about 300 rows' height.
    const { scroll, row } = await page.evaluate(() => {
      const panel = document.querySelector('.offers-scroll')!;
      return { scroll: panel.scrollHeight, row: document.querySelector('[data-testid=offers] > li')!.getBoundingClientRect().height };
    });
    expect(scroll).toBeGreaterThan(row * 250);
  });

  it('keys reach every row: PageDown past the drawn ones draws them, End goes to the 300th', async () => {
    await showList();
    await rows().first().focus();
    for (let i = 0; i < 9; i++) await page.keyboard.press('PageDown');
    expect(await focusedPlace()).toBe('46');
    await page.keyboard.press('End');
    expect(await focusedPlace()).toBe('300');
    expect(await rows().count()).toBe(300);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-offer-id'))).toBe(offers[299]!.offer.id);
    await page.keyboard.press('Home');
    expect(await focusedPlace()).toBe('1');
  });

  it('scrolling to the end draws the rest', async () => {
    await showList();
    await expect
      .poll(
        async () => {
          await page.evaluate(() => {
            const panel = document.querySelector('.offers-scroll')!;
            panel.scrollTop = panel.scrollHeight;
          });
          return rows().count();
        },
        { timeout: 10_000 },
      )
      .toBe(300);
  });
});
