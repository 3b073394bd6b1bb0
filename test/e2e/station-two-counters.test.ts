import { describe, expect, it } from 'vitest';
import { installationCounterId } from '../../main/settings/installation.ts';
import { cairoToAlexandria, keyboardSaleToPayment, outcomeStatus, payAndConfirm, plain, setLanguage, shotBothLanguages, type Counter } from '../support/sale.ts';
import { linkWindow, stationWindowsPerFile } from '../support/station-windows.ts';
import { caller } from '../integration/main/helpers.ts';

// Two windows of one station, each its own app (data folder, web harness) in its own Chromium,
// sell on one Partner API account (one sandbox) and ship their journals to one PostgreSQL; a
// third window of the same station, a supervisor on the Reports screen (F7), sees the whole
// station's day: both counters, both sales, and the account's wallet reconciled once.

const file = stationWindowsPerFile(3);

describe('two counters of one station, and the station’s day on a third screen', () => {
  it('shows both counters, both sales, and the wallet with 2 debits matched', async () => {
    for (const w of file.windows) await linkWindow(w, file.db, { stationId: 'stn_aswan', stationName: 'Aswan station' });
    const [first, second, third] = file.windows as [Counter, Counter, Counter];
    // One sale at each of the first two windows, by the keyboard, each in its own browser.
    const sold: number[] = [];
    for (const [i, w] of [first, second].entries()) {
      await setLanguage(w.page, 'en');
      const sale = await keyboardSaleToPayment(w.page, cairoToAlexandria([['Hoda Salem', 'Karim Nabil'][i]!], `0109876543${i}`));
      await payAndConfirm(w.page, sale.totalPounds);
      expect(await outcomeStatus(w.page)).toBe('confirmed');
      sold.push(Math.round(sale.totalPounds * 100));
    }
    const ids = [first, second].map((w) => installationCounterId(w.app.dataDir));
    expect(new Set(ids).size).toBe(2);

    // The third window: the Reports screen, the whole station's section.
    const page = third.page;
    await setLanguage(page, 'en');
    await page.keyboard.press('F7');
    const section = page.getByTestId('station-report');
    await section.waitFor({ timeout: 20_000 });
    await expect.poll(async () => plain(await section.textContent()), { timeout: 20_000 }).toContain('The whole station: Aswan station');
    const rows = section.locator('tbody tr');
    // The station's total row, one row per counter that sold, then the agents.
    await expect.poll(async () => plain(await rows.first().textContent()), { timeout: 20_000 }).toMatch(/^Station2/);
    const table = plain(await section.locator('tbody').textContent());
    for (const id of ids) expect(table).toContain(id.slice(0, 12));
    expect(table).not.toContain(installationCounterId(third.app.dataDir).slice(0, 12));
    expect(plain(await page.getByTestId('station-wallet').textContent())).toBe(
      'Wallet, once for the account: 2 debits and 0 reversals matched, 0 not matched.',
    );
    // The figures on screen are those the station database answers, and they add up to the sales.
    const report = await caller(third.app.counter.dispatch).ok('stationReport');
    expect(report.totals.sales).toBe(2);
    expect(report.totals.retailMinor).toBe(sold[0]! + sold[1]!);
    expect(report.counters.map((c) => c.counterId).sort()).toEqual([...ids].sort());
    expect(report.reconciliation.matchedDebits.map((m) => m.counterId).sort()).toEqual([...ids].sort());
    expect(report.reconciliation.unmatched).toEqual([]);

    await section.scrollIntoViewIfNeeded();
    await shotBothLanguages(page, 'station-two-counters');

    // Printed and saved from the third window, as the counter's own day report is.
    await page.getByTestId('print-station').click();
    await expect.poll(async () => plain(await page.getByTestId('station-done').textContent()), { timeout: 30_000 }).toBe('Sent to ReceiptPDF.');
    await page.getByTestId('export-station-pdf').click();
    await expect.poll(async () => plain(await page.getByTestId('station-done').textContent())).toMatch(/^Saved as .*station-stn_aswan-\d{4}-\d\d-\d\d-en-.*\.pdf$/);
    await page.keyboard.press('Escape');
  });
});
