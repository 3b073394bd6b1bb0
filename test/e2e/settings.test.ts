import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, cairoDate } from '../../core/cairo-time.ts';
import { launchChromium, paintSettled } from '../support/browser.ts';
import { CALL_PATH } from '../../main/web/harness.ts';
import { SCREENSHOTS, startApp, type RunningApp } from '../support/app.ts';
import { startSandbox } from '../../sandbox/server.ts';
import { printedPdf, RECEIPT_PRINTER, TICKET_PRINTER } from '../support/cups.ts';

// The supervisor's settings in Chromium, through the web harness, against the real counter in
// TRAINING (embedded sandbox, real journal, the real keychain under dbus, CUPS-PDF printers).

let app: RunningApp;
let browser: Browser;
let page: Page;

const TABS = ['credentials', 'prices', 'printers', 'counter', 'agents', 'station', 'wallet', 'updates', 'journal', 'training'] as const;
const TAB_NAMES = {
  // TRAINING adds the trainer's panel
  en: ['Partner API', 'Retail prices', 'Printers', 'Counter', 'Agents', 'Station', 'Wallet', 'Updates', 'Journal', 'Training'],
  ar: ['واجهة الشريك', 'أسعار البيع', 'الطابعات', 'الشباك', 'الموظفون', 'المحطة', 'المحفظة', 'التحديثات', 'سجل المبيعات', 'التدريب'],
};
/** Text as the agent reads it: the invisible bidi marks removed, no-break spaces as spaces. */
const plain = (s: string | null) => (s ?? '').replace(/[\u2066-\u2069\u200e\u200f\u061c]/g, '').replace(/[\u00a0\u202f]/g, ' ');

const settings = () => page.getByTestId('settings');
const tab = (name: string) => page.getByRole('tab', { name, exact: true });

async function openSettings(name: 'Settings' | 'الإعدادات') {
  await page.getByRole('button', { name, exact: true }).click();
  await expect.poll(() => settings().isVisible()).toBe(true);
}

async function setLanguage(lang: 'ar' | 'en') {
  const now = await page.locator('html').getAttribute('lang');
  if (now !== lang) await page.keyboard.press('F3');
  await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(lang);
}

/**
 * A screenshot of the whole settings screen: the shell scrolls inside its own frame, so the
 * viewport is made as tall as the content for the picture, then put back.
 */
async function shot(name: string) {
  const size = page.viewportSize()!;
  const extra = await settings()
    .locator('xpath=..')
    .evaluate((host) => Math.max(0, host.scrollHeight - host.clientHeight));
  await page.setViewportSize({ width: size.width, height: size.height + extra });
  await page.screenshot({ path: join(SCREENSHOTS, name) });
  await page.setViewportSize(size);
}

/**
 * The journal's table of recent sales at the counter's screen sizes: at 1280 × 800 its last
 * column (Reprint) is on screen inside the panel; at 1024 px the table scrolls inside its own
 * frame, which stays inside the panel, and scrolled to its end shows the last column whole.
 */
async function lastColumnFits() {
  const size = page.viewportSize()!;
  const table = page.getByTestId('journal-sales');
  const frame = table.locator('xpath=..');
  const panel = page.locator('#settings-panel-journal');
  const lastHead = table.locator('thead th').last();
  const right = (b: { x: number; width: number } | null) => (b ? b.x + b.width : Infinity);
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await lastHead.scrollIntoViewIfNeeded();
    expect(await frame.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    const [head, frameBox, panelBox] = await Promise.all([lastHead.boundingBox(), frame.boundingBox(), panel.boundingBox()]);
    expect(head!.x).toBeGreaterThanOrEqual(frameBox!.x);
    expect(right(head)).toBeLessThanOrEqual(right(frameBox) + 0.5);
    expect(right(frameBox)).toBeLessThanOrEqual(right(panelBox));
    expect(right(panelBox)).toBeLessThanOrEqual(1280);
    await shot('settings-journal-1280-en.png');

    await page.setViewportSize({ width: 1024, height: 768 });
    const [narrowFrame, narrowPanel] = await Promise.all([frame.boundingBox(), panel.boundingBox()]);
    expect(right(narrowFrame)).toBeLessThanOrEqual(right(narrowPanel));
    expect(right(narrowPanel)).toBeLessThanOrEqual(1024);
    await frame.evaluate((el) => {
      el.scrollBy({ left: el.scrollWidth });
      el.scrollIntoView({ block: 'center' });
    });
    const [end, endFrame] = await Promise.all([lastHead.boundingBox(), frame.boundingBox()]);
    expect(right(end)).toBeLessThanOrEqual(right(endFrame) + 0.5);
    expect(end!.x).toBeGreaterThanOrEqual(endFrame!.x);
    await page.screenshot({ path: join(SCREENSHOTS, 'settings-journal-1024-en.png') });
  } finally {
    await page.setViewportSize(size);
  }
}

