import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPDATE_SETTINGS_FILE } from '../../main/updates/settings.ts';
import { tempDir } from '../integration/main/helpers.ts';
import { SCREENSHOTS, startApp, type RunningApp } from '../support/app.ts';
import { launchChromium } from '../support/browser.ts';

// Settings → Updates through the web harness: off by default, HTTPS only, the choice kept.
// (The harness cannot replace itself, as an installed app can: it says so and keeps the setting.)
// A feed set in the settings file by hand is held off, and the tab says why.

const folder = tempDir('shubbak-e2e-updates-');
let app: RunningApp;
let browser: Browser;
let page: Page;

async function openUpdatesTab() {
  await page.goto(app.harness.url);
  await page.getByTestId('environment').and(page.locator('[data-environment=TRAINING]')).waitFor({ timeout: 30_000 });
  if ((await page.locator('html').getAttribute('lang')) !== 'en') await page.keyboard.press('F3');
  await page.locator('html[lang=en]').waitFor();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('tab', { name: 'Updates', exact: true }).click();
}

beforeAll(async () => {
  app = await startApp({ dataDir: folder.dir });
  browser = await launchChromium();
  page = await browser.newPage({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
  await openUpdatesTab();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  folder.cleanup();
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

  it('holds off a feed set in the settings file by hand, and says why', async () => {
    await app.stop();
    const file = join(folder.dir, UPDATE_SETTINGS_FILE);
    writeFileSync(file, JSON.stringify({ ...(JSON.parse(readFileSync(file, 'utf8')) as object), feedUrl: 'https://evil.example.com/shubbak' }));
    app = await startApp({ dataDir: folder.dir });
    await openUpdatesTab();
    await expect.poll(() => status().textContent()).toContain('Updates are held off: the update settings were changed outside Shubbak');
    expect(await panel().getByRole('checkbox', { name: 'Install new versions from this feed' }).isChecked()).toBe(false);
    expect(await panel().getByRole('textbox', { name: 'Feed address' }).inputValue()).toBe('https://evil.example.com/shubbak');
    await page.screenshot({ path: join(SCREENSHOTS, 'settings-updates-held-en.png') });
  });
});
