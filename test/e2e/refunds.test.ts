import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { caller, sellOneSeat } from '../integration/main/helpers.ts';
import { join } from 'node:path';
import { SCREENSHOTS } from '../support/app.ts';
import { printedPdf } from '../support/cups.ts';
import { counterPerFile, plain, setLanguage, shot, shotBothLanguages, usePdfPrinters, type Counter } from '../support/sale.ts';

// The traveller's whole story in Chromium: a departure sold here is cancelled by the operator,
// the agent finds the booking (Ctrl+F) and pays it back from the keyboard, the refund receipt
// comes out of the receipt printer, the day report lists the refund, the claim opens in the
// Claims view and closes when the account manager's adjustment lands; the claims statement PDF.
let c: Counter;
counterPerFile((opened) => {
  c = opened;
});

describe('money back at the window', () => {
  it('refunds a cancelled trip, prints the receipt, and follows the claim to its settlement', async () => {
    const { page, sandbox } = c;
    await usePdfPrinters(c);
    const api = caller(c.app.counter.dispatch);
    const sale = await sellOneSeat(api, 'Yasmin Refund', 0);
    const ref = sale.booking!.id;
    await c.app.counter.printed();
    expect((await fetch(`${sandbox.origin}/_sandbox/bookings/${ref}/cancel-trip`, { method: 'POST' })).ok).toBe(true);
    await setLanguage(page, 'en');

    // Find the booking and open the refund from the keyboard.
    await page.keyboard.press('Control+f');
    await page.getByTestId('lookup-query').waitFor();
    await page.keyboard.type('yasmin ref');
    await expect.poll(() => page.getByTestId('lookup-here').getByTestId('lookup-hit').count()).toBeGreaterThan(0);
    await page.keyboard.press('Enter');
    await page.getByTestId('booking-view').waitFor();
    await page.getByTestId('refund-open').focus();
    await page.keyboard.press('Enter');
    const panel = page.getByTestId('refund-panel');
    await panel.getByTestId('refund-cause').waitFor();
    expect(plain(await panel.getByTestId('refund-cause').textContent())).toMatch(/^The operator cancelled this departure/);
    await panel.scrollIntoViewIfNeeded();
    await shotBothLanguages(page, 'refund-1-panel');
    // The ticket's checkbox has the focus: Enter submits the form (pays the chosen ticket).
    await page.keyboard.press('Enter');
    const done = page.getByTestId('refund-done');
    await done.waitFor({ timeout: 20_000 });
    expect(plain(await done.textContent())).toMatch(/^Paid back EGP [\d,.]+ in cash\. Refund receipt: sent to ReceiptPDF\./);
    await shotBothLanguages(page, 'refund-2-paid');
    // the receipt printed again says where it went, beside its button (the focus is on it)
    const reprint = page.getByTestId('refund-reprint');
    expect(await reprint.getByRole('button').evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(async () => plain(await reprint.getByRole('status').textContent()), { timeout: 20_000 }).toBe('Sent to ReceiptPDF.');
    const receipt = await printedPdf((await done.getAttribute('data-job-id'))!);
    const text = plain(execFileSync('pdftotext', ['-enc', 'UTF-8', receipt, '-'], { encoding: 'utf8' })).replace(/\s+/g, ' ');
    for (const words of ['Refund receipt', ref, 'Yasmin Refund', "Traveller's signature", 'TRAINING']) expect(text).toContain(words);
    execFileSync('pdftoppm', ['-png', '-r', '110', receipt, join(SCREENSHOTS, 'refund-receipt')]);

    // The ticket now shows as refunded, and nothing is left to pay back.
    expect(plain(await panel.getByTestId('refund-ticket-0').textContent())).toMatch(/refunded$/);
    expect(await panel.getByTestId('refund-pay-all').getAttribute('aria-disabled')).toBe('true');
    expect(await panel.getByTestId('refund-ticket-0').locator('input').isDisabled()).toBe(true);
    expect(plain(await panel.getByTestId('refund-pay').getAttribute('aria-disabled'))).toBe('true');
    // Esc closes the refund (the focus back on its button), then the booking, then the search.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('refund-open');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('lookup').count()).toBe(0);

    // The day report lists it; the claim opens, then the account manager settles it.
    await page.keyboard.press('F7');
    await page.getByTestId('reports').waitFor();
    await page.getByTestId('refunds-figures').waitFor({ timeout: 20_000 });
    expect(plain(await page.getByTestId('refunds-count').textContent())).toBe('1');
    await page.getByTestId('claims-load').click();
    const row = page.getByTestId('claim-row');
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('open');
    expect(plain(await row.textContent())).toContain(ref);
    await page.getByTestId('claims').scrollIntoViewIfNeeded();
    await shotBothLanguages(page, 'refund-3-claims-open');
    const adjust = await fetch(`${sandbox.origin}/_sandbox/wallet/adjust`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: 'cid_sandbox_demo', amount_minor: sale.booking!.total_charged.amount_minor, reason: 'Cancelled departure', booking_ref: ref }),
    });
    expect(adjust.ok).toBe(true);
    await page.getByTestId('claims-load').click();
    await expect.poll(() => row.getAttribute('data-status')).toBe('settled');
    await shotBothLanguages(page, 'refund-4-claims-settled');
    await page.getByTestId('claims-pdf').click();
    await page.getByTestId('claims-exported').waitFor();
    const path = plain(await page.getByTestId('claims-exported').textContent()).replace(/^Saved to /, '');
    const statement = execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });
    expect(statement).toContain(ref);
    expect(statement).toContain('Claims statement');
    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', path, join(SCREENSHOTS, 'claims-statement')]);
    await shot(page, 'refund-5-exported-en');
  });

  it('refunds from the trip-changes list the traveller whose trip was cancelled', async () => {
    const { page, sandbox } = c;
    const api = caller(c.app.counter.dispatch);
    const sale = await sellOneSeat(api, 'Karim Worklist', 0, 'en', 5);
    await c.app.counter.printed();
    expect((await fetch(`${sandbox.origin}/_sandbox/bookings/${sale.booking!.id}/cancel-trip`, { method: 'POST' })).ok).toBe(true);
    await api.ok('checkTrips');
    await page.reload();
    await setLanguage(page, 'en');
    const chip = page.getByTestId('worklist-chip');
    await chip.waitFor({ timeout: 20_000 });
    await chip.click();
    const item = page.getByTestId('worklist-item').filter({ hasText: 'Karim Worklist' });
    await item.waitFor();
    await item.getByTestId('refund-open').click();
    await item.getByTestId('refund-cause').waitFor();
    expect(plain(await item.getByTestId('refund-cause').textContent())).toMatch(/^The operator cancelled this departure/);
    await shotBothLanguages(page, 'refund-6-worklist');
    await item.getByTestId('refund-pay-all').click();
    await item.getByTestId('refund-done').waitFor({ timeout: 20_000 });
    expect(plain(await item.getByTestId('refund-done').textContent())).toContain(`Paid back EGP`);
    const refunds = (await api.ok('stationDayReport')).refunds!.paid;
    expect(refunds).toMatchObject({ count: 2, claimable: { count: 2 } });
  });
});
