import { describe, expect, it } from 'vitest';
import type { PricedOffer } from '../../contract/counter.ts';
import type { City } from '../../contract/partner/resources.ts';
import { descriptions } from '../support/a11y.ts';
import {
  cairoTomorrow,
  freeSeats,
  minorOf,
  outcomeStatus,
  plain,
  printedDocument,
  setLanguage,
  shot,
  usePdfPrinters,
  type Counter,
  counterPerFile,
} from '../support/sale.ts';

// Sales by mouse: a double-decker (two decks drawn apart, seats clicked), and an operator that
// seats passengers at boarding. Text fields are typed; everything else is clicked.

let c: Counter;
let cities: City[];
counterPerFile(async (opened) => {
  c = opened;
  cities = (await c.call('referenceData')).cities;
});

const cityNamed = (name: string) => cities.find((x) => x.name === name)!;

/** Tomorrow's first departure from Cairo matching `want` (found through the contract, not the UI). */
async function findDeparture(want: (o: Awaited<ReturnType<Counter['call']>>) => boolean): Promise<{ to: City; offer: PricedOffer }> {
  for (const to of ['Aswan', 'Hurghada', 'Luxor', 'Sharm El Sheikh', 'Marsa Alam', 'Asyut', 'Sohag']) {
    const res = await c.call('search', { origin: cityNamed('Cairo').id, destination: cityNamed(to).id, departureDate: cairoTomorrow(), passengers: 2 });
    for (const offer of res.offers) {
      if (want(await c.call('readOffer', { offerId: offer.offer.id }))) return { to: cityNamed(to), offer };
    }
  }
  throw new Error('no such departure from Cairo tomorrow');
}

/** The row of a departure (offer ids are issued per search: found by time and operator). */
const row = (o: PricedOffer) => c.page.locator(`button.offer[data-departure="${o.offer.departure_at}"][data-operator="${o.offer.operator.name}"]`).first();

/** From, to, tomorrow, two passengers, search: by clicks (the city names typed). */
async function searchByMouse(to: City) {
  const { page } = c;
  await page.keyboard.press('F12'); // setup: a fresh sale whatever the last test left on screen
  await page.getByRole('combobox', { name: 'From' }).fill('cair');
  await page.getByRole('option', { name: /^Cairo/ }).click();
  await page.getByRole('combobox', { name: 'To' }).fill(to.name.slice(0, 4));
  await page.getByRole('option', { name: new RegExp(`^${to.name}`) }).click();
  await page.getByRole('radio', { name: 'Tomorrow' }).click();
  await page.getByRole('button', { name: 'One passenger more' }).click();
  expect(await page.locator('#pax').inputValue()).toBe('2');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.locator('[data-testid=offers] button.offer').first().waitFor({ timeout: 20_000 });
}

