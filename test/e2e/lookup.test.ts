import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { systemClock, sleep } from '../../main/clock.ts';
import { PartnerClient } from '../../main/partner/client.ts';
import { TRAINING_CREDENTIAL } from '../../main/session.ts';
import { caller, findOffer, sellOneSeat } from '../integration/main/helpers.ts';
import { counterPerFile, plain, setLanguage, shot, shotBothLanguages, unnamedControls, type Counter } from '../support/sale.ts';

// Find a booking from the main screen (Ctrl+F) in Chromium through the web harness: results as
// the agent types, ↑↓ Enter to the booking view (journey, passengers with their e-ticket QR, the
// sale made here), reprints, Esc back and closed; a booking made outside the app from the account.

let c: Counter;
counterPerFile((opened) => {
  c = opened;
});

describe('find a booking', () => {
  it('finds a sale made here by name as the agent types, opens it by keyboard, reprints its receipt as a copy', async () => {
    const { page } = c;
    const call = caller(c.app.counter.dispatch);
    const sale = await sellOneSeat(call, 'Mariam Lookup', 0);
    const ref = sale.booking!.id;
    await c.app.counter.printed();
    await setLanguage(page, 'en');

    await page.keyboard.press('Control+f');
    await page.getByTestId('lookup-query').waitFor();
    await page.keyboard.type('mariam look');
    const here = page.getByTestId('lookup-here').getByTestId('lookup-hit');
    await expect.poll(() => here.count()).toBeGreaterThan(0);
    expect(plain(await here.first().textContent())).toContain(ref);
    await expect.poll(() => page.getByTestId('lookup').getByRole('status').count()).toBe(0); // the account answered
    await shotBothLanguages(page, 'lookup-results');
    expect(await unnamedControls(page)).toEqual([]);

    await page.keyboard.press('Enter');
    await page.getByTestId('booking-view').waitFor();
    expect(plain(await page.getByTestId('booking-ref').textContent())).toBe(ref);
    expect(plain(await page.getByTestId('valid-for-travel').textContent())).toBe('Not valid for travel');
    expect(await page.locator('[data-testid=passenger] svg.qr path').count()).toBe(1);
    expect(plain(await page.getByTestId('print-counts').textContent())).toBe('Printed so far: tickets 1, receipts 1');
    await shotBothLanguages(page, 'lookup-booking');
    await page.getByTestId('reprint-receipt').scrollIntoViewIfNeeded();
    expect(plain(await page.getByTestId('reprint-receipt').textContent())).toBe('Receipt (COPY)');
    await shotBothLanguages(page, 'lookup-booking-sale');

    await page.getByTestId('reprint-receipt').click();
    await expect.poll(async () => plain(await page.getByTestId('print-counts').textContent())).toBe('Printed so far: tickets 1, receipts 2');
    await page.getByTestId('reprint-0-ar').click();
    await expect.poll(async () => plain(await page.getByTestId('print-counts').textContent())).toBe('Printed so far: tickets 2, receipts 2');
    expect(plain(await page.getByTestId('reprinted').textContent())).toMatch(/^Sent to /);

    await page.keyboard.press('Escape');
    await queryFocused(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('lookup').count()).toBe(0);
  });

  it('finds a sale by phone in another writing, and a booking made outside the app on the account', async () => {
    const { page } = c;
    const call = caller(c.app.counter.dispatch);
    const client = new PartnerClient({ baseUrl: c.app.counter.info.apiBaseUrl, credentials: [TRAINING_CREDENTIAL], version: '0.1.0', clock: systemClock, sleep });
    const { priced } = await findOffer(call, 1, 5);
    const body = { offer_id: priced.offer.id, passengers: [{ full_name: 'سلمى فؤاد' }], contact: { name: 'سلمى فؤاد', phone: '01551112222' } };
    const outside = (await client.createBooking(randomUUID(), JSON.stringify(body))).booking;
    await setLanguage(page, 'ar');

    await page.keyboard.press('Control+f');
    await page.getByTestId('lookup-query').fill('+20 10 0123 4567');
    await expect.poll(() => page.getByTestId('lookup-here').getByTestId('lookup-hit').count()).toBeGreaterThan(0);

    await page.getByTestId('lookup-query').fill('');
    await page.keyboard.type('سلمي');
    const account = page.getByTestId('lookup-account').getByTestId('lookup-hit');
    await expect.poll(() => account.count(), { timeout: 15_000 }).toBe(1);
    expect(plain(await account.textContent())).toContain(outside.id);
    await shot(page, 'lookup-account-ar');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByTestId('booking-view').waitFor();
    expect(plain(await page.getByTestId('booking-ref').textContent())).toBe(outside.id);
    expect(await page.getByTestId('sale-facts').count()).toBe(0);
    expect(await page.getByTestId('reprint-receipt').count()).toBe(0);
    await shotBothLanguages(page, 'lookup-outside');
    await page.getByTestId('reprint-all-en').click();
    await expect.poll(async () => plain(await page.getByTestId('reprinted').textContent())).toMatch(/TicketPDF/);
    await page.keyboard.press('Escape');
    await queryFocused(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('lookup').count()).toBe(0);
  });
});

/** Back from a booking, the search field has the keyboard again (the next Escape closes the search). */
async function queryFocused(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null)).toBe('lookup-query');
}
