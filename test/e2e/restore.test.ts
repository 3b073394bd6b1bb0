// Restoring a counter on a new PC through the screens (issue 24), in Chromium through the web
// harness: an old counter (TRAINING) sells and backs up to a "USB stick" folder; a new, empty
// counter offers "New PC? Restore a counter", takes the backup's path in Settings → Journal, and
// comes back as the old counter: its id, its sale in the journal, no restore offer any more (the
// window's name is this PC's setting, not the journal's: entered again, as the README says).
// Then Replace: the identity retired from the same screen, after a confirmation. A damaged file is refused with its message in Arabic.
// Then Reports (F7) read the retired journal: the old day's figures and its Z-report, opened
// read-only (its file unchanged, nothing written beside it), printed and saved marked with the
// retired counter's id.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installationCounterId } from '../../main/settings/installation.ts';
import { caller, sellOneSeat, tempDir } from '../integration/main/helpers.ts';
import { SCREENSHOTS, startApp, type RunningApp } from '../support/app.ts';
import { launchChromium } from '../support/browser.ts';
import { axeFindings, report } from '../support/a11y.ts';
import { printedPdf, pdfText, RECEIPT_PRINTER, TICKET_PRINTER } from '../support/cups.ts';
import type { DayReport } from '../../contract/counter.ts';
import { formatMoney } from '../../core/format.ts';

let oldPc: RunningApp;
let newPc: RunningApp;
let browser: Browser;
let page: Page;
const stick = tempDir('shubbak-e2e-stick-');
let backupPath = '';
let soldRef = '';
let oldDay: DayReport;