describe('a sale by mouse', () => {
  it('sells two seats on a double-decker, the decks drawn apart and every cell drawn as what it is', async () => {
    const { page, sandbox } = c;
    await setLanguage(page, 'en');
    const { to, offer } = await findDeparture((d) => (d as { offer: { seat_map: { deck_label: string | null } | null } }).offer.seat_map?.deck_label === 'Upper deck / Lower deck');
    await searchByMouse(to);
    await row(offer).click();
    await page.getByTestId('seatmap').waitFor({ timeout: 15_000 });

    // two decks, labelled from deck_label; the driver, doors, stairs and WC drawn on the grid
    const decks = page.getByTestId('seatmap').locator('section.deck');
    expect(await decks.count()).toBe(2);
    expect(await decks.locator('h3').allTextContents()).toEqual(['Upper deck', 'Lower deck']);
    expect(await decks.nth(1).getByRole('img', { name: 'Driver' }).count()).toBe(1);
    expect(await decks.nth(0).getByRole('img', { name: 'Driver' }).count()).toBe(0);
    expect(await decks.nth(0).getByRole('img', { name: 'Stairs' }).count()).toBe(1);
    expect(await decks.nth(1).getByRole('img', { name: 'Stairs' }).count()).toBe(1);
    expect(await page.getByRole('img', { name: 'Door' }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('img', { name: 'Toilet' }).count()).toBeGreaterThan(0);
    // the driver sits at the front (top) of the lower deck, on the left in both languages
    const driver = await decks.nth(1).getByRole('img', { name: 'Driver' }).boundingBox();
    const lowerSeats = await decks.nth(1).locator('button.seat').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
    expect(driver!.y).toBeLessThan(Math.min(...lowerSeats));
    // accessible and premium seats are marked; a taken seat says so and cannot be picked
    const details = await descriptions(page.locator('button.seat'));
    expect(details.filter((d) => /wheelchair accessible/.test(d)).length).toBeGreaterThan(0);
    expect(details.filter((d) => /premium/.test(d)).length).toBeGreaterThan(0);
    const taken = page.locator('button.seat.taken').first();
    if ((await taken.count()) > 0) {
      expect(await descriptions(taken)).toEqual([expect.stringMatching(/taken/)]);
      expect(await taken.getAttribute('aria-disabled')).toBe('true');
      await taken.click({ force: true }); // clicked anyway: nothing happens
      expect(await taken.getAttribute('aria-pressed')).toBe('false');
    }
    await shot(page, 'mouse-dd-1-map-en');

    // the class legend filters: only that class stays pickable
    const legendFirst = page.locator('.legend-class').first();
    await legendFirst.click();
    expect(await legendFirst.getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('button.seat.dimmed').count()).toBeGreaterThan(0);
    await legendFirst.click();
    expect(await page.locator('button.seat.dimmed').count()).toBe(0);

    const seats = await freeSeats(page, 2);
    for (const n of seats) await page.getByTestId(`seat-${n}`).click();
    await page.getByTestId('hold-status').first().waitFor({ timeout: 15_000 });
    for (const n of seats) expect(await descriptions(page.getByTestId(`seat-${n}`))).toEqual([expect.stringMatching(/held for this sale/)]);
    await shot(page, 'mouse-dd-2-held-en');
    await page.getByRole('button', { name: 'العربية' }).click(); // the top bar's switch
    await shot(page, 'mouse-dd-2-held-ar');
    expect(await page.getByTestId('seatmap').locator('h3').allTextContents()).toEqual(['الطابق العلوي', 'الطابق السفلي']);
    const driverAr = await page.getByRole('img', { name: 'السائق' }).boundingBox();
    expect(Math.abs(driverAr!.x - driver!.x)).toBeLessThan(400); // not mirrored to the far side
    await page.getByRole('button', { name: 'English' }).click();

    // changing one seat releases the hold and makes a new one
    const firstHold = await page.getByTestId('hold-status').first().getAttribute('data-hold-id');
    await page.getByTestId(`seat-${seats[1]}`).click();
    expect(await page.getByTestId(`seat-${seats[1]}`).getAttribute('aria-pressed')).toBe('false');
    await page.getByTestId(`seat-${seats[1]}`).click();
    await expect.poll(async () => page.getByTestId('hold-status').first().getAttribute('data-hold-id'), { timeout: 15_000 }).not.toBe(firstHold);

    await page.getByRole('button', { name: /^Passengers/ }).click();
    await page.getByLabel(/Passenger 1, seat/).fill('Youssef Mouse');
    await page.getByLabel(/Passenger 2, seat/).fill('Salma Mouse');
    await page.getByLabel('Mobile phone').fill('01223344556');
    await page.getByLabel('E-mail (optional)').fill('youssef@example.com');
    await page.getByRole('radio', { name: 'العربية' }).click(); // tickets in Arabic
    await shot(page, 'mouse-dd-3-passengers-en');
    await page.getByRole('button', { name: /^Payment/ }).click();
    const total = minorOf(await page.getByTestId('pay-total').textContent());
    // a quick amount: the second one is the next round 50
    await page.getByRole('group', { name: 'Quick amounts' }).getByRole('button').nth(1).click();
    const change = minorOf(await page.getByTestId('pay-change').textContent());
    expect(change).toBeGreaterThan(0);
    await shot(page, 'mouse-dd-4-payment-en');
    await page.getByTestId('confirm').click();
    expect(await outcomeStatus(page)).toBe('confirmed');
    await shot(page, 'mouse-dd-5-booked-en');
    const reference = plain(await page.getByTestId('booking-reference').textContent());
    const [booking] = await sandbox.bookingsOf('Youssef Mouse');
    expect(booking).toMatchObject({ id: reference, status: 'confirmed', contact: { email: 'youssef@example.com' } });
    expect(booking!.passengers.map((p) => p.seat)).toEqual(seats);
    expect(minorOf(await page.getByTestId('outcome-change').textContent())).toBe(change);
    expect(await printedDocument(page, 'tickets')).toMatchObject({ pages: 2, printer: 'TicketPDF' });
    expect((await printedDocument(page, 'receipt')).printer).toBe('ReceiptPDF');
    const recorded = (await c.call('listSales')).find((s) => s.bookingReference === reference)!;
    expect(recorded.retailTotalMinor).toBe(total);
    expect((await c.call('getSale', { saleId: recorded.saleId })).language).toBe('ar');
    await page.getByRole('button', { name: /Next customer/ }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
  });

  it('sells on an operator that assigns seats at boarding: a class and a count', async () => {
    const { page, sandbox } = c;
    await setLanguage(page, 'en');
    const { to, offer } = await findDeparture((d) => (d as { offer: { seat_selection: boolean } }).offer.seat_selection === false);
    await searchByMouse(to);
    await row(offer).click();
    await page.getByTestId('no-seat-selection').waitFor({ timeout: 15_000 });
    expect(plain(await page.getByTestId('no-seat-selection').textContent())).toContain('Seats assigned at boarding');
    expect(await page.getByTestId('seatmap').count()).toBe(0);
    await shot(page, 'mouse-boarding-1-en');
    await page.getByRole('button', { name: /^Hold 2 seats/ }).click();
    await page.getByTestId('hold-status').first().waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'العربية' }).click();
    await shot(page, 'mouse-boarding-2-held-ar');
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('button', { name: /^Passengers/ }).click();
    await page.getByLabel('Passenger 1: full name').fill('Amr Boarding');
    await page.getByLabel('Passenger 2: full name').fill('Dina Boarding');
    await page.getByLabel('Contact name').fill('Amr Boarding');
    await page.getByLabel('Mobile phone').fill('+966 50 123 4567');
    await page.getByRole('button', { name: /^Payment/ }).click();
    await page.getByRole('button', { name: /^Exact/ }).click();
    expect(minorOf(await page.getByTestId('pay-change').textContent())).toBe(0);
    await page.getByTestId('confirm').click();
    expect(await outcomeStatus(page)).toBe('confirmed');
    await shot(page, 'mouse-boarding-3-booked-en');
    const [booking] = await sandbox.bookingsOf('Amr Boarding');
    expect(booking).toMatchObject({ status: 'confirmed', seats: 2, contact: { phone: '+966501234567' } });
  });

  it('a failed print says so with a retry, and never undoes the sale', async () => {
    const { page, sandbox } = c;
    await setLanguage(page, 'en');
    // both printers were unplugged: main's own prints of the sale fail
    await usePdfPrinters(c, { ticket: 'NoSuchPrinter', receipt: 'NoSuchPrinter' });
    const { to, offer } = await findDeparture((d) => (d as { offer: { seat_selection: boolean } }).offer.seat_selection === true);
    await searchByMouse(to);
    await page.getByRole('button', { name: 'One passenger less' }).click();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await row(offer).click();
    await page.getByTestId('seatmap').waitFor({ timeout: 15_000 });
    const [seat] = await freeSeats(page, 1);
    await page.getByTestId(`seat-${seat}`).click();
    await page.getByTestId('hold-status').first().waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: /^Passengers/ }).click();
    await page.getByLabel(/Passenger 1, seat/).fill('Print Failure Traveller');
    await page.getByLabel('Mobile phone').fill('01001001001');
    await page.getByRole('button', { name: /^Payment/ }).click();
    await page.getByRole('button', { name: /^Exact/ }).click();
    await page.getByTestId('confirm').click();
    expect(await outcomeStatus(page)).toBe('confirmed');
    const tickets = page.getByTestId('print-tickets');
    const receipt = page.getByTestId('print-receipt');
    await expect.poll(() => tickets.getAttribute('data-status'), { timeout: 30_000 }).toBe('failed');
    await expect.poll(() => receipt.getAttribute('data-status'), { timeout: 30_000 }).toBe('failed');
    expect(plain(await tickets.textContent())).toContain('The sale is safe');
    await shot(page, 'mouse-print-failed-en');
    const reference = plain(await page.getByTestId('booking-reference').textContent());
    expect((await sandbox.bookingsOf('Print Failure Traveller'))[0]).toMatchObject({ id: reference, status: 'confirmed' });
    expect((await c.call('listSales')).find((s) => s.bookingReference === reference)?.status).toBe('confirmed');
    // the printers are back: Retry prints each; a retry after a failure is the original, not a copy
    await usePdfPrinters(c);
    await tickets.getByRole('button', { name: 'Try again' }).click();
    expect(await printedDocument(page, 'tickets')).toMatchObject({ pages: 1, printer: 'TicketPDF' });
    await receipt.getByRole('button', { name: 'Try again' }).click();
    const paper = await printedDocument(page, 'receipt');
    expect(paper.printer).toBe('ReceiptPDF');
    expect(paper.text).toContain(reference);
    expect(paper.text).not.toContain('COPY');
    expect(await page.getByTestId('outcome').getAttribute('data-status')).toBe('confirmed');
    await shot(page, 'mouse-print-retried-en');
  });
});
