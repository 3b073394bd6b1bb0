// Settings edited by hand while the counter is closed, seen on the screens: the backup folder
// moved to one of the PC user's own (the top bar says "Backup settings changed" and Settings →
// Journal says what to do, in English and Arabic, until a supervisor saves them again), and the
// refund policy set to keep nothing (Settings → Counter says no such refund is paid until saved),
// and the station link pointed at another server (the top bar and Settings → Station say it is
// not linked until a supervisor connects again).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_SETTINGS_FILE } from '../../main/backup/settings.ts';
import { REFUND_SETTINGS_FILE } from '../../main/refunds/settings.ts';
import { STATION_SETTINGS_FILE } from '../../main/station/link.ts';
import { startPostgres, type TestPostgres } from '../support/postgres.ts';
import { caller, tempDir } from '../integration/main/helpers.ts';
import { axeFindings, report } from '../support/a11y.ts';
import { SCREENSHOTS, startApp, type RunningApp } from '../support/app.ts';
import { launchChromium } from '../support/browser.ts';

const folder = tempDir('shubbak-e2e-sealed-settings-');
const safe = tempDir('shubbak-e2e-safe-backups-');
const settings = { folder: safe.dir, everyHours: 3, warnAfterHours: 26, keepDays: 7, keepWeeks: 8 };
let app: RunningApp;
let browser: Browser;
let page: Page;
let db: TestPostgres;

beforeAll(async () => {
  app = await startApp({ dataDir: folder.dir });
  await caller(app.counter.dispatch).ok('saveBackupSettings', settings);
  await caller(app.counter.dispatch).ok('saveRefundSettings', { policy: { kind: 'percent', percent: 10 }, overdueDays: 14 });
  db = await startPostgres({ station: true });
  await caller(app.counter.dispatch).ok('connectStation', { stationId: 'stn_luxor', stationName: 'Luxor station', host: db.host, port: db.port, database: db.database, user: db.user, tls: false });
  await app.stop();
  const edit = (name: string, change: object) => {
    const file = join(folder.dir, name);
    writeFileSync(file, JSON.stringify({ ...(JSON.parse(readFileSync(file, 'utf8')) as object), ...change }));
  };
  edit(BACKUP_SETTINGS_FILE, { folder: folder.dir, keepDays: 1, keepWeeks: 0 });
  edit(REFUND_SETTINGS_FILE, { policy: { kind: 'none' } });
  edit(STATION_SETTINGS_FILE, { port: 1 });
  app = await startApp({ dataDir: folder.dir });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await page.goto(app.harness.url);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  db?.destroy();
  folder.cleanup();
  safe.cleanup();
});

const plain = (s: string | null) => (s ?? '').replace(/[\u2066-\u2069\u200e\u200f\u061c]/g, '').replace(/[\u00a0\u202f]/g, ' ');

describe('settings changed outside the app', () => {
  it('backup settings are on the top bar and in Settings → Journal, in English and in Arabic, until saved again', async () => {
    const chip = page.getByTestId('backup-chip');
    await expect.poll(() => chip.getAttribute('data-warning'), { timeout: 15_000 }).toBe('settings_changed');
    if ((await page.locator('html').getAttribute('lang')) !== 'en') await page.keyboard.press('F3');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    expect(plain(await chip.textContent())).toBe('Backup settings changed');
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('tab', { name: 'Journal', exact: true }).click();
    const notice = page.getByTestId('backup-warning');
    await expect.poll(() => notice.count()).toBe(1);
    expect(plain(await notice.textContent())).toMatch(/changed outside Shubbak .*until a supervisor checks them below and saves them/);
    await page.screenshot({ path: join(SCREENSHOTS, 'backup-settings-changed-en.png') });
    expect(report(await axeFindings(page, 'settings-backup-settings-changed'))).toBe('');
    await page.keyboard.press('F3');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ar');
    expect(plain(await chip.textContent())).toBe('تغيّرت إعدادات النسخ');
    expect(plain(await notice.textContent())).toMatch(/خارج شباك/);
    await page.screenshot({ path: join(SCREENSHOTS, 'backup-settings-changed-ar.png') });
    // the supervisor's save (this counter has no agent yet: it acts as its own) ends it
    await caller(app.counter.dispatch).ok('saveBackupSettings', settings);
    await page.reload();
    await expect.poll(() => page.getByTestId('backup-chip').count(), { timeout: 15_000 }).toBe(0);
  });

  it('a refund policy changed outside the app is said in Settings → Counter', async () => {
    await page.getByTestId('environment').waitFor();
    if ((await page.locator('html').getAttribute('lang')) !== 'en') await page.keyboard.press('F3');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('tab', { name: 'Counter', exact: true }).click();
    const notice = page.getByTestId('refund-settings-changed');
    await expect.poll(() => notice.count()).toBe(1);
    expect(plain(await notice.textContent())).toMatch(/changed outside Shubbak: no refund the station chooses to give is paid until a supervisor checks them and saves/);
    await notice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'refund-settings-changed-en.png') });
    await page.getByTestId('refund-settings-save').click();
    await expect.poll(() => notice.count()).toBe(0);
  });

  it('a station link changed outside the app is on the top bar and in Settings → Station', async () => {
    const chip = page.getByTestId('sync-chip');
    await expect.poll(() => chip.getAttribute('data-state'), { timeout: 15_000 }).toBe('changed_outside');
    expect(plain(await chip.textContent())).toBe('Station link changed');
    await page.getByRole('tab', { name: 'Station', exact: true }).click();
    const notice = page.getByTestId('station-changed-outside');
    await expect.poll(() => notice.count()).toBe(1);
    expect(plain(await notice.textContent())).toMatch(/changed outside Shubbak .*not linked until a supervisor connects it again/);
    await page.screenshot({ path: join(SCREENSHOTS, 'station-link-changed-en.png') });
    expect(report(await axeFindings(page, 'settings-station-changed-outside'))).toBe('');
  });
});
