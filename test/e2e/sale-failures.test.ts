import { describe, expect, it } from 'vitest';
import {
  focused,
  keyboardSaleToPayment,
  minorOf,
  netOf,
  outcomeStatus,
  payAndConfirm,
  plain,
  printedDocument,
  setLanguage,
  shot,
  type Counter,
  type KeyboardSale,
  counterPerFile,
  SEATED_OPERATORS,
  shotBothLanguages,
} from '../support/sale.ts';

// What the agent sees when a sale does not simply go through, against the sandbox's failure
// triggers (passenger names), its clock (pending bookings, hold expiry), and what the wallet,
// the bookings and the journal say about it: nothing charged, nothing sold twice.

let c: Counter;
const SEATED = SEATED_OPERATORS;
counterPerFile((opened) => {
  c = opened;
});

const route = (lang: 'en' | 'ar'): Pick<KeyboardSale, 'from' | 'to' | 'fromShown' | 'toShown'> =>
  lang === 'en'
    ? { from: 'cairo', to: 'alex', fromShown: 'Cairo', toShown: 'Alexandria' }
    : { from: 'القاهره', to: 'اسكندرية', fromShown: 'القاهرة', toShown: 'الإسكندرية' };

const shotBoth = (name: string) => shotBothLanguages(c.page, name);

async function failedSale(lang: 'en' | 'ar', name: string, code: string, shotName: string) {
  const { page, sandbox } = c;
  await setLanguage(page, lang);
  const before = (await sandbox.wallet()).balance.amount_minor;
  const sale = await keyboardSaleToPayment(page, { ...route(lang), passengers: [name], phone: '01098765432', operators: SEATED });
  await payAndConfirm(page, Math.ceil(sale.totalPounds / 100) * 100);
  expect(await outcomeStatus(page)).toBe('failed');
  const outcome = page.getByTestId('outcome');
  expect(await outcome.getAttribute('data-code')).toBe(code);
  // what happened, that nothing was charged, and what to do next, in the agent's language
  expect(await page.getByTestId('not-charged').isVisible()).toBe(true);
  await expect.poll(() => focused(page).then((f) => f.testid)).toBe('outcome');
  await shotBoth(shotName);
  const after = (await sandbox.wallet()).balance.amount_minor;
  expect(after).toBe(before);
  const sales = await c.call('listSales', { limit: 200 });
  return { sale, sales, outcome };
}