beforeAll(async () => {
  oldPc = await startApp();
  const c = caller(oldPc.counter.dispatch);
  await c.ok('openShift', { float: { '20000': 2 } });
  const sale = await sellOneSeat(c, 'Hoda Salem', 0);
  soldRef = sale.booking!.id;
  await c.ok('countDrawer', { count: { '20000': 2 } });
  await c.ok('closeShift', { comment: 'counted before the sale’s cash went to the safe' }); // Z-report no. 1
  oldDay = await c.ok('dayReport');
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

/** A PDF's text without its direction marks, on one line. */
const unmarked = (text: string) => text.replace(/[\u2066-\u2069\u200e\u200f]/g, '').replace(/\s+/g, ' ');

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
  it("Reports read the retired journal: the old day's figures and its Z-report, read-only, printed and saved marked with its counter id", async () => {
    const c = caller(newPc.counter.dispatch);
    await c.ok('savePrintSettings', { ticketPrinter: TICKET_PRINTER, receiptPrinter: RECEIPT_PRINTER, receiptPaper: '80mm' }); // this PC's printers
    const oldId = installationCounterId(oldPc.dataDir);
    const [retired, ...others] = await c.ok('retiredJournals');
    expect(others).toEqual([]);
    expect(retired).toMatchObject({ counterId: oldId, environment: 'TRAINING', firstDay: oldDay.date, lastDay: oldDay.date });
    const file = join(newPc.dataDir, 'retired', retired!.id);
    const digest = () => createHash('sha256').update(readFileSync(file)).digest('hex');
    const sealed = { digest: digest(), beside: readdirSync(dirname(file)).sort() };
    expect(sealed.beside).toEqual(['journal-training.db']); // sealed: no write-ahead log beside it

    await page.keyboard.press('Escape'); // Settings closed
    await expect.poll(() => page.getByTestId('settings').count()).toBe(0);
    await page.keyboard.press('F7');
    await page.getByTestId('reports').waitFor();
    await page.getByTestId('reports-journal').selectOption(retired!.id);
    const banner = page.getByTestId('retired-banner');
    await banner.waitFor();
    expect(((await banner.textContent()) ?? '').replace(/[\u2066-\u2069]/g, '')).toContain(`Retired counter ${oldId}`);
    // the old day's figures, as the old counter made them
    await expect.poll(async () => (await page.getByTestId('day-retail').textContent()) ?? '', { timeout: 15_000 }).toContain(formatMoney(oldDay.retailMinor, 'en'));
    expect(await page.getByTestId('day-sales').textContent()).toContain('1');
    expect(await page.locator('#reports-date').inputValue()).toBe(oldDay.date);
    expect(await page.getByTestId('report-shifts').locator('tbody tr').count()).toBe(1);
    await page.screenshot({ path: join(SCREENSHOTS, 'reports-retired-day-en.png'), fullPage: true });
    const findings = await axeFindings(page, 'reports over a retired journal (en)');
    await setLanguage('ar');
    await expect.poll(async () => (await banner.textContent()) ?? '').toContain('الشباك الموقوف');
    await page.screenshot({ path: join(SCREENSHOTS, 'reports-retired-day-ar.png'), fullPage: true });
    findings.push(...(await axeFindings(page, 'reports over a retired journal (ar)')));
    expect(findings, report(findings)).toEqual([]);
    await setLanguage('en');
    const retiredDay = await c.ok('retiredDayReport', { journal: retired!.id });
    const sums = (r: DayReport) => ({ counts: r.counts, seats: r.seats, retail: r.retailMinor, net: r.netMinor, cash: r.cashReceivedMinor, change: r.changeGivenMinor });
    expect(sums(retiredDay.figures)).toEqual(sums(oldDay));
    expect(retiredDay.retired).toEqual({ counterId: oldId, retiredAt: retired!.retiredAt });

    // saved as a PDF: marked with the retired counter's id
    await page.getByTestId('export-pdf').click();
    const saved = page.getByTestId('reports-done');
    await expect.poll(async () => (await saved.textContent()) ?? '', { timeout: 30_000 }).toMatch(/Saved as .*retired-.*\.pdf$/);
    const pdf = ((await saved.textContent()) ?? '').replace(/[\u2066-\u2069]/g, '').replace(/^Saved as /, '');
    expect(unmarked(pdfText(pdf))).toContain(`RETIRED COUNTER ${oldId}`);
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdf, join(SCREENSHOTS, 'reports-retired-day-pdf')]);
    // on the receipt printer: marked too (its second print a COPY of the retired counter's paper)
    await page.getByTestId('print-day').click();
    await expect.poll(async () => (await saved.textContent()) ?? '', { timeout: 30_000 }).toBe(`Sent to ${RECEIPT_PRINTER}.`);
    const dayPaper = await c.ok('printRetiredDayReport', { journal: retired!.id, language: 'en' });
    const dayText = unmarked(pdfText(await printedPdf(dayPaper.jobId!)));
    expect(dayText).toContain(`RETIRED COUNTER ${oldId}`);
    expect(dayText).toContain('COPY');

    // its Z-report, and on paper
    await page.getByTestId('report-shifts').getByRole('button', { name: 'Z no. 1' }).click();
    const z = page.getByTestId('z-report');
    await z.waitFor();
    expect(await z.textContent()).toContain('Z-report no. 1');
    expect(await banner.isVisible()).toBe(true);
    await z.getByTestId('print-z').click();
    await page.getByTestId('z-printed').waitFor({ timeout: 30_000 });
    await page.screenshot({ path: join(SCREENSHOTS, 'reports-retired-z-en.png'), fullPage: true });
    const again = await c.ok('printRetiredZReport', { journal: retired!.id, zNumber: 1, language: 'en' });
    const paper = unmarked(pdfText(await printedPdf(again.jobId!)));
    expect(paper).toContain('Z-report no. 1');
    expect(paper).toContain(`RETIRED COUNTER ${oldId}`);
    expect(paper).toContain('COPY'); // the screen's print was the first

    // read-only: the file as it was sealed, nothing written beside it; this counter's own journal apart
    expect(digest()).toBe(sealed.digest);
    expect(readdirSync(dirname(file)).sort()).toEqual(sealed.beside);
    expect(statSync(file).mode & 0o777).toBe(0o400);
    await page.keyboard.press('Escape');
    await page.getByTestId('reports-journal').selectOption('');
    await expect.poll(() => banner.count()).toBe(0);
    expect((await c.ok('stationDayReport')).figures.counts.confirmed).toBe(0);
  });
});
