import { readdirSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { axeFindings, report } from '../support/a11y.ts';
import { CUPS_PDF_DIR, pdfText, printedPdf } from '../support/cups.ts';
import { journalsIn } from '../support/read-models.ts';
import {
  cairoToAlexandria,
  focused,
  keyboardSaleToPayment,
  outcomeStatus,
  payAndConfirm,
  plain,
  setLanguage,
  type Counter,
  counterPerFile,
  shotBothLanguages,
} from '../support/sale.ts';

// A sale the agent leaves while the operator is still confirming it (F12 on a pending
// outcome): main prints its tickets and receipt once when it is confirmed and the background
// watcher says so; the journal in Settings reprints a confirmed sale's papers; and a reload of
// the window finds the sale on screen again, printed once.

let c: Counter;
counterPerFile((opened) => {
  c = opened;
});

const shotBoth = (name: string) => shotBothLanguages(c.page, name);
/** axe on the screen as it is, in both languages (back in English after). */
async function audited(screen: string): Promise<string> {
  const found = [];
  for (const lang of ['ar', 'en'] as const) {
    await setLanguage(c.page, lang);
    found.push(...(await axeFindings(c.page, `${screen} (${lang})`)));
  }
  return report(found);
}

/** CUPS-PDF files of one kind of document for a booking (cups-pdf names them from the job title). */
const printedFiles = (kind: 'tickets' | 'receipt', reference: string) =>
  readdirSync(CUPS_PDF_DIR).filter((f) => f.startsWith(`Shubbak_${kind}_${reference}_`));

let reference = '';

/**
 * What main printed for a booking, by kind (the journal's print lines), once main's rounds that
 * could print it again have run now (its open sales resumed, twice) and every print they started
 * has finished: instead of waiting seconds for rounds to come.
 */
async function printsAfterMainRounds(bookingReference: string): Promise<Record<string, number>> {
  await c.app.counter.resume();
  await c.app.counter.resume();
  await c.app.counter.printed();
  const db = new Database(journalsIn(c.app.dataDir)[0]!, { readonly: true });
  try {
    const rows = db
      .prepare("SELECT p.kind, count(*) AS n FROM prints p JOIN sales s ON s.sale_id = p.sale_id WHERE s.booking_ref = ? AND p.kind IN ('tickets', 'receipt') GROUP BY p.kind")
      .all(bookingReference) as { kind: string; n: number }[];
    return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
  } finally {
    db.close();
  }
}

/** A sale by keyboard whose operator confirms it 30 s later (TEST PENDING in the name), left on its pending outcome. */
async function sellPending(name: string, phone: string): Promise<string> {
  await setLanguage(c.page, 'en');
  const sale = await keyboardSaleToPayment(c.page, cairoToAlexandria([name], phone));
  await payAndConfirm(c.page, Math.ceil(sale.totalPounds / 100) * 100);
  expect(await outcomeStatus(c.page)).toBe('pending');
  const ref = plain(await c.page.getByTestId('booking-reference').textContent());
  expect(ref).toMatch(/^PB-/);
  return ref;
}

describe('a pending sale left behind', () => {
  it('TEST PENDING, then F12 at once: main prints tickets and receipt once when confirmed, and the watcher says so', async () => {
    const { page, sandbox } = c;
    const name = 'Karim TEST PENDING';
    reference = await sellPending(name, '01012345678');

    // next customer at once: the sale leaves the screen, the top bar keeps count of it
    await page.keyboard.press('F12');
    await expect.poll(() => focused(page).then((f) => f.role)).toBe('combobox');
    expect(await page.getByTestId('outcome').count()).toBe(0);
    const chip = page.getByTestId('pending-watch');
    await expect.poll(() => chip.getAttribute('data-count')).toBe('1');
    expect(plain(await chip.textContent())).toBe('1 booking being confirmed…');
    expect(await chip.getAttribute('role')).toBe('status');
    await shotBoth('pending-watch-1-watching');
    expect(await audited('pending watch')).toBe('');
    await setLanguage(page, 'ar');
    expect(plain(await chip.textContent())).toBe('تأكيد حجز جارٍ…');
    await setLanguage(page, 'en');
    // nothing printed while the operator confirms
    expect(printedFiles('tickets', reference)).toEqual([]);

    // serve nothing else; the operator confirms 30 s later
    await sandbox.advanceClock(31);
    const notice = page.getByTestId('watch-notice');
    await expect.poll(() => notice.getAttribute('data-status'), { timeout: 30_000 }).toBe('confirmed');
    expect(await notice.getAttribute('data-reference')).toBe(reference);
    const tickets = notice.getByTestId('watch-print-tickets');
    const receipt = notice.getByTestId('watch-print-receipt');
    await expect.poll(() => tickets.getAttribute('data-status'), { timeout: 30_000 }).toBe('sent');
    await expect.poll(() => receipt.getAttribute('data-status'), { timeout: 30_000 }).toBe('sent');
    await expect.poll(() => chip.getAttribute('data-count')).toBe('0');
    expect(plain(await notice.textContent())).toContain(`Booking ${reference} confirmed`);
    expect(plain(await tickets.textContent())).toContain('Sent to TicketPDF');
    expect(plain(await receipt.textContent())).toContain('Sent to ReceiptPDF');
    // the focus stayed with the next customer's search
    expect((await focused(page)).role).toBe('combobox');

    // what came out of the printers: each names the booking
    const ticketJob = (await tickets.getAttribute('data-job-id'))!;
    const receiptJob = (await receipt.getAttribute('data-job-id'))!;
    expect(ticketJob).toMatch(/^TicketPDF-\d+$/);
    expect(receiptJob).toMatch(/^ReceiptPDF-\d+$/);
    expect(pdfText(await printedPdf(ticketJob))).toContain(reference);
    expect(pdfText(await printedPdf(receiptJob))).toContain(reference);
    await shotBoth('pending-watch-2-confirmed');
    expect(await audited('pending watch confirmed')).toBe('');

    // exactly once: after main's rounds, one print line each in the journal and one job each
    expect(await printsAfterMainRounds(reference)).toEqual({ tickets: 1, receipt: 1 });
    expect(printedFiles('tickets', reference)).toHaveLength(1);
    expect(printedFiles('receipt', reference)).toHaveLength(1);
    expect((await sandbox.bookingsOf(name))[0]?.status).toBe('confirmed');
    const recorded = (await c.call('listSales', { limit: 200 })).find((s) => s.bookingReference === reference);
    expect(recorded?.status).toBe('confirmed');

    // the notice stays until the agent closes it
    await page.getByRole('button', { name: `Close the notice about ${reference}` }).click();
    await expect.poll(() => notice.count()).toBe(0);
  });
});

describe('reprints from the journal', () => {
  it('reprints the tickets and the receipt of a confirmed sale, as copies, with the printer named', async () => {
    const { page } = c;
    expect(reference).toMatch(/^PB-/);
    await setLanguage(page, 'en');
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('tab', { name: 'Journal', exact: true }).click();
    const row = page.getByTestId('journal-sales').locator('tbody tr', { hasText: reference });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await row.getAttribute('data-status')).toBe('confirmed');

    const tickets = row.getByTestId('reprint-tickets');
    await tickets.getByRole('button').first().click();
    await expect.poll(() => tickets.getAttribute('data-phase'), { timeout: 30_000 }).toBe('done');
    expect(plain(await tickets.textContent())).toContain('Copy sent to TicketPDF');
    const job = (await tickets.getAttribute('data-job-id'))!;
    expect(job).toMatch(/^TicketPDF-\d+$/);
    expect(pdfText(await printedPdf(job))).toContain(reference);
    expect(printedFiles('tickets', reference)).toHaveLength(2);

    const receipt = row.getByTestId('reprint-receipt');
    await receipt.getByRole('button').first().click();
    await expect.poll(() => receipt.getAttribute('data-phase'), { timeout: 30_000 }).toBe('done');
    const receiptText = pdfText(await printedPdf((await receipt.getAttribute('data-job-id'))!));
    expect(receiptText).toContain(reference);
    expect(receiptText).toContain('COPY');
    await row.scrollIntoViewIfNeeded();
    await shotBoth('settings-journal-reprint');
    await page.keyboard.press('Escape');
  });
});

