import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pdfText, printedPdf } from '../support/cups.ts';
import { counterPerFile, keyboardSaleToPayment, outcomeStatus, payAndConfirm, plain, setLanguage, shot, shotBothLanguages, SEATED_OPERATORS, type Counter } from '../support/sale.ts';

// A day at the counter in Chromium: the first supervisor is made in Settings → Agents, who signs
// in with a PIN, counts the opening float, sells, pays out, locks and unlocks the screen, closes
// with a blind count, prints the Z-report to CUPS-PDF, and reads the station day report (F7).

let c: Counter;
counterPerFile((opened) => {
  c = opened;
});

describe('a shift at the counter', () => {
  it('first supervisor, opening float, a sale, a pay-out, a lock, the blind count and the Z-report', async () => {
    const { page } = c;
    await setLanguage(page, 'en');

    // TRAINING with no agent sells as its demo agent; the supervisor is made in Settings → Agents
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'Agents' }).click();
    const tab = page.getByTestId('settings-agents');
    expect(plain(await tab.textContent())).toContain('no agents yet');
    await page.locator('#agent-name').fill('Samir Supervisor');
    await page.locator('#agent-pin').fill('432100');
    await tab.getByRole('button', { name: 'Create the supervisor and sign in' }).click();

    // signed in as a supervisor: Settings stays open (more agents, printers) with no cash shift;
    // the counter asks for the float, counted by denomination, only to sell
    await expect.poll(async () => plain(await page.getByTestId('settings-role').textContent())).toBe('Supervisor');
    await page.keyboard.press('Escape');
    const open = page.getByTestId('open-shift');
    await open.waitFor();
    await page.getByTestId('no-shift-needed').waitFor();
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'Printers' }).click();
    await page.keyboard.press('Escape');
    await open.waitFor();
    expect(await c.call('listShifts')).toEqual([]);
    await shotBothLanguages(page, 'shift-1-open');
    await page.locator('#float-20000').fill('2');
    await page.keyboard.press('Enter');
    await page.keyboard.type('1'); // one 100-pound note
    await expect.poll(async () => plain(await page.getByTestId('float-total').textContent())).toBe('EGP 500.00');
    await open.getByRole('button', { name: 'Open the shift with this float' }).click();
    await page.getByRole('combobox').nth(1).waitFor();
    expect(plain(await page.getByTestId('agent').textContent())).toContain('Samir Supervisor');

    // a sale, as every other day
    const sale = await keyboardSaleToPayment(page, {
      from: 'cairo',
      to: 'alex',
      fromShown: 'Cairo',
      toShown: 'Alexandria',
      passengers: ['Laila Mahmoud'],
      phone: '01012345678',
      operators: SEATED_OPERATORS,
    });
    await payAndConfirm(page, Math.ceil(sale.totalPounds / 100) * 100);
    expect(await outcomeStatus(page)).toBe('confirmed');

    // a pay-out from the shift panel (F11)
    await page.keyboard.press('F11');
    const panel = page.getByTestId('shift-panel');
    await panel.waitFor();
    await panel.getByText('Pay-out', { exact: true }).click();
    await page.locator('#cash-amount').fill('50');
    await page.locator('#cash-reason').fill('Tea for the counter');
    await panel.getByRole('button', { name: 'Record' }).click();
    await expect.poll(async () => plain(await panel.getByRole('status').textContent())).toContain('Pay-out of EGP 50.00 recorded');
    await shotBothLanguages(page, 'shift-2-cash');
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);

    // Ctrl+L locks; the PIN unlocks, the sale screen is still there
    await page.keyboard.press('Control+l');
    await page.getByTestId('lock-screen').waitFor();
    await shot(page, 'shift-3-locked-en');
    await page.locator('#pin').fill('1111');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await page.getByRole('alert').allTextContents()).join(' '), { timeout: 10_000 }).toContain('Wrong PIN');
    await page.locator('#pin').fill('432100');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('lock-screen').count()).toBe(0);

    // close: the blind count first (no expected amount on screen), then the variance
    await page.keyboard.press('F11');
    await panel.getByRole('tab', { name: 'Close the shift' }).click();
    const blind = page.getByTestId('blind-count');
    await blind.waitFor();
    expect(plain(await panel.textContent())).not.toContain('Expected');
    await shotBothLanguages(page, 'shift-4-blind-count');
    const expectedMinor = 50_000 + sale.totalPounds * 100 - 5_000;
    // all in 1-pound coins, five pounds short
    await page.locator('#count-100').fill(String((expectedMinor - 500) / 100));
    await blind.getByRole('button', { name: 'Record the count' }).click();
    const variance = page.getByTestId('variance');
    await variance.waitFor();
    expect(plain(await variance.textContent())).toContain('ShortEGP 5.00');
    expect(plain(await variance.textContent())).not.toContain('-EGP');
    // short: no close without saying why
    await page.getByTestId('comment-needed').waitFor();
    expect(await variance.getByRole('button', { name: 'Close the shift' }).isDisabled()).toBe(true);
    await page.locator('#close-comment').fill('A note given twice');
    await variance.getByRole('button', { name: 'Close the shift' }).click();

    const z = page.getByTestId('z-report');
    await z.waitFor();
    expect(plain(await z.textContent())).toContain('Z-report no. 1');
    // on screen, all the printed one has: the comment, the count by denomination, each movement's reason
    expect(plain(await page.getByTestId('z-comment').textContent())).toContain('A note given twice');
    expect(plain(await page.getByTestId('z-movements').textContent())).toContain('Pay-out: Tea for the counter');
    expect(plain(await page.getByTestId('z-count').textContent())).toContain('× EGP 1.00');
    expect(plain(await page.getByTestId('z-variance').textContent())).toBe('ShortEGP 5.00');
    await shotBothLanguages(page, 'shift-5-z-report');
    // In Arabic, the cities of each route and the operators by their Arabic names, the arrow along the reading direction.
    await page.keyboard.press('F3');
    await page.waitForFunction(() => document.documentElement.lang === 'ar');
    const byRoute = plain(await page.getByTestId('z-by-route').textContent());
    expect(byRoute).toContain('←');
    expect(byRoute).not.toMatch(/[A-Za-z]/);
    expect(plain(await page.getByTestId('z-by-operator').textContent())).not.toMatch(/[A-Za-z]/);
    // every figure in Arabic-Indic digits, the business day included; no middle dot beside a
    // digit, where it reads as the Arabic zero ("جو باص · ١" seen as "١٠")
    expect(plain(await z.locator('.desk-intro').first().textContent())).not.toMatch(/[0-9]/);
    for (const id of ['z-by-operator', 'z-by-route']) expect(plain(await page.getByTestId(id).textContent())).not.toMatch(/[٠-٩]\s*·|·\s*[٠-٩]/);
    await page.keyboard.press('F3');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await z.getByTestId('print-z').click();
    await page.getByTestId('z-printed').waitFor({ timeout: 30_000 });
    const zs = (await c.call('listShifts')).filter((s) => s.zNumber === 1);
    expect(zs).toHaveLength(1);
    const prints = await c.call('stationDayReport');
    expect(prints.shifts.some((s) => s.zNumber === 1)).toBe(true);
  });

  it('the Z-report comes out of the receipt printer, and the day report shows the chart and the reconciliation (F7)', async () => {
    const { page } = c;
    // the printed Z-report, read back from CUPS-PDF
    const status = page.getByTestId('z-printed');
    expect(plain(await status.textContent())).toContain('ReceiptPDF');
    const printed = await c.call('printZReport', { zNumber: 1, language: 'en' });
    const text = pdfText(await printedPdf(printed.jobId!));
    expect(text).toContain('Z-report no. 1');
    expect(text).toContain('COPY');
    await page.getByTestId('shift-closed-done').click();

    // closed: the next thing is the next shift's float
    await page.getByTestId('open-shift').waitFor();
    await page.locator('#float-10000').fill('1');
    await page.getByRole('button', { name: 'Open the shift with this float' }).click();
    await page.getByRole('combobox').nth(1).waitFor();

    await page.keyboard.press('F7');
    const reports = page.getByTestId('reports');
    await reports.waitFor();
    await page.getByTestId('hour-chart').waitFor({ timeout: 20_000 });
    const rec = page.getByTestId('reconciliation');
    await expect.poll(async () => plain(await page.getByTestId('matched-debits-count').textContent())).toBe('1');
    expect(plain(await rec.textContent())).toContain('Top-ups and adjustments');
    expect(await page.getByTestId('report-shifts').locator('tbody tr').count()).toBe(2);
    await shotBothLanguages(page, 'reports-1-day');
    // the refunds' counts beside their amounts without a middle dot, which reads as the Arabic zero
    await page.keyboard.press('F3');
    await page.waitForFunction(() => document.documentElement.lang === 'ar');
    expect(plain(await page.getByTestId('refunds-figures').textContent())).not.toMatch(/[٠-٩]\s*·|·\s*[٠-٩]/);
    await page.keyboard.press('F3');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await page.getByTestId('export-csv').click();
    await expect.poll(async () => plain(await page.getByTestId('reports-done').textContent())).toMatch(/Saved as .*station-day-.*-en-.*\.csv$/);
    // the matched debits open to their bookings; the accountant's file has a line per sale
    const [sold] = (await c.call('listSales')).filter((x) => x.status === 'confirmed');
    await page.getByTestId('matched-debits').locator('summary').click();
    expect(plain(await page.getByTestId('matched-debits').textContent())).toContain(sold!.bookingReference!);
    await page.getByTestId('export-sales-csv').click();
    await expect.poll(async () => plain(await page.getByTestId('reports-done').textContent())).toMatch(/Saved as .*day-sales-.*-en-.*\.csv$/);
    const salesFile = readFileSync(plain(await page.getByTestId('reports-done').textContent()).replace(/^Saved as /, ''), 'utf8');
    const [head, ...lines] = salesFile.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(head).toBe('Time (Cairo),Counter,Agent,Booking reference,Route,Departure,Passengers,Retail (EGP),NET (EGP),Margin (EGP),Cash tendered (EGP),Change (EGP),Status');
    const line = lines.find((l) => l.includes(sold!.bookingReference!))!.split(',');
    expect(line[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(line[2]).toBe('Samir Supervisor');
    expect(line[7]).toBe((sold!.retailTotalMinor / 100).toFixed(2));
    expect(line[8]).toBe((sold!.netTotalMinor / 100).toFixed(2));
    expect(line[9]).toBe(((sold!.retailTotalMinor - sold!.netTotalMinor) / 100).toFixed(2));
    expect(line[12]).toBe('confirmed');
    await page.getByTestId('print-day').click();
    await expect.poll(async () => plain(await page.getByTestId('reports-done').textContent())).toBe('Sent to ReceiptPDF.');
    await page.getByTestId('report-shifts').getByRole('button', { name: 'Z no. 1' }).click();
    await page.getByTestId('z-report').waitFor();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect.poll(() => reports.count()).toBe(0);
  });
});