describe('a sale that does not go through', () => {
  it('TEST CLASH: the seats were taken at the operator; nothing charged, pick other seats', async () => {
    const { page, sandbox } = c;
    const name = 'Hany TEST CLASH';
    const { sales } = await failedSale('en', name, 'seats_unavailable', 'fail-clash');
    expect(plain(await page.getByTestId('failure-reason').textContent())).toContain('seats were just taken');
    expect(plain(await page.getByTestId('outcome').textContent())).toContain('Nothing was charged');
    const reference = plain(await page.getByTestId('booking-reference').textContent());
    expect(reference).toMatch(/^PB-/);
    // the sandbox recorded a failed booking, debited and credited back: net zero
    const [booking] = await sandbox.bookingsOf(name);
    expect(booking).toMatchObject({ id: reference, status: 'failed', total_charged: { amount_minor: 0 } });
    const lines = (await sandbox.transactions()).filter((t) => t.booking_ref === reference);
    expect(lines.map((t) => t.type).sort()).toEqual(['DEBIT', 'REVERSAL']);
    expect(netOf(lines, reference)).toBe(0);
    expect(sales.find((s) => s.bookingReference === reference)?.status).toBe('failed');
    // what next: other seats on the same departure, with a fresh map
    await page.getByRole('button', { name: 'Pick other seats' }).click();
    await expect.poll(() => page.getByTestId('seatmap').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.locator('nav.steps [aria-current=step]').textContent()).toContain('Seats');
    await page.keyboard.press('F12');
  });

  it('TEST FAIL: the operator refused; nothing charged, choose another departure (Arabic)', async () => {
    const { page, sandbox } = c;
    const name = 'سامي TEST FAIL';
    const { sales } = await failedSale('ar', name, 'provider_rejected', 'fail-refused');
    expect(plain(await page.getByTestId('failure-reason').textContent())).toContain('رفضت شركة النقل الحجز');
    expect(plain(await page.getByTestId('not-charged').textContent())).toBe('لم يُخصم أي مبلغ من المحفظة.');
    const reference = plain(await page.getByTestId('booking-reference').textContent());
    const [booking] = await sandbox.bookingsOf(name);
    expect(booking).toMatchObject({ id: reference, status: 'failed', failure: { code: 'provider_rejected' } });
    expect(netOf(await sandbox.transactions(), reference)).toBe(0);
    expect(sales.find((s) => s.bookingReference === reference)?.status).toBe('failed');
    expect(await page.getByRole('button', { name: 'ابحث مرة أخرى' }).count()).toBe(1);
    await page.keyboard.press('Escape'); // Esc on the outcome: next customer
    await expect.poll(() => focused(page).then((f) => f.role)).toBe('combobox');
  });

  it('TEST TIMEOUT: the operator cannot be reached; no booking, nothing charged, try again', async () => {
    const { page, sandbox } = c;
    const name = 'Laila TEST TIMEOUT';
    const txBefore = (await sandbox.transactions()).length;
    const { sales } = await failedSale('en', name, 'service_unavailable', 'fail-unreachable');
    expect(plain(await page.getByTestId('failure-reason').textContent())).toContain('cannot be reached');
    expect(await page.getByTestId('booking-reference').count()).toBe(0);
    expect(await sandbox.bookingsOf(name)).toEqual([]);
    expect((await sandbox.transactions()).length).toBe(txBefore);
    expect(sales[0]).toMatchObject({ status: 'failed', bookingReference: null });
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(1);
    await page.keyboard.press('F12');
  });

  it('TEST PENDING: explained while the operator confirms, then booked and printed once the clock moves 30 s', async () => {
    const { page, sandbox } = c;
    await setLanguage(page, 'ar');
    const name = 'نادية TEST PENDING';
    const before = (await sandbox.wallet()).balance.amount_minor;
    const sale = await keyboardSaleToPayment(page, { ...route('ar'), passengers: [name], phone: '01512345678', operators: SEATED });
    await payAndConfirm(page, Math.ceil(sale.totalPounds / 100) * 100);
    expect(await outcomeStatus(page)).toBe('pending');
    expect(plain(await page.getByRole('heading', { level: 2 }).first().textContent())).toBe('في انتظار تأكيد شركة النقل');
    const reference = plain(await page.getByTestId('booking-reference').textContent());
    await shotBoth('pending');
    // paid from the wallet, not yet confirmed, nothing printed yet
    const [booking] = await sandbox.bookingsOf(name);
    expect(booking).toMatchObject({ id: reference, status: 'pending' });
    expect(before - (await sandbox.wallet()).balance.amount_minor).toBe(booking!.total_charged.amount_minor);
    expect(await page.getByTestId('print-tickets').count()).toBe(0);
    // Esc does not leave a pending sale behind
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('outcome').getAttribute('data-status')).toBe('pending');

    await sandbox.advanceClock(30);
    await expect.poll(() => page.getByTestId('outcome').getAttribute('data-status'), { timeout: 30_000 }).toBe('confirmed');
    // printed as soon as it was confirmed
    expect(await printedDocument(page, 'tickets')).toMatchObject({ pages: 1, printer: 'TicketPDF' });
    expect((await printedDocument(page, 'receipt')).printer).toBe('ReceiptPDF');
    await shotBoth('pending-then-confirmed');
    expect((await sandbox.bookingsOf(name))[0]?.status).toBe('confirmed');
    const recorded = (await c.call('listSales', { limit: 200 })).find((s) => s.bookingReference === reference);
    expect(recorded?.status).toBe('confirmed');
    await page.keyboard.press('F12');
  });

  it('an expired hold is explained and the agent picks the seats again, then sells', async () => {
    const { page, sandbox } = c;
    await setLanguage(page, 'en');
    const name = 'Omar Hold Expiry';
    // a coach that is still there after the clock moves 21 minutes (near midnight, tomorrow's first ones are not)
    const departsAfter = (await sandbox.now()) + 2 * 3_600_000;
    const sale = await keyboardSaleToPayment(page, { ...route('en'), passengers: [name], phone: '01112223334', operators: SEATED, departsAfter });
    await sandbox.advanceClock(21 * 60);
    await page.keyboard.type(String(Math.ceil(sale.totalPounds / 100) * 100));
    await page.keyboard.press('F10');
    await page.getByTestId('hold-expired').waitFor({ timeout: 15_000 });
    expect(plain(await page.getByTestId('hold-expired').textContent())).toContain('held for 20 minutes');
    expect(await page.getByTestId('confirm').isDisabled()).toBe(true);
    await expect.poll(() => focused(page).then((f) => f.name)).toBe('Pick seats again');
    await shotBoth('hold-expired');
    expect(await sandbox.bookingsOf(name)).toEqual([]);

    // Enter on "Pick seats again": a fresh map; the same seats are free again
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page).then((f) => f.id), { timeout: 15_000 }).toBe('seat-numbers');
    await shot(page, 'hold-expired-repick-en');
    await page.keyboard.type(sale.seats.join(' '));
    await page.keyboard.press('Enter');
    await page.getByTestId('hold-status').first().waitFor({ timeout: 15_000 });
    await page.keyboard.press('Enter');
    // the names typed before are still there: Enter through to the payment
    await expect.poll(() => page.locator('#pax-name-0').inputValue()).toBe(name);
    await page.keyboard.press('F9');
    await expect.poll(() => focused(page).then((f) => f.id)).toBe('cash');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page).then((f) => f.testid)).toBe('confirm');
    await page.keyboard.press('Enter');
    expect(await outcomeStatus(page)).toBe('confirmed');
    const [booking] = await sandbox.bookingsOf(name);
    expect(booking).toMatchObject({ status: 'confirmed', passengers: [{ full_name: name, seat: sale.seats[0] }] });
    expect(minorOf(await page.getByTestId('outcome-total').textContent())).toBe(Math.round(sale.totalPounds * 100));
    await page.keyboard.press('F12');
  });
});
