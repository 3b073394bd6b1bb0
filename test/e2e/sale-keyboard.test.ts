import { describe, expect, it } from 'vitest';
import {
  cairoToAlexandria,
  focused,
  freeSeats,
  keyboardSaleToPayment,
  leaveTheSale,
  netOf,
  outcomeStatus,
  payAndConfirm,
  plain,
  printedDocument,
  setLanguage,
  shot,
  minorOf,
  ticketText,
  unnamedControls,
  type Counter,
  counterPerFile,
  SEATED_OPERATORS,
  } from '../support/sale.ts';

// Whole sales by keyboard alone (page.keyboard only, not one click), in English and in Arabic,
// against the real counter and its embedded sandbox; then what the sandbox, the wallet and the
// journal say happened. A double Enter on Confirm books once.

let c: Counter;
const SEATED = SEATED_OPERATORS;
counterPerFile((opened) => {
  c = opened;
});


describe('a sale by keyboard alone', () => {
  it('sells two seats in English: search, seats, hold, names, cash, booked, change, next customer', async () => {
    const { page, sandbox } = c;
    await setLanguage(page, 'en');
    const walletBefore = (await sandbox.wallet()).balance.amount_minor;
    const names = ['Mona Ahmed Keyboard', 'Karim Ahmed Keyboard'];

    const sale = await keyboardSaleToPayment(page, {
      from: 'cai',
      to: 'alex',
      fromShown: 'Cairo',
      toShown: 'Alexandria',
      passengers: names,
      phone: '0101 234 5678',
      shots: 'sale-en',
      operators: SEATED,
    });
    expect(sale.seats).toHaveLength(2);
    // the hold's countdown is on screen all through the passengers and the payment
    expect(plain(await page.getByTestId('hold-status').first().textContent())).toMatch(/1\d:\d\d|20:00/);

    const total = minorOf(sale.totalText);
    const cash = Math.ceil(total / 10_000) * 100 + 100; // the next hundred and a hundred more
    await payAndConfirm(page, cash, 'sale-en');
    expect(await outcomeStatus(page)).toBe('confirmed');
    await shot(page, 'sale-en-8-booked');

    const reference = plain(await page.getByTestId('booking-reference').textContent());
    expect(reference).toMatch(/^PB-/);
    expect(plain(await page.getByTestId('operator-reference').textContent())).toMatch(/^SBX-/);
    expect(minorOf(await page.getByTestId('outcome-change').textContent())).toBe(cash * 100 - total);
    expect(minorOf(await page.getByTestId('outcome-total').textContent())).toBe(total);
    for (const seat of sale.seats) await expect.poll(() => page.getByTestId('outcome').getByText(seat, { exact: true }).count()).toBeGreaterThan(0);
    // both documents went to their printers at once: the tickets (the API's PDF, a page per
    // traveller, in the booking's language) and the 80 mm receipt
    const tickets = await printedDocument(page, 'tickets');
    expect(tickets).toMatchObject({ pages: 2, printer: 'TicketPDF' });
    const receipt = await printedDocument(page, 'receipt');
    expect(receipt.printer).toBe('ReceiptPDF');
    expect(receipt.pages).toBe(1);
    expect(Math.abs(receipt.widthPt - 226.8)).toBeLessThan(2);
    // What came out of the printers carries the sale: the tickets each traveller, the receipt the reference.
    for (const needle of [...names, reference, 'NOT VALID FOR TRAVEL']) expect(tickets.text).toContain(needle);
    for (const needle of [reference, 'TRAINING']) expect(receipt.text).toContain(needle);
    expect(plain(await page.getByTestId('print-tickets').textContent())).toContain('Sent to TicketPDF');
    const printedText = await ticketText(sandbox, reference, 'en');
    for (const needle of [...names, ...sale.seats, reference]) expect(printedText).toContain(needle);
    await shot(page, 'sale-en-8-booked-printed');
    // the outcome itself has the focus (an extra Enter cannot skip it); F12 or Esc moves on
    await expect.poll(() => focused(page).then((f) => f.testid)).toBe('outcome');

    // the sandbox has exactly this booking, charged once at NET; the journal has the sale
    const bookings = await sandbox.bookingsOf(names[0]!);
    expect(bookings.map((b) => [b.id, b.status])).toEqual([[reference, 'confirmed']]);
    const booking = bookings[0]!;
    expect(booking.passengers.map((p) => [p.full_name, p.seat])).toEqual(names.map((n, i) => [n, sale.seats[i]]));
    expect(booking.contact).toMatchObject({ name: names[0], phone: '01012345678' });
    const walletAfter = (await sandbox.wallet()).balance.amount_minor;
    expect(walletBefore - walletAfter).toBe(booking.total_charged.amount_minor);
    expect(netOf(await sandbox.transactions(), reference)).toBe(-booking.total_charged.amount_minor);
    const sales = await c.call('listSales');
    const recorded = sales.find((s) => s.bookingReference === reference);
    expect(recorded).toMatchObject({ status: 'confirmed', passengers: 2, retailTotalMinor: total, netTotalMinor: booking.total_charged.amount_minor });
    // the wallet balance in the top bar follows the sale
    await expect.poll(async () => minorOf(await page.getByTestId('wallet').locator('strong').textContent())).toBe(walletAfter);

    // next customer in one key: everything reset, the focus back in From
    await page.keyboard.press('F12');
    await expect.poll(() => page.locator('nav.steps [aria-current=step]').textContent()).toContain('Search');
    await expect.poll(() => focused(page).then((f) => f.role)).toBe('combobox');
    expect(await page.getByTestId('offers').count()).toBe(0);
    await shot(page, 'sale-en-9-next-customer');
  });

  it('sells a seat in Arabic, switching language mid-sale without losing anything', async () => {
    const { page, sandbox } = c;
    await setLanguage(page, 'ar');
    const name = 'منى سعيد لوحة المفاتيح';
    const sale = await keyboardSaleToPayment(page, {
      from: 'القاهرة',
      to: 'الاسكندريه',
      fromShown: 'القاهرة',
      toShown: 'الإسكندرية',
      passengers: [name],
      phone: '+20 111 234 5678',
      shots: 'sale-ar',
      operators: SEATED,
    });
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    // F3 mid-sale: English, then back; the sale, the cash field and the hold are untouched
    await page.keyboard.type('500');
    await page.keyboard.press('F3');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await expect.poll(() => page.locator('nav.steps [aria-current=step]').textContent()).toContain('Payment');
    expect(await page.locator('#cash').inputValue()).toBe('500');
    await shot(page, 'sale-ar-7a-switched-to-en');
    await page.keyboard.press('F3');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    const total = minorOf(sale.totalText);
    await payAndConfirm(page, total / 100, 'sale-ar'); // the exact amount: no change
    expect(await outcomeStatus(page)).toBe('confirmed');
    await shot(page, 'sale-ar-8-booked');
    expect(plain(await page.getByRole('heading', { level: 2 }).first().textContent())).toBe('تم الحجز');
    expect(minorOf(await page.getByTestId('outcome-change').textContent())).toBe(0);
    // the journey's departure time is not followed by a middle dot, which reads as the Arabic zero
    expect(plain(await page.locator('.outcome dd, [data-testid=outcome] dd').filter({ hasText: '←' }).first().textContent())).not.toMatch(/[٠-٩]\s*·|·\s*[٠-٩]/);
    const reference = plain(await page.getByTestId('booking-reference').textContent());
    const bookings = await sandbox.bookingsOf(name);
    expect(bookings.map((b) => [b.id, b.status, b.passengers[0]?.seat])).toEqual([[reference, 'confirmed', sale.seats[0]]]);
    const tickets = await printedDocument(page, 'tickets');
    expect(tickets).toMatchObject({ pages: 1, printer: 'TicketPDF' });
    expect(tickets.text).toContain(reference);
    const receipt = await printedDocument(page, 'receipt');
    expect(receipt.printer).toBe('ReceiptPDF');
    expect(receipt.text).toContain(reference);
    expect(plain(await page.getByTestId('print-tickets').textContent())).toContain('أُرسلت إلى TicketPDF');
    expect(await ticketText(sandbox, reference, 'ar')).toContain(reference);
    expect(bookings[0]!.contact.phone).toBe('01112345678');
    const recorded = (await c.call('listSales')).find((s) => s.bookingReference === reference);
    expect(recorded).toMatchObject({ status: 'confirmed', retailTotalMinor: total });
    // the ticket language followed the UI language (Arabic)
    expect((await c.call('getSale', { saleId: recorded!.saleId })).language).toBe('ar');
    await page.keyboard.press('Escape'); // Esc on the outcome: next customer too
    await expect.poll(() => focused(page).then((f) => f.role)).toBe('combobox');
    await shot(page, 'sale-ar-9-next-customer');
  });

  it('books once when Enter is pressed twice on Confirm', async () => {
    const { page, sandbox } = c;
    await setLanguage(page, 'en');
    const name = 'Double Enter Traveller';
    const walletBefore = (await sandbox.wallet()).balance.amount_minor;
    const salesBefore = (await c.call('listSales', { limit: 200 })).length;
    const sale = await keyboardSaleToPayment(page, {
      from: 'cairo',
      to: 'alexandria',
      fromShown: 'Cairo',
      toShown: 'Alexandria',
      passengers: [name],
      phone: '01212345678',
      operators: SEATED,
    });
    await page.keyboard.type(String(Math.ceil(sale.totalPounds / 100) * 100));
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page).then((f) => f.testid)).toBe('confirm');
    // two Enters with no wait between them, then a third for good measure, and F10
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.press('F10');
    expect(await outcomeStatus(page)).toBe('confirmed');
    // and more Enters once the outcome is up do not leave it (the change is still to be given)
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('outcome').getAttribute('data-status')).toBe('confirmed');
    await shot(page, 'sale-double-enter-booked');
    const bookings = await sandbox.bookingsOf(name);
    expect(bookings).toHaveLength(1);
    expect(bookings[0]!.status).toBe('confirmed');
    expect(walletBefore - (await sandbox.wallet()).balance.amount_minor).toBe(bookings[0]!.total_charged.amount_minor);
    const sales = await c.call('listSales', { limit: 200 });
    expect(sales.length - salesBefore).toBe(1);
    expect(sales.filter((s) => s.bookingReference === bookings[0]!.id)).toHaveLength(1);
    await page.keyboard.press('F12');
  });

  it('reads back cash far over the total before sending: Esc returns to the amount, Enter sends', async () => {
    const { page, sandbox } = c;
    await setLanguage(page, 'en');
    const k = page.keyboard;
    const name = 'Big Note Traveller';
    const sale = await keyboardSaleToPayment(page, cairoToAlexandria([name], '01098765432'));
    const total = minorOf(sale.totalText);
    const cash = Math.ceil(total / 10_000) * 100 + 500; // a 500-pound note too many
    const egp = (minor: number) => `EGP ${(minor / 100).toLocaleString('en', { minimumFractionDigits: minor % 100 ? 2 : 0 })}`; // whole pounds without decimals, as on screen
    await k.type(String(cash));
    await k.press('Enter');
    await expect.poll(() => focused(page).then((f) => f.testid)).toBe('confirm');
    await k.press('Enter');
    const check = page.getByTestId('cash-check');
    await expect.poll(() => check.count()).toBe(1);
    expect(await check.getAttribute('role')).toBe('alertdialog');
    expect(plain(await check.locator('p').textContent())).toBe(`Cash tendered ${egp(cash * 100)} for a total of ${egp(total)} — change ${egp(cash * 100 - total)}. Correct?`);
    await expect.poll(() => focused(page).then((f) => f.testid)).toBe('cash-check-yes');
    expect(await unnamedControls(page)).toEqual([]);
    await shot(page, 'cash-check-en');
    await setLanguage(page, 'ar');
    expect(plain(await check.locator('p').textContent())).toMatch(/^المبلغ المستلم .+ لإجمالي .+ — الباقي .+ ج\.م\. — هل هذا صحيح؟$/);
    await shot(page, 'cash-check-ar');
    await setLanguage(page, 'en');
    expect(await sandbox.bookingsOf(name)).toEqual([]);

    // Esc: back to the amount, nothing sent
    await k.press('Escape');
    await expect.poll(() => check.count()).toBe(0);
    await expect.poll(() => focused(page).then((f) => f.id)).toBe('cash');
    expect(await page.locator('nav.steps [aria-current=step]').textContent()).toContain('Payment');
    expect(await page.locator('#cash').inputValue()).toBe(String(cash));
    expect(await sandbox.bookingsOf(name)).toEqual([]);

    // the amount was right after all: Enter, Enter (the question again), Enter sends
    await k.press('Enter');
    await expect.poll(() => focused(page).then((f) => f.testid)).toBe('confirm');
    await k.press('Enter');
    await expect.poll(() => focused(page).then((f) => f.testid)).toBe('cash-check-yes');
    await k.press('Enter');
    expect(await outcomeStatus(page)).toBe('confirmed');
    expect(minorOf(await page.getByTestId('outcome-change').textContent())).toBe(cash * 100 - total);
    const bookings = await sandbox.bookingsOf(name);
    expect(bookings.map((b) => b.status)).toEqual(['confirmed']);
    await k.press('F12');
  });

  it('guards the sale: a wrong phone, too little cash, and Esc out of the seats lets the hold go', async () => {
    const { page, sandbox } = c;
    await setLanguage(page, 'en');
    const k = page.keyboard;
    const sale = await keyboardSaleToPayment(page, {
      from: 'cai',
      to: 'alex',
      fromShown: 'Cairo',
      toShown: 'Alexandria',
      passengers: ['Guarded Traveller'],
      phone: '0131234567', // a landline-like number: not an Egyptian mobile
      operators: SEATED,
    }).catch((e: unknown) => e);
    // Enter on the wrong phone stays there and says why
    expect(sale).toBeInstanceOf(Error);
    expect(await focused(page)).toMatchObject({ id: 'contact-phone' });
    expect(plain(await page.locator('#contact-phone-problem').textContent())).toContain('Not an Egyptian mobile');
    await shot(page, 'guard-phone-en');
    await page.locator('#contact-phone').selectText();
    await k.type('01012345678');
    await k.press('Enter');
    await expect.poll(() => focused(page).then((f) => f.id)).toBe('cash');
    // too little cash: Confirm stays off and the shortfall is shown; F10 does nothing
    const total = minorOf(await page.getByTestId('pay-total').textContent());
    await k.type(String(Math.floor(total / 100) - 10));
    await k.press('Enter');
    expect(await page.getByTestId('confirm').isDisabled()).toBe(true);
    expect(plain(await page.locator('#cash-state').textContent())).toMatch(/EGP 10 short/);
    await k.press('F10');
    expect(await page.getByTestId('outcome').count()).toBe(0);
    await shot(page, 'guard-cash-en');
    // Esc back through the steps to the seats, then out to the results: the hold is released
    const holdId = await page.getByTestId('hold-status').first().getAttribute('data-hold-id');
    await k.press('Escape'); // payment → passengers
    await k.press('Escape'); // passengers → seats
    await expect.poll(() => focused(page).then((f) => f.id)).toBe('seat-numbers');
    await k.press('Escape'); // seats → results: the sale is abandoned
    await expect.poll(() => page.getByTestId('offers').count()).toBe(1);
    await expect.poll(async () => (await sandbox.get<{ status: string }>(`/holds/${holdId}`)).status, { timeout: 10_000 }).toBe('released');
    // and next customer releases a hold too
    await k.press('Enter'); // the same departure again
    await page.getByTestId('seatmap').waitFor({ timeout: 15_000 });
    await expect.poll(() => focused(page).then((f) => f.id)).toBe('seat-numbers');
    await k.type((await freeSeats(page, 1)).join(' '));
    await k.press('Enter');
    await page.getByTestId('hold-status').first().waitFor({ timeout: 15_000 });
    const second = await page.getByTestId('hold-status').first().getAttribute('data-hold-id');
    expect(await unnamedControls(page)).toEqual([]);
    await k.press('F12');
    // seats are held: F12 asks first, and "Leave the sale" leaves it
    await page.getByTestId('leave-sale').waitFor();
    expect(await sandbox.get<{ status: string }>(`/holds/${second}`)).toMatchObject({ status: 'held' });
    await leaveTheSale(page);
    await expect.poll(async () => (await sandbox.get<{ status: string }>(`/holds/${second}`)).status, { timeout: 10_000 }).toBe('released');
    expect(await sandbox.bookingsOf('Guarded Traveller')).toEqual([]);
  });

  it('an expired offer is refreshed by searching again', async () => {
    const { page, sandbox } = c;
    await setLanguage(page, 'en');
    const k = page.keyboard;
    await k.press('F12');
    await k.type('cai');
    await k.press('Enter');
    await k.type('alex');
    await k.press('Enter');
    await k.press('ArrowDown');
    await k.press('Enter');
    await k.press('Enter');
    const rows = page.locator('[data-testid=offers] button.offer');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const before = await rows.first().getAttribute('data-offer-id');
    await sandbox.advanceClock(61 * 60); // the prices live 60 minutes
    await k.press('Enter');
    await page.getByTestId('search-again').waitFor({ timeout: 15_000 });
    expect(plain(await page.locator('.error-notice').first().textContent())).toContain('This price has expired');
    await expect.poll(() => focused(page).then((f) => f.testid)).toBe('search-again');
    await shot(page, 'offer-expired-en');
    await k.press('Enter');
    await expect.poll(async () => rows.first().getAttribute('data-offer-id'), { timeout: 20_000 }).not.toBe(before);
    await expect.poll(() => focused(page).then((f) => f.tag)).toBe('button');
    // fresh prices live 60 minutes; the counter's copy of the API clock may run up to 2 s behind
    // (clock.ts), so the countdown starts anywhere from 1:00:02 down to 59:xx
    await expect.poll(async () => plain(await page.getByTestId('offers-validity').textContent())).toMatch(/^Prices valid (59:\d\d|1:00:0[0-2])$/);
  });
});
