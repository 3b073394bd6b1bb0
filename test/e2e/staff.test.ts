import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { descriptions } from '../support/a11y.ts';
import { caller, sellOneSeat } from '../integration/main/helpers.ts';
import { cairoToAlexandria, counterPerFile, keyboardSaleToPayment, leaveTheSale, plain, sellAndMoveDeparture, setLanguage, shot, shotBothLanguages, signInOnScreen, usePdfPrinters, type Counter } from '../support/sale.ts';

// The counter as staff find it on a first day: the trainer's panel stages a cancelled trip and a
// drained wallet, the worklist names the traveller beside the seat in either direction and says
// where the new ticket went, F12 asks before it drops a sale at stake, and an agent's supervisor
// action is approved at the agent's side with the supervisor's PIN.

let c: Counter;
counterPerFile((opened) => {
  c = opened;
});

/** Whether the focus fell to the page (nothing focused): where a keyboard agent is lost. */
const focusLost = () => c.page.evaluate(() => !document.activeElement || document.activeElement === document.body);
/** Presses `button` by keyboard, as an agent who works without the mouse does. */
async function pressByKey(button: Locator) {
  await button.focus();
  await c.page.keyboard.press('Enter');
}

const SUPERVISOR_PIN = '246810';
const AGENT_PIN = '1357';

/**
 * A held seat tells itself from a free one without colour (WCAG 1.4.1): a mark, and in forced
 * colours (Windows high contrast, where every fill is painted alike) its edge.
 */
async function heldSeatNotByColourAlone() {
  const { page } = c;
  const held = page.locator('button.seat.held').first();
  const free = page.locator('button.seat.free:not(.picked)').first();
  expect(plain(await held.locator('.seat-state').textContent())).toBe('✓');
  expect(await free.locator('.seat-state').count()).toBe(0);
  // each fare class its own top edge, on the seats and in the legend
  const swatches = await page.locator('.legend-class .swatch').evaluateAll((els) => els.map((el) => getComputedStyle(el).borderTopStyle));
  expect(new Set(swatches).size).toBe(swatches.length);
  const edge = (seat: Locator) => seat.evaluate((el) => ['Left', 'Right', 'Bottom'].map((side) => getComputedStyle(el).getPropertyValue(`border-${side.toLowerCase()}-style`) + getComputedStyle(el).getPropertyValue(`border-${side.toLowerCase()}-width`)).join(' '));
  await shotBothLanguages(page, 'staff-9-held-seat');
  await page.emulateMedia({ forcedColors: 'active' });
  try {
    expect(await edge(held)).not.toBe(await edge(free));
    await shot(page, 'staff-9-held-seat-forced-colours');
  } finally {
    await page.emulateMedia({ forcedColors: 'none' });
  }
}