beforeAll(async () => {
  app = await startApp();
  browser = await launchChromium();
  page = await browser.newPage({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
  await page.goto(app.harness.url);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('the supervisor settings', () => {
  it('opens from the shell, moves between tabs by keyboard, and closes with Esc', async () => {
    await expect.poll(() => page.getByTestId('environment').getAttribute('data-environment'), { timeout: 30_000 }).toBe('TRAINING');
    await setLanguage('ar');
    await openSettings('الإعدادات');
    expect(await page.getByRole('heading', { level: 1, name: 'الإعدادات' }).isVisible()).toBe(true);
    const tabs = page.getByRole('tablist', { name: 'أقسام الإعدادات' }).getByRole('tab');
    expect(await tabs.allTextContents()).toEqual(TAB_NAMES.ar);
    expect(await tab('واجهة الشريك').getAttribute('aria-selected')).toBe('true');

    await tab('واجهة الشريك').focus();
    await page.keyboard.press('ArrowDown');
    expect(await tab('أسعار البيع').getAttribute('aria-selected')).toBe('true');
    expect(await page.locator(':focus').getAttribute('id')).toBe('settings-tab-prices');
    await page.keyboard.press('End');
    expect(await tab('التدريب').getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowDown'); // wraps round
    expect(await tab('واجهة الشريك').getAttribute('aria-selected')).toBe('true');
    // the panel is labelled by its tab
    expect(await page.getByRole('tabpanel', { name: 'واجهة الشريك' }).count()).toBe(1);

    await page.keyboard.press('Escape');
    await expect.poll(() => settings().count()).toBe(0);
    await openSettings('الإعدادات');
  });

  it('shows TRAINING on the credentials tab and refuses a wrong secret with credential_rejected', async () => {
    await setLanguage('en');
    await tab('Partner API').click();
    const env = page.getByTestId('settings-environment');
    await expect.poll(() => env.getAttribute('data-environment')).toBe('TRAINING');
    expect(await env.textContent()).toContain('No credential is stored, so the counter runs in TRAINING');
    await expect.poll(() => page.getByTestId('credential-list').count()).toBe(0);
    expect(await page.getByText('No credential is stored.').isVisible()).toBe(true);

    const secret = 'sk_sandbox_this-is-not-the-secret';
    await page.getByLabel('Client id').fill('cid_sandbox_demo');
    await page.getByLabel('Client secret').fill(secret);
    expect(await page.getByLabel('Client secret').getAttribute('type')).toBe('password');
    await page.getByLabel('API address').fill(app.counter.info.apiBaseUrl);
    await page.getByRole('button', { name: 'Check and save' }).click();
    const result = page.getByTestId('credential-result');
    await expect.poll(() => result.locator('[data-code]').getAttribute('data-code'), { timeout: 30_000 }).toBe('credential_rejected');
    expect(await result.textContent()).toContain('That client id and secret were refused by the Partner API.');
    expect(await result.textContent()).toContain('Copy the client id and secret again');
    // the secret is gone from the form and never written anywhere on the page
    expect(await page.getByLabel('Client secret').inputValue()).toBe('');
    expect(await page.content()).not.toContain(secret);
    // still TRAINING, nothing stored
    expect(await env.getAttribute('data-environment')).toBe('TRAINING');
    await shot('settings-credentials-rejected-en.png');
  });

  it('refuses a base URL that is not https (or loopback http) with invalid_base_url', async () => {
    await page.getByLabel('Client secret').fill('sk_sandbox_whatever');
    await page.getByLabel('API address').fill('http://example.com/v1');
    await page.getByRole('button', { name: 'Check and save' }).click();
    const result = page.getByTestId('credential-result');
    await expect.poll(() => result.locator('[data-code]').getAttribute('data-code'), { timeout: 30_000 }).toBe('invalid_base_url');
    expect(await result.textContent()).toContain('Plain http:// is accepted only for a sandbox on this computer');
    expect(await page.getByLabel('Client secret').inputValue()).toBe('');
  });

  it('warns before a LIVE credential and will not send it until the supervisor confirms', async () => {
    await page.getByLabel('Client id').fill('cid_live_0000');
    await page.getByLabel('Client secret').fill('sk_live_0000');
    await page.getByLabel('API address').fill('https://partner.example/v1');
    const warning = page.getByTestId('live-warning');
    expect(await warning.textContent()).toContain('This is a LIVE credential: real money');
    const submit = page.getByRole('button', { name: 'Check and save' });
    expect(await submit.getAttribute('aria-disabled')).toBe('true');
    // refused: nothing is sent (no call leaves the page by the time it has painted the click), the last answer stays
    const calls: string[] = [];
    const onRequest = (r: Request) => void (r.url().includes(CALL_PATH) && calls.push(r.url().slice(r.url().indexOf(CALL_PATH) + CALL_PATH.length)));
    page.on('request', onRequest);
    await submit.click({ force: true });
    await paintSettled(page);
    page.off('request', onRequest);
    expect(calls.filter((name) => name === 'saveCredential')).toEqual([]);
    const result = page.getByTestId('credential-result');
    expect(await result.locator('[aria-busy=true]').count()).toBe(0);
    expect(await result.locator('[data-code]').getAttribute('data-code')).toBe('invalid_base_url');
    await page.getByLabel('I understand: switch this counter to LIVE').check();
    expect(await submit.getAttribute('aria-disabled')).toBeNull();
    await shot('settings-credentials-live-warning-en.png');
    // clear the form without sending
    await page.getByLabel('Client id').fill('');
    await page.getByLabel('Client secret').fill('');
    await page.getByLabel('API address').fill('');
    expect(await warning.count()).toBe(0);
  });

  it('adds a markup rule by operator and lists it with its price, who and when', async () => {
    await tab('Retail prices').click();
    const rules = page.getByTestId('markup-rules');
    await expect.poll(() => rules.locator('tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const before = await rules.locator('tbody tr').count();

    const operator = page.getByLabel('Operator', { exact: true });
    await expect.poll(() => operator.locator('option').count()).toBeGreaterThan(1);
    const operatorName = (await operator.locator('option').nth(1).textContent()) ?? '';
    await operator.selectOption({ index: 1 });
    await page.getByLabel('Percent of NET').fill('12.5');
    await page.getByLabel('Fixed per seat (EGP)').fill('٥٫٥٠'); // Arabic-Indic digits are accepted
    // 350.00 + 43.75 + 5.50 = 399.25 → 400.00
    expect(plain(await page.getByTestId('markup-preview-line').textContent())).toBe('NET EGP 350.00 → retail EGP 400.00');
    await page.getByLabel('Example NET per seat (EGP)').fill('101');
    expect(plain(await page.getByTestId('markup-preview-line').textContent())).toBe('NET EGP 101.00 → retail EGP 120.00');

    await page.getByRole('button', { name: 'Add rule' }).click();
    await expect.poll(() => rules.locator('tbody tr').count()).toBe(before + 1);
    const row = rules.locator('tbody tr', { hasText: operatorName });
    expect(await row.count()).toBe(1);
    const cells = (await row.locator('td').allTextContents()).map(plain);
    expect(cells.slice(0, 6)).toEqual([operatorName, 'Any → Any', 'Any class', '12.5%', 'EGP 5.50', 'EGP 400.00']);
    expect(cells[6]).toBe(app.counter.info.agent?.name);
    expect(cells[7]).toMatch(/\d{4}, \d{2}:\d{2}$/);
    expect(await page.getByText('The rule was saved.').isVisible()).toBe(true);

    // the same rule twice is refused, with what to do
    await operator.selectOption({ label: operatorName });
    await page.getByLabel('Percent of NET').fill('3');
    await page.getByRole('button', { name: 'Add rule' }).click();
    await expect.poll(() => page.getByTestId('markup-form').locator('[data-code]').getAttribute('data-code')).toBe('conflict');
    expect(await page.getByText('edit that rule instead').isVisible()).toBe(true);

    // edit it from the table, then delete it with a confirmation
    await row.getByRole('button', { name: /^Edit the rule for / }).click();
    expect(await page.getByLabel('Percent of NET').inputValue()).toBe('12.5');
    expect(await page.getByLabel('Fixed per seat (EGP)').inputValue()).toBe('5.50');
    await page.getByLabel('Percent of NET').fill('20');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(async () => plain(await row.locator('td').nth(3).textContent())).toBe('20%');
    await shot('settings-prices-edited-en.png');

    await row.getByRole('button', { name: /^Delete the rule for / }).click();
    expect(await page.locator(':focus').textContent()).toBe('Cancel'); // the safe answer has focus
    await page.getByRole('button', { name: 'Yes, delete it' }).click();
    await expect.poll(() => rules.locator('tbody tr').count()).toBe(before);
    expect(await page.getByText('The rule was deleted.').isVisible()).toBe(true);
  });

  it('shows the demo wallet: 100,000.00 EGP of play money and its statement', async () => {
    await tab('Wallet').click();
    await expect.poll(async () => plain(await page.getByTestId('wallet-balance').textContent()), { timeout: 15_000 }).toBe('EGP 100,000.00');
    expect(await page.getByTestId('wallet-low').count()).toBe(0);
    const statement = page.getByTestId('settings-wallet');
    await expect.poll(() => statement.locator('table, .st-empty').count()).toBeGreaterThan(0);
  });

  it('lists the system printers, saves the choice, and prints a test page for real', async () => {
    await tab('Printers').click();
    const ticket = page.getByLabel('Ticket printer', { exact: true });
    await expect.poll(() => ticket.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    const names = (await ticket.locator('option').allTextContents()).map(plain);
    expect(names.some((n) => n.startsWith(TICKET_PRINTER))).toBe(true);
    expect(names.some((n) => n.startsWith(RECEIPT_PRINTER))).toBe(true);
    await ticket.selectOption(TICKET_PRINTER);
    await page.getByLabel('Receipt printer', { exact: true }).selectOption(RECEIPT_PRINTER);
    await page.getByLabel('A4 sheet').check();
    await page.getByRole('button', { name: 'Save printer settings' }).click();
    await expect.poll(() => page.getByText('Printer settings saved.').isVisible()).toBe(true);
    expect(await page.evaluate(() => (globalThis as unknown as { shubbak: { printSettings(): Promise<unknown> } }).shubbak.printSettings())).toEqual({
      ok: true,
      value: { ticketPrinter: TICKET_PRINTER, receiptPrinter: RECEIPT_PRINTER, receiptPaper: 'A4' },
    });

    await page.getByTestId('printer-ticket-test').click();
    const result = page.getByTestId('printer-ticket-result');
    await expect.poll(() => result.getByTestId('print-sent').count(), { timeout: 30_000 }).toBe(1);
    const said = plain(await result.textContent());
    expect(said).toContain(`Test page sent to ${TICKET_PRINTER}.`);
    const job = /Print job (\S+)\.$/.exec(said)?.[1];
    expect(job).toMatch(new RegExp(`^${TICKET_PRINTER}-\\d+$`));
    // what came out of the printer: the test page's job, one page. (Its words are not checked
    // here: this CUPS-PDF re-renders fonts as Type 3 without a usable text map; the printing
    // tests read receipts and tickets.)
    const info = execFileSync('pdfinfo', [await printedPdf(job!)], { encoding: 'utf8' });
    expect(info).toMatch(/^Title:\s+\(?Shubbak test page/m);
    expect(info).toMatch(/^Pages:\s+1$/m);
    await shot('settings-printers-test-en.png');
  });

  it('renames the counter: the top bar shows the new name at once, and it is kept', async () => {
    await tab('Counter').click();
    const name = page.getByLabel('Counter name', { exact: true });
    await expect.poll(() => name.inputValue(), { timeout: 15_000 }).toBe('Cairo Gateway counter 1');
    const save = page.getByRole('button', { name: 'Save counter name' });
    // an empty name is refused on the spot, nothing is sent
    await name.fill('   ');
    await save.click();
    expect(await page.getByText('Enter the counter’s name.').isVisible()).toBe(true);
    expect(await name.getAttribute('aria-invalid')).toBe('true');

    await name.fill('  Luxor counter 2 ');
    await save.click();
    await expect.poll(async () => plain(await page.getByTestId('counter-saved').textContent())).toBe('Saved. This counter is now called Luxor counter 2.');
    await expect.poll(() => page.getByTestId('station').textContent()).toBe('Luxor counter 2');
    expect(await name.inputValue()).toBe('Luxor counter 2');
    expect(await page.evaluate(() => (globalThis as unknown as { shubbak: { appInfo(): Promise<{ value: { stationName: string } }> } }).shubbak.appInfo())).toMatchObject({
      ok: true,
      value: { stationName: 'Luxor counter 2' },
    });
    await shot('settings-counter-saved-en.png');
  });

  it('verifies the journal, backs it up, and lists recent sales', async () => {
    await tab('Journal').click();
    await page.getByRole('button', { name: 'Verify journal integrity' }).click();
    const ok = page.getByTestId('journal-ok');
    await expect.poll(() => ok.count(), { timeout: 15_000 }).toBe(1);
    expect(plain(await ok.textContent())).toMatch(/^The journal is intact: [\d,]+ entries checked/);

    await page.getByRole('button', { name: 'Back up now' }).click();
    const good = page.getByTestId('backup-last-good');
    await expect.poll(async () => plain((await good.textContent()) ?? ''), { timeout: 15_000 }).toMatch(/^Last good backup: .+, entries up to [\d,]+ \([\d.]+ (kB|MB|bytes)\)\./);
    const file = ((await good.locator('bdi.st-path').textContent()) ?? '').trim();
    expect(file).toMatch(/shubbak-training-ctr_.+\.db$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const sales = page.getByTestId('settings-journal');
    await expect.poll(() => sales.locator('[data-testid=journal-sales], .st-empty, .error-notice').count()).toBeGreaterThan(0);
    expect(await sales.locator('.error-notice').count()).toBe(0);
    await shot('settings-journal-checked-en.png');
  });

  it('lists a real sale in the journal, and its charge on the wallet statement', async () => {
    // One sale through the renderer's own contract calls, against the embedded sandbox.
    const tomorrow = addDays(cairoDate(new Date()), 1);
    const sale = await page.evaluate(async (date) => {
      type R = { ok: boolean; value?: any; error?: unknown }; // eslint-disable-line @typescript-eslint/no-explicit-any
      const api = (globalThis as unknown as { shubbak: Record<string, (a?: unknown) => Promise<R>> }).shubbak;
      const cities = await api.listCities!();
      const id = (name: string) => cities.value.find((c: { name: string }) => c.name === name).id as string;
      const found = await api.search!({ origin: id('Cairo'), destination: id('Alexandria'), departureDate: date, passengers: 1 });
      if (!found.ok || found.value.offers.length === 0) return { found };
      return api.sell!({
        saleId: crypto.randomUUID(),
        offerId: found.value.offers[0].offer.id,
        passengers: [{ full_name: 'Mona Ali' }],
        contact: { name: 'Mona Ali', phone: '+201001234567' },
        language: 'ar',
        cashTenderedMinor: 100_000_00,
      });
    }, tomorrow);
    expect(sale).toMatchObject({ ok: true, value: { status: 'confirmed' } });
    const { booking, retailTotalMinor, netTotalMinor } = (sale as { value: { booking: { id: string }; retailTotalMinor: number; netTotalMinor: number } }).value;

    await tab('Journal').click();
    await page.getByTestId('settings-journal').getByRole('button', { name: 'Refresh', exact: true }).click();
    const row = page.getByTestId('journal-sales').locator('tbody tr', { hasText: booking.id });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    const cells = (await row.locator('td').allTextContents()).map(plain);
    const egp = (minor: number) => `EGP ${(minor / 100).toLocaleString('en', { minimumFractionDigits: 2 })}`;
    expect(cells.slice(1, 3)).toEqual([booking.id, 'Cairo → Alexandria']);
    expect(cells.slice(4, 8)).toEqual(['1', egp(retailTotalMinor), egp(netTotalMinor), 'Confirmed']);
    // a confirmed sale can have its tickets and receipt printed again
    expect(cells[8]).toBe('Reprint ticketsReprint receipt');
    await lastColumnFits();
    await shot('settings-journal-sale-en.png');
    // today's figures are on the Reports screen (F7 from the counter): the sale's cash, the only sale of this counter
    await page.keyboard.press('Escape');
    await page.keyboard.press('F7');
    const day = page.getByTestId('day-figures');
    await expect.poll(async () => plain(await day.getByTestId('day-cash').locator('dd').textContent()), { timeout: 15_000 }).toBe(egp(retailTotalMinor));
    expect(plain(await day.getByTestId('day-sales').locator('dd').textContent())).toBe('1');
    expect(plain(await day.getByTestId('day-margin').locator('dd').textContent())).toBe(egp(retailTotalMinor - netTotalMinor));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Settings' }).click();

    await tab('Wallet').click();
    const debit = page.getByTestId('wallet-statement').locator('tbody tr[data-type=DEBIT]', { hasText: booking.id });
    await expect.poll(() => debit.count(), { timeout: 15_000 }).toBe(1);
    const amount = debit.locator('td').nth(2);
    expect(plain(await amount.textContent())).toBe(`-${egp(netTotalMinor)}`);
    expect(await amount.getAttribute('class')).toContain('st-debit');
    expect(plain(await page.getByTestId('wallet-balance').textContent())).toBe(egp(100_000_00 - netTotalMinor));
    // the line's booking opens in the booking view, over the counter
    await debit.getByTestId('statement-booking').click();
    const view = page.getByTestId('booking-view');
    await view.waitFor({ timeout: 15_000 });
    expect(plain(await view.textContent())).toContain(booking.id);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('lookup').count()).toBe(0);
    await openSettings('Settings');
  });

  it('keeps a screenshot of every tab in Arabic and in English', async () => {
    for (const lang of ['ar', 'en'] as const) {
      await setLanguage(lang);
      for (const [i, id] of TABS.entries()) {
        await tab(TAB_NAMES[lang][i] as string).click();
        const panel = page.locator(`#settings-panel-${id}`);
        await expect.poll(() => panel.locator('[aria-busy=true]').count(), { timeout: 15_000 }).toBe(0);
        await shot(`settings-${id}-${lang}.png`);
        // the longest name allowed, in the screen's digits (the example name keeps its own)
        if (id === 'counter') expect(plain(await page.locator('#st-counter-name-hint').textContent())).toMatch(lang === 'ar' ? /^حتى ٨٠ / : /\b80\b/);
      }
    }
    // Arabic mirrors the layout: the tab list is on the right
    await setLanguage('ar');
    const [tabsBox, panelBox] = await Promise.all([page.getByRole('tablist').boundingBox(), page.getByRole('tabpanel').boundingBox()]);
    expect(tabsBox!.x).toBeGreaterThan(panelBox!.x);
  });
  it('connects to a separate sandbox with its credential, shows only the mask, and goes back to TRAINING on removal', async () => {
    // `npm run sandbox` in-process on a free port: the counter must leave its embedded one for it.
    const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', quiet: true });
    try {
      await setLanguage('en');
      await tab('Partner API').click();
      const env = page.getByTestId('settings-environment');
      await expect.poll(() => env.getAttribute('data-environment')).toBe('TRAINING');
      const secret = 'sk_sandbox_demo';
      await page.getByLabel('Client id').fill('cid_sandbox_demo');
      await page.getByLabel('Client secret').fill(secret);
      await page.getByLabel('API address').fill(sandbox.baseUrl);
      await page.getByRole('button', { name: 'Check and save' }).click();
      const result = page.getByTestId('credential-result');
      await expect.poll(async () => plain(await result.textContent()), { timeout: 30_000 }).toMatch(/^Saved\. The counter now works in SANDBOX with cid_sandbox_…/);
      expect(await env.getAttribute('data-environment')).toBe('SANDBOX');
      const row = page.getByTestId('credential-list').locator('tbody tr[data-slot=primary]');
      const cells = (await row.locator('td').allTextContents()).map(plain);
      expect(cells.slice(0, 4)).toEqual(['Primary', 'SANDBOX', expect.stringMatching(/^cid_sandbox_…\w{1,4}$/), sandbox.baseUrl]);
      expect(await page.content()).not.toContain(secret);
      expect(await page.getByLabel('Client secret').inputValue()).toBe('');
      await shot('settings-credentials-sandbox-en.png');

      // the shell's badge follows at once, and after closing and reopening the settings
      await expect.poll(() => page.getByTestId('environment').getAttribute('data-environment'), { timeout: 15_000 }).toBe('SANDBOX');
      await page.keyboard.press('Escape');
      await expect.poll(() => settings().count()).toBe(0);
      expect(await page.getByTestId('environment').getAttribute('data-environment')).toBe('SANDBOX');
      await openSettings('Settings');

      await row.getByRole('button', { name: 'Remove the Primary credential' }).click();
      expect(plain(await page.getByRole('group').first().textContent())).toContain('If no credential is left, the counter goes back to TRAINING.');
      await page.getByRole('button', { name: 'Yes, remove it' }).click();
      await expect.poll(() => env.getAttribute('data-environment'), { timeout: 30_000 }).toBe('TRAINING');
      expect(await page.getByTestId('credential-list').count()).toBe(0);
      expect(await page.getByText('The credential was removed.').isVisible()).toBe(true);
      await expect.poll(() => page.getByTestId('environment').getAttribute('data-environment'), { timeout: 15_000 }).toBe('TRAINING');
    } finally {
      await sandbox.close();
    }
  });
});
