import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS, startApp, type RunningApp } from '../support/app.ts';
import { launchChromium } from '../support/browser.ts';

// Settings → Updates through the web harness: off by default, HTTPS only, the choice kept.
// (The harness cannot replace itself, as an installed app can: it says so and keeps the setting.)

let app: RunningApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  browser = await launchChromium();
  page = await browser.newPage({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
  await page.goto(app.harness.url);
  await page.getByTestId('environment').and(page.locator('[data-environment=TRAINING]')).waitFor({ timeout: 30_000 });
  if ((await page.locator('html').getAttribute('lang')) !== 'en') await page.keyboard.press('F3');
  await page.locator('html[lang=en]').waitFor();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('tab', { name: 'Updates', exact: true }).click();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('the updates tab', () => {
  const panel = () => page.getByTestId('settings-updates');
  const status = () => page.getByTestId('updates-status');

  it('starts off, refuses a plain-HTTP feed, and keeps an HTTPS one', async () => {
    await expect.poll(() => status().textContent()).toContain('was not installed from an installer and cannot update itself');
    expect(await panel().getByRole('checkbox', { name: 'Install new versions from this feed' }).isChecked()).toBe(false);

    await panel().getByRole('checkbox', { name: 'Install new versions from this feed' }).check();
    const feed = panel().getByRole('textbox', { name: 'Feed address' });
    await feed.fill('http://updates.station.eg/shubbak');
    await panel().getByRole('button', { name: 'Save updates' }).click();
    expect(await panel().getByRole('alert').textContent()).toBe('Enter an https:// address without ? or #.');

    await feed.fill('https://updates.station.eg/shubbak');
    await panel().getByRole('button', { name: 'Save updates' }).click();
    await expect.poll(() => page.getByTestId('updates-saved').count()).toBe(1);
    const saved = (await app.counter.dispatch('updateStatus', undefined)) as { ok: true; value: { enabled: boolean; feedUrl: string; phase: string } };
    expect(saved.value).toMatchObject({ enabled: true, feedUrl: 'https://updates.station.eg/shubbak', phase: 'unavailable' });
    await page.screenshot({ path: join(SCREENSHOTS, 'settings-updates-saved-en.png') });
  });
});
