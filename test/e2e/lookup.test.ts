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
    // Esc goes back wherever the focus is, also when nothing of the booking has it (the page's body)
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Escape');
    await queryFocused(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('lookup').count()).toBe(0);
  });

  it('is an ARIA combobox: the field points at the highlighted booking of its listbox, and the number found is said once the typing rests', async () => {
    const { page } = c;
    const call = caller(c.app.counter.dispatch);
    const travellers = ['Nour Combo Adel', 'Nour Combo Bakr', 'Nour Combo Badr'];
    const refs = new Map<string, string>();
    for (const name of travellers) refs.set(name, (await sellOneSeat(call, name, 0)).booking!.id);
    const said = {
      en: ['3 bookings found', '2 bookings found', '1 booking found', 'No booking found'],
      ar: ['تم العثور على ٣ حجوزات', 'تم العثور على حجزين', 'تم العثور على حجز واحد', 'لم يُعثر على أي حجز'],
    };
    for (const lang of ['en', 'ar'] as const) {
      await setLanguage(page, lang);
      await page.keyboard.press('Control+f');
      const field = page.getByTestId('lookup-query');
      await field.waitFor();
      await listenToFound(page);
      // collapsed while empty: nothing to point at
      expect(await field.getAttribute('role')).toBe('combobox');
      expect(await field.getAttribute('aria-expanded')).toBe('false');
      expect(await field.getAttribute('aria-activedescendant')).toBeNull();

      await page.keyboard.type('nour combo');
      const found = page.getByTestId('lookup-found');
      await expect.poll(async () => plain(await found.textContent()), { timeout: 15_000 }).toBe(said[lang][0]);
      expect(await saidSoFar(page)).toEqual([said[lang][0]]);
      expect(await found.getAttribute('aria-live')).toBe('polite');
      // expanded, controlling the listbox, pointing at its first booking (selected), the focus kept in the field
      expect(await field.getAttribute('aria-expanded')).toBe('true');
      expect(await field.getAttribute('aria-autocomplete')).toBe('list');
      const list = page.locator(`#${await field.getAttribute('aria-controls')}`);
      expect(await list.getAttribute('role')).toBe('listbox');
      const options = list.getByRole('option');
      expect(await options.count()).toBe(3);
      const first = await highlighted(page);
      expect(first.id).toBe(await options.first().getAttribute('id'));
      expect(await options.first().getAttribute('aria-selected')).toBe('true');
      // each booking is named by what it shows, in order: its reference, the traveller, the journey
      for (const option of await options.all()) {
        const ref = plain(await option.locator('.lookup-ref').textContent());
        const traveller = [...refs].find(([, r]) => r === ref)![0];
        const name = /"(.*)"/.exec(await option.ariaSnapshot())![1]!;
        expect(name.startsWith(`${ref} ${traveller} `)).toBe(true);
        expect(name).toContain(lang === 'en' ? ' to ' : ' إلى ');
      }
      expect(await list.getByRole('group').getAttribute('aria-labelledby')).toBeTruthy();
      await shot(page, `lookup-combobox-${lang}`);

      // the arrows move the highlight (and round), the focus stays in the field
      await page.keyboard.press('ArrowDown');
      const second = await highlighted(page);
      expect(second.id).toBe(await options.nth(1).getAttribute('id'));
      expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
      expect(await options.first().getAttribute('aria-selected')).toBe('false');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      expect((await highlighted(page)).id).toBe(await options.nth(2).getAttribute('id'));
      await page.keyboard.press('ArrowDown');
      expect((await highlighted(page)).id).toBe(first.id);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('lookup-query');

      // typed on: each count once, after the last key (2, then 1 for "ak" typed at once), none found
      await page.keyboard.type(' b');
      await expect.poll(async () => plain(await found.textContent()), { timeout: 15_000 }).toBe(said[lang][1]);
      await page.keyboard.type('ak');
      await expect.poll(async () => plain(await found.textContent()), { timeout: 15_000 }).toBe(said[lang][2]);
      await page.keyboard.type('z');
      await expect.poll(async () => plain(await found.textContent()), { timeout: 15_000 }).toBe(said[lang][3]);
      expect(await saidSoFar(page)).toEqual(said[lang]);
      expect(await field.getAttribute('aria-expanded')).toBe('false');
      expect(await field.getAttribute('aria-activedescendant')).toBeNull();

      // Enter opens the highlighted booking; Esc back to the results, Esc closes
      await field.fill('nour combo');
      await expect.poll(() => options.count(), { timeout: 15_000 }).toBe(3);
      await page.keyboard.press('ArrowDown');
      const chosen = await highlighted(page);
      await page.keyboard.press('Enter');
      await page.getByTestId('booking-view').waitFor();
      expect(plain(await page.getByTestId('booking-ref').textContent())).toBe(chosen.ref);
      await page.keyboard.press('Escape');
      await queryFocused(page);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('lookup').count()).toBe(0);
    }
  });
});

/** Start writing down what the number-found live region says, each time its text changes to something (not to silence). */
async function listenToFound(page: Page): Promise<void> {
  await page.evaluate(() => {
    const region = document.querySelector('[data-testid=lookup-found]')!;
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    let last = region.textContent ?? '';
    new MutationObserver(() => {
      const text = region.textContent ?? '';
      if (text !== last && text) said.push(text);
      last = text;
    }).observe(region, { subtree: true, childList: true, characterData: true });
  });
}
const saidSoFar = (page: Page) => page.evaluate(() => (window as unknown as { said: string[] }).said);

/** What the search field points at: the id of the highlighted option, and that option's reference. */
async function highlighted(page: Page): Promise<{ id: string | null; ref: string }> {
  const id = await page.getByTestId('lookup-query').getAttribute('aria-activedescendant');
  return { id, ref: id ? plain(await page.locator(`#${id} .lookup-ref`).textContent()) : '' };
}

/** Back from a booking, the search field has the keyboard again (the next Escape closes the search). */
async function queryFocused(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null)).toBe('lookup-query');
}