describe('a reload of the window', () => {
  it('finds the sale on screen again as main knows it: printed once by main, whatever the window did', async () => {
    const { page, sandbox } = c;
    const ref = await sellPending('Reload TEST PENDING', '01012345679');

    // reloaded while the operator confirms: the same sale, still pending, on the outcome screen
    await page.reload();
    expect(await outcomeStatus(page)).toBe('pending');
    expect(plain(await page.getByTestId('booking-reference').textContent())).toBe(ref);
    // the screen follows it, so the background watcher does not (no count, no second notice)
    expect(await page.getByTestId('pending-watch').getAttribute('data-count')).toBe('0');
    expect(await audited('pending sale after a reload')).toBe('');

    // confirmed: main prints the tickets then the receipt, the screen shows it
    await sandbox.advanceClock(31);
    await expect.poll(() => page.getByTestId('outcome').getAttribute('data-status'), { timeout: 30_000 }).toBe('confirmed');
    const tickets = page.getByTestId('print-tickets');
    const receipt = page.getByTestId('print-receipt');
    await expect.poll(() => tickets.getAttribute('data-status'), { timeout: 30_000 }).toBe('sent');
    await expect.poll(() => receipt.getAttribute('data-status'), { timeout: 30_000 }).toBe('sent');
    const jobs = [await tickets.getAttribute('data-job-id'), await receipt.getAttribute('data-job-id')];
    expect(pdfText(await printedPdf(jobs[0]!))).toContain(ref);
    await shotBoth('reload-outcome-printed');

    // reloaded again: the same outcome with the same print jobs, nothing printed twice
    await page.reload();
    expect(await outcomeStatus(page)).toBe('confirmed');
    await expect.poll(() => tickets.getAttribute('data-job-id')).toBe(jobs[0]);
    expect(await receipt.getAttribute('data-job-id')).toBe(jobs[1]);
    expect(plain(await tickets.textContent())).toContain('Sent to TicketPDF');
    expect(await printsAfterMainRounds(ref)).toEqual({ tickets: 1, receipt: 1 });
    expect(printedFiles('tickets', ref)).toHaveLength(1);
    expect(printedFiles('receipt', ref)).toHaveLength(1);
    expect(await page.getByTestId('watch-notice').count()).toBe(0);
    await page.keyboard.press('F12');
    await expect.poll(() => page.getByTestId('outcome').count()).toBe(0);
  });
});