describe('the counter as staff find it', () => {
  it("the trainer's panel cancels a sold trip and drains the wallet; the worklist places names and seats right and says where the ticket went", async () => {
    const { page } = c;
    await setLanguage(page, 'en');
    await usePdfPrinters(c);
    const api = caller(c.app.counter.dispatch);
    const sale = await sellOneSeat(api, 'محمد علي', 0);
    const reference = sale.booking!.id;

    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'Training' }).click();
    const panel = page.getByTestId('settings-training');
    await panel.waitFor();
    await expect.poll(async () => page.locator('#training-booking').inputValue()).toBe(reference);
    await shotBothLanguages(page, 'staff-1-training-panel');
    // on the Arabic screen every figure is in Arabic-Indic digits: the clock button, the departure
    // of each booking (after its reference, which keeps its letters and digits)
    await setLanguage(page, 'ar');
    expect(plain(await panel.getByTestId('training-advance-30').textContent())).not.toMatch(/[0-9]/);
    for (const option of await page.locator('#training-booking option').allTextContents()) expect(plain(option).split(' · ').slice(1).join(' ')).not.toMatch(/[0-9]/);
    await setLanguage(page, 'en');
    // by keyboard: the button pressed keeps the focus while the sandbox works
    await pressByKey(panel.getByTestId('training-cancel'));
    await expect.poll(async () => plain(await page.getByTestId('training-done').textContent())).toMatch(/^Trip cancelled/);
    expect(await focusLost()).toBe(false);

    await pressByKey(panel.getByTestId('training-drain'));
    await expect.poll(async () => plain(await page.getByTestId('training-done').textContent())).toMatch(/^Wallet drained\. Balance EGP 50\.00\./);
    expect(await focusLost()).toBe(false);
    expect((await api.ok('wallet')).balanceMinor).toBe(5_000);
    await panel.getByTestId('training-topup').click();
    await expect.poll(async () => plain(await page.getByTestId('training-done').textContent())).toMatch(/^Topped up\. Balance EGP 10,050\.00\./);
    const before = await c.sandbox.now();
    await panel.getByTestId('training-advance-30').click();
    await expect.poll(async () => plain(await page.getByTestId('training-done').textContent())).toMatch(/^Clock advanced/);
    expect((await c.sandbox.now()) - before).toBeGreaterThanOrEqual(30 * 60_000);
    await page.keyboard.press('Escape');

    // the worklist: an Arabic name on the English screen keeps its seat to its right, and the
    // reverse on the Arabic screen
    await api.ok('checkTrips');
    await page.reload();
    const chip = page.getByTestId('worklist-chip');
    await chip.waitFor({ timeout: 20_000 });
    await chip.click();
    const item = page.getByTestId('worklist-item');
    await item.waitFor();
    expect(plain(await item.textContent())).toContain(reference);
    const seat = sale.booking!.passengers[0]!.seat!;
    for (const lang of ['en', 'ar'] as const) {
      await setLanguage(page, lang);
      const parts = item.locator('.traveller-seat bdi');
      expect(plain(await parts.nth(0).textContent())).toBe('محمد علي');
      expect(plain(await parts.nth(1).textContent())).toBe(`(${seat})`);
      const name = (await parts.nth(0).boundingBox())!;
      const number = (await parts.nth(1).boundingBox())!;
      if (lang === 'en') expect(number.x).toBeGreaterThan(name.x + name.width - 1);
      else expect(number.x + number.width).toBeLessThan(name.x + 1);
      // the operator's notice (English from the API) runs in its own direction on either screen:
      // its full stop at its end, not at the start of the Arabic line
      expect(await item.locator('.worklist-notice bdi').evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
      await shot(page, `staff-2-worklist-bidi-${lang}`);
    }
    await setLanguage(page, 'en');
    await pressByKey(item.getByRole('button', { name: 'Print the new ticket' }));
    await expect.poll(async () => plain(await item.getByTestId('worklist-print').getByRole('status').textContent()), { timeout: 30_000 }).toBe('Sent to TicketPDF.');
    expect(await focusLost()).toBe(false);
    // "Called" goes when pressed, and with the last call the chip that opened the list goes too
    await pressByKey(item.getByRole('button', { name: 'Called' }));
    await item.getByTestId('worklist-called').waitFor();
    expect(await focusLost()).toBe(false);
    expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid=worklist]'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('worklist').count()).toBe(0);
    expect(await chip.count()).toBe(0);
    expect(await focusLost()).toBe(false);
  });

  it('a print with no printer chosen says so beside its button, in the booking view and the trip-changes list', async () => {
    const { page } = c;
    await setLanguage(page, 'en');
    await c.call('savePrintSettings', { ticketPrinter: null, receiptPrinter: null, receiptPaper: '80mm' });
    // a sale whose departure moved: in the booking view and on the trip-changes list
    await sellAndMoveDeparture(c, 'Hoda Printer');
    await page.reload();
    await page.getByRole('combobox').first().waitFor();
    await page.keyboard.press('Control+f');
    await page.getByTestId('lookup-query').waitFor();
    await page.keyboard.type('Hoda');
    await expect.poll(() => page.getByTestId('lookup-hit').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.keyboard.press('Enter');
    const view = page.getByTestId('booking-view');
    await view.waitFor();
    // Arabic: the ticket's version in Arabic-Indic digits, as every other figure
    await setLanguage(page, 'ar');
    expect(plain(await view.locator('.bk-summary').textContent())).toMatch(/إصدار التذكرة [٠-٩]/);
    await setLanguage(page, 'en');
    await pressByKey(page.getByTestId('reprint-all-en'));
    const beside = view.locator('.bk-reprint').getByRole('alert');
    await expect.poll(async () => plain(await beside.textContent()), { timeout: 15_000 }).toMatch(/^No printer is set up for this\./);
    expect(plain(await view.textContent())).not.toContain('Something went wrong');
    expect(await focusLost()).toBe(false);
    await shotBothLanguages(page, 'staff-6-reprint-no-printer');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');

    const chip = page.getByTestId('worklist-chip');
    await chip.waitFor({ timeout: 20_000 });
    await chip.click();
    await setLanguage(page, 'ar');
    expect(plain(await page.getByTestId('worklist-moved').first().textContent())).toMatch(/^كان \S+، [٠-٩]{1,2} \S+ [٠-٩]{2}:[٠-٩]{2}، أصبح \S+، [٠-٩]{1,2} \S+ [٠-٩]{2}:[٠-٩]{2}$/);
    expect(plain(await page.locator('nav.steps .step-no').first().textContent())).toBe('١');
    await setLanguage(page, 'en');
    const print = page.getByTestId('worklist-item').first().getByTestId('worklist-print');
    await pressByKey(print.getByRole('button'));
    await expect.poll(async () => plain(await print.getByRole('alert').textContent()), { timeout: 15_000 }).toMatch(/^No printer is set up for this\./);
    expect(plain(await print.textContent())).not.toContain('Something went wrong');
    await shotBothLanguages(page, 'staff-7-worklist-no-printer');
    await page.keyboard.press('Escape');
    await usePdfPrinters(c);
  });

  it('F12 with seats held and cash typed asks first: Esc, F12 again and Enter keep the sale; "Leave the sale" lets it go', async () => {
    const { page } = c;
    await setLanguage(page, 'en');
    await keyboardSaleToPayment(page, {
      ...cairoToAlexandria(['Laila Mahmoud'], '01012345678'),
      onScreen: async (name) => {
        if (name === '5-held') await heldSeatNotByColourAlone();
      },
    });
    // what the step's live regions say while the cash is typed: once, after the last digit
    await page.evaluate(() => {
      const said: string[] = [];
      (window as unknown as { said: string[] }).said = said;
      const last = new Map<Element, string>();
      new MutationObserver(() => {
        for (const region of document.querySelectorAll('.pay-step :is([role=status], [aria-live]):not([aria-live=off])')) {
          const text = region.textContent?.trim() ?? '';
          if (text !== (last.get(region) ?? '') && text) said.push(text);
          last.set(region, text);
        }
      }).observe(document.querySelector('.pay-step')!, { subtree: true, childList: true, characterData: true });
    });
    await page.keyboard.type('500');
    await expect.poll(() => page.getByTestId('change-announcer').textContent()).toMatch(/^Change due EGP/);
    const spoken = (x: string | null) => plain(x).replace(/\s+/g, ' ');
    const said = await page.evaluate(() => (window as unknown as { said: string[] }).said);
    expect(said.map(spoken)).toEqual([spoken(await page.getByTestId('change-announcer').textContent())]);
    // too little cash: the field is marked so once the typing rests, and not after the right amount
    const cash = page.locator('#cash');
    expect(await cash.getAttribute('aria-invalid')).toBeNull();
    await cash.fill('5');
    await expect.poll(() => cash.getAttribute('aria-invalid')).toBe('true');
    await cash.fill('500');
    await expect.poll(() => cash.getAttribute('aria-invalid')).toBeNull();
    await page.keyboard.press('F12');
    const ask = page.getByTestId('leave-sale');
    await ask.waitFor();
    await shotBothLanguages(page, 'staff-3-leave-sale');
    await page.keyboard.press('Escape');
    await expect.poll(() => ask.count()).toBe(0);
    expect(await page.locator('main.sale').getAttribute('data-step')).toBe('payment');
    // F12 twice and Enter by habit: the focus is on Stay, and the sale stays
    await page.keyboard.press('F12');
    await ask.waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('leave-sale-stay');
    await page.keyboard.press('F12');
    await page.keyboard.press('Enter');
    await expect.poll(() => ask.count()).toBe(0);
    expect(await page.locator('main.sale').getAttribute('data-step')).toBe('payment');
    await page.keyboard.press('F12');
    await ask.waitFor();
    await leaveTheSale(page);
    await expect.poll(() => page.locator('main.sale').getAttribute('data-step')).toBe('search');
  });

  it('a supervisor chooses Latin digits for Arabic screens: the wallet, the chart and the counts change, and back', async () => {
    const { page } = c;
    await setLanguage(page, 'ar');
    const wallet = page.getByTestId('wallet');
    await expect.poll(async () => plain(await wallet.textContent())).toMatch(/[٠-٩]/);
    await page.getByRole('button', { name: 'الإعدادات' }).click();
    await page.getByRole('tab', { name: 'الشباك' }).click();
    const digits = page.getByTestId('settings-digits');
    await digits.getByText('لاتينية (123)').click();
    await page.keyboard.press('Escape');
    await expect.poll(async () => plain(await wallet.textContent())).toMatch(/^[^٠-٩]*[0-9][^٠-٩]*$/);
    await page.keyboard.press('F7');
    await page.getByTestId('hour-chart').waitFor({ timeout: 20_000 });
    expect(plain(await page.getByTestId('hour-chart').textContent())).toContain('12:00');
    // operators by their Arabic names, as everywhere else on an Arabic screen
    expect(plain(await page.getByTestId('day-operators').textContent())).not.toMatch(/[A-Za-z]/);
    await shot(page, 'staff-5-latin-digits-ar');
    await page.keyboard.press('Escape');
    expect((await c.call('appInfo')).arabicDigits).toBe('latn');
    await page.getByRole('button', { name: 'الإعدادات' }).click();
    await page.getByRole('tab', { name: 'الشباك' }).click();
    await digits.getByText('هندية (١٢٣)').click();
    await page.keyboard.press('Escape');
    await expect.poll(async () => plain(await wallet.textContent())).toMatch(/[٠-٩]/);
    await setLanguage(page, 'en');
  });

  it("an agent's supervisor action asks for a supervisor's PIN at their side instead of failing", async () => {
    const { page } = c;
    await setLanguage(page, 'en');
    const boss = await c.call('createFirstSupervisor', { name: 'Samir Supervisor', pin: SUPERVISOR_PIN });
    await c.call('saveAgent', { name: 'Mona Agent', role: 'agent', pin: AGENT_PIN, active: true });
    await c.call('signOut');
    await signInOnScreen(page, 'Mona Agent', AGENT_PIN);
    // an agent needs a shift to work at all
    await page.getByTestId('open-shift').waitFor();
    expect(await page.getByTestId('no-shift-needed').count()).toBe(0);
    await page.locator('#float-10000').fill('1');
    await page.getByRole('button', { name: 'Open the shift with this float' }).click();
    await page.getByRole('combobox').nth(1).waitFor();

    // F11: a pay-out recorded by keyboard leaves the focus in the panel, ready for the next
    await page.keyboard.press('F11');
    const shiftPanel = page.getByTestId('shift-panel');
    await shiftPanel.waitFor();
    await page.locator('input[name=cash-kind]:checked').focus();
    await shotBothLanguages(page, 'staff-8-cash-kind-focused');
    await page.locator('#cash-amount').fill('5');
    await page.locator('#cash-reason').fill('Bus station cleaner');
    await pressByKey(shiftPanel.getByRole('button', { name: 'Record' }));
    await page.getByTestId('cash-moves').getByRole('status').waitFor();
    expect(await focusLost()).toBe(false);
    expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid=shift-panel]'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => shiftPanel.count()).toBe(0);

    // Reports is in sight for an agent too, marked as needing a supervisor's approval
    const reportsButton = page.getByTestId('open-reports');
    expect(await descriptions(reportsButton)).toEqual(['Needs a supervisor’s approval: their PIN at your side']);
    await shotBothLanguages(page, 'staff-10-reports-locked');
    // the approval asked and Esc pressed: the refusal is shown, and the focus is on the screen
    // (a refused approval says what is needed, with no "Try again")
    await pressByKey(reportsButton);
    const dialog = page.getByTestId('override');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    const refusal = page.getByTestId('reports').getByRole('alert');
    await refusal.waitFor();
    expect(plain(await refusal.textContent())).toMatch(/^Only a supervisor can do this\. Ask a supervisor to approve it/);
    expect(await refusal.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    expect(await focusLost()).toBe(false);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('reports').count()).toBe(0);

    await page.keyboard.press('F7');
    await dialog.waitFor();
    expect(plain(await dialog.textContent())).toContain('Mona Agent asks to open the reports');
    await shotBothLanguages(page, 'staff-4-override');
    await page.locator('#override-pin').fill('000000');
    await page.keyboard.press('Enter');
    await expect.poll(async () => plain(await dialog.getByRole('alert').textContent()), { timeout: 10_000 }).toContain('Wrong PIN');
    // the PIN field is marked wrong and described by the message
    expect(await page.locator('#override-pin').getAttribute('aria-invalid')).toBe('true');
    expect(plain(await page.locator('#override-error').textContent())).toContain('Wrong PIN');
    expect(await page.locator('#override-pin').getAttribute('aria-describedby')).toBe('override-error');
    await page.locator('#override-pin').fill(SUPERVISOR_PIN);
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(0);
    await page.getByTestId('hour-chart').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('reports').getByRole('alert').count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(boss.signedIn?.name).toBe('Samir Supervisor');
  });
});
