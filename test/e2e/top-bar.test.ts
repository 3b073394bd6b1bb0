import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { plain, sellAndMoveDeparture, setLanguage, shotBothLanguages } from '../support/sale.ts';
import { linkWindow, stationWindowsPerFile } from '../support/station-windows.ts';

// The top bar at its fullest, on the narrowest screen a counter has (1366 × 768): a supervisor
// signed in with a shift (Reports, Shift, Lock), on a counter linked to a station (its chip), with
// a traveller to call. Everything stays on one row inside the window; only the counter's and the
// agent's names give way, ending in "…" and whole in their titles.

const SUPERVISOR = 'Samir Abdel Rahman';
const PIN = '246810';

const file = stationWindowsPerFile(1);

interface Box {
  testid: string;
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The bar's height, its children's boxes, and how many lines each of the two names takes. */
function barLayout(page: Page) {
  return page.evaluate(() => {
    const bar = document.querySelector('.topbar')!;
    // a line is under two font sizes high (line-height is 'normal' here)
    const lines = (el: Element) => Math.ceil(el.getBoundingClientRect().height / (2 * parseFloat(getComputedStyle(el).fontSize)));
    const boxes = [...bar.children].map((el, i) => {
      const r = el.getBoundingClientRect();
      return { testid: (el as HTMLElement).dataset.testid ?? `${el.className || el.tagName}#${i}`, top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    });
    const station = bar.querySelector('[data-testid=station]')!;
    const agent = bar.querySelector('[data-testid=agent] strong')!;
    return {
      height: bar.getBoundingClientRect().height,
      width: window.innerWidth,
      boxes,
      stationLines: lines(station),
      stationTitle: station.getAttribute('title'),
      agentLines: lines(agent),
      agentTitle: agent.getAttribute('title'),
    };
  });
}

/** What keeps the bar from being one row inside the window, each said in words (none: it is). */
function layoutProblems(bar: Awaited<ReturnType<typeof barLayout>>): string[] {
  const rowTop = Math.min(...bar.boxes.map((b: Box) => b.top));
  return [
    ...bar.boxes.flatMap((b) => [
      ...(b.top - rowTop >= 20 ? [`${b.testid} is on a second row`] : []),
      ...(b.left < 0 ? [`${b.testid} starts outside the window`] : []),
      ...(b.right > bar.width ? [`${b.testid} ends outside the window`] : []),
    ]),
    ...(bar.height >= 60 ? [`the bar is ${bar.height} px high`] : []),
    ...(bar.stationLines !== 1 ? ["the counter's name breaks over lines"] : []),
    ...(bar.agentLines !== 1 ? ["the agent's name breaks over lines"] : []),
  ];
}

describe('the top bar at its fullest at 1366 × 768', () => {
  it('keeps one row inside the window in both languages; the names end in … and are whole in their titles', async () => {
    const w = file.windows[0]!;
    const { page } = w;
    await page.setViewportSize({ width: 1366, height: 768 });
    await linkWindow(w, file.db, { stationId: 'stn_aswan', stationName: 'Aswan station' });
    await setLanguage(page, 'en');
    await sellAndMoveDeparture(w, 'Karim Nabil');
    await w.call('createFirstSupervisor', { name: SUPERVISOR, pin: PIN });
    await w.call('signOut');
    await page.reload();
    await page.getByTestId('sign-in').waitFor();
    await page.getByText(SUPERVISOR).click();
    await page.locator('#pin').fill(PIN);
    await page.keyboard.press('Enter');
    // signed in: the opening float is asked first, unless a shift is open already (either is on screen before going on)
    const openShift = page.getByTestId('open-shift');
    await openShift.or(page.getByTestId('open-shift-panel')).first().waitFor();
    if (await openShift.isVisible()) {
      await page.locator('#float-10000').fill('1');
      await page.getByRole('button', { name: 'Open the shift with this float' }).click();
    }
    for (const testid of ['sync-chip', 'worklist-chip', 'open-reports', 'open-shift-panel', 'lock', 'station', 'agent']) await page.getByTestId(testid).waitFor();
    await expect.poll(async () => plain(await page.getByTestId('sync-chip').textContent())).toMatch(/synced/i);

    for (const lang of ['en', 'ar'] as const) {
      await setLanguage(page, lang);
      // polled: a chip's text may change as the bar is read (the station's "sending…" between rounds)
      await expect.poll(async () => layoutProblems(await barLayout(page)), { timeout: 10_000 }).toEqual([]);
      const bar = await barLayout(page);
      expect(bar.stationTitle).toBe(plain(await page.getByTestId('station').textContent()));
      expect(bar.stationTitle).toBe('Cairo Gateway counter 1');
      expect(bar.agentTitle).toBe(SUPERVISOR);
    }
    await shotBothLanguages(page, 'top-bar-fullest');
  });
});
