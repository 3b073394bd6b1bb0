// Restoring a counter on a new PC through the screens (issue 24), in Chromium through the web
// harness: an old counter (TRAINING) sells and backs up to a "USB stick" folder; a new, empty
// counter offers "New PC? Restore a counter", takes the backup's path in Settings → Journal, and
// comes back as the old counter: its id, its sale in the journal, no restore offer any more (the
// window's name is this PC's setting, not the journal's: entered again, as the README says).
// Then Replace: the identity retired from the same screen, after a confirmation. A damaged file is refused with its message in Arabic.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installationCounterId } from '../../main/settings/installation.ts';
import { caller, sellOneSeat, tempDir } from '../integration/main/helpers.ts';
import { SCREENSHOTS, startApp, type RunningApp } from '../support/app.ts';
import { launchChromium } from '../support/browser.ts';

let oldPc: RunningApp;
let newPc: RunningApp;
let browser: Browser;
let page: Page;
const stick = tempDir('shubbak-e2e-stick-');
let backupPath = '';
let soldRef = '';

beforeAll(async () => {
  oldPc = await startApp();
  const c = caller(oldPc.counter.dispatch);
  const sale = await sellOneSeat(c, 'Hoda Salem', 0);
  soldRef = sale.booking!.id;
  mkdirSync(join(stick.dir, 'shubbak'));
  await c.ok('saveBackupSettings', { folder: join(stick.dir, 'shubbak'), everyHours: 3, warnAfterHours: 26, keepDays: 7, keepWeeks: 8 });
  backupPath = (await c.ok('backupJournal')).path;
  newPc = await startApp();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(newPc.harness.url);
});
afterAll(async () => {
  await browser?.close();
  await newPc?.stop();
  await oldPc?.stop();
  stick.cleanup();
});

async function setLanguage(lang: 'ar' | 'en') {
  if ((await page.locator('html').getAttribute('lang')) !== lang) await page.keyboard.press('F3');
  await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(lang);
}

describe('a new PC becomes the old counter', () => {
  it('offers the restore, refuses a damaged file in Arabic, restores the good one', async () => {
    await expect.poll(() => page.getByTestId('restore-chip').count(), { timeout: 15_000 }).toBe(1);
    await setLanguage('en');
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('tab', { name: 'Journal', exact: true }).click();
    const panel = page.getByTestId('restore-panel');
    await expect.poll(() => panel.isVisible()).toBe(true);

    // a damaged copy: refused, with what to do, in the agent's language
    const damaged = join(stick.dir, 'damaged.db');
    const bytes = readFileSync(backupPath);
    bytes.fill(0x5a, 100, 4096);
    writeFileSync(damaged, bytes);
    await setLanguage('ar');
    await page.getByTestId('restore-file').fill(damaged);
    await page.getByTestId('restore-go').click();
    await expect.poll(async () => (await panel.textContent()) ?? '', { timeout: 15_000 }).toContain('ملف النسخة الاحتياطية هذا تالف');
    await page.screenshot({ path: join(SCREENSHOTS, 'restore-refused-ar.png'), fullPage: true });
    await setLanguage('en');

    await page.getByTestId('restore-file').fill(backupPath);
    await page.getByTestId('restore-go').click();
    const done = page.getByTestId('restore-done');
    await expect.poll(() => done.count(), { timeout: 30_000 }).toBe(1);
    expect(((await done.textContent()) ?? '').replace(/[\u2066-\u2069]/g, '')).toContain(`Counter ${installationCounterId(oldPc.dataDir)} restored`);
    await page.screenshot({ path: join(SCREENSHOTS, 'restore-done-en.png'), fullPage: true });
    expect(installationCounterId(newPc.dataDir)).toBe(installationCounterId(oldPc.dataDir));

    // its sale in the journal on screen, no restore offer any more
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect.poll(async () => (await page.getByTestId('journal-sales').textContent()) ?? '', { timeout: 15_000 }).toContain(soldRef);
    await expect.poll(() => page.getByTestId('restore-chip').count(), { timeout: 70_000 }).toBe(0);
    const sales = await caller(newPc.counter.dispatch).ok('listSales', { limit: 10 });
    expect(sales.map((s) => s.bookingReference)).toEqual([soldRef]);
    expect((await caller(newPc.counter.dispatch).ok('backupStatus')).fresh).toBe(false);
  });

  it('Replace: the supervisor retires the identity, confirms, and the PC starts as a new counter', async () => {
    const restoredId = installationCounterId(newPc.dataDir);
    await page.getByTestId('retire-reason').fill('This PC goes to window 4');
    await page.getByTestId('retire-go').click();
    await page.getByRole('button', { name: 'Retire this counter', exact: true }).last().click(); // the confirmation
    const done = page.getByTestId('retire-done');
    await expect.poll(() => done.count(), { timeout: 15_000 }).toBe(1);
    const text = ((await done.textContent()) ?? '').replace(/[\u2066-\u2069]/g, '');
    expect(text).toContain(`Counter ${restoredId} retired`);
    expect(installationCounterId(newPc.dataDir)).not.toBe(restoredId);
    await page.screenshot({ path: join(SCREENSHOTS, 'retire-done-en.png'), fullPage: true });
    expect(await caller(newPc.counter.dispatch).ok('listSales', { limit: 10 })).toEqual([]);
    expect(readdirSync(join(newPc.dataDir, 'retired')).some((d) => d.startsWith(restoredId))).toBe(true);
  });
});
