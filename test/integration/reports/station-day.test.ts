// The station day report through the whole counter, against the embedded sandbox's real wallet
// statement: a confirmed sale, a sale that failed after the charge (DEBIT + REVERSAL), a pending
// one, a booking made with the same account outside the app, a top-up and an adjustment.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cairoDate } from '../../../core/cairo-time.ts';
import { formatCairo } from '../../../core/format.ts';
import { systemClock, sleep } from '../../../main/clock.ts';
import { PartnerClient } from '../../../main/partner/client.ts';
import { TRAINING_CREDENTIAL } from '../../../main/session.ts';
import { RECEIPT_PRINTER, TICKET_PRINTER, pdfText, printedPdf } from '../../support/cups.ts';
import { contact, control, counterPerFile, findOffer, originOf, sellOneSeat } from '../main/helpers.ts';

const t = counterPerFile('shubbak-day-');
const sell = (name: string) => sellOneSeat(t.c, name, 1_000);

describe('station day report', () => {
  it('reconciles the wallet statement with the journal, line by line, and says why for the rest', async () => {
    const confirmed = await sell('Hoda Salem');
    const failed = await sell('Adel TEST FAIL');
    const pending = await sell('Omar TEST PENDING');
    expect([confirmed.status, failed.status, pending.status]).toEqual(['confirmed', 'failed', 'pending']);
    const failedRef = failed.error?.bookingReference;
    const pendingRef = pending.booking?.id;
    expect(failedRef).toMatch(/^PB-/);

    // The same account books from elsewhere (another program, another window).
    const baseUrl = t.counter.info.apiBaseUrl;
    const outside = new PartnerClient({ baseUrl, credentials: [TRAINING_CREDENTIAL], version: 'other', clock: systemClock, sleep });
    const { priced } = await findOffer(t.c, 1);
    const answer = await outside.createBooking(randomUUID(), JSON.stringify({ offer_id: priced.offer.id, passengers: [{ full_name: 'Someone Else' }], contact }));
    const outsideRef = (answer as { booking?: { id: string } }).booking?.id;
    expect(outsideRef).toMatch(/^PB-/);
    const ctl = control(originOf(baseUrl));
    await ctl.topup(TRAINING_CREDENTIAL.clientId, 1_000_000);
    await ctl.adjust(TRAINING_CREDENTIAL.clientId, -2_500, 'bank fee');

    const report = await t.c.ok('stationDayReport');
    expect(report.date).toBe(cairoDate(new Date()));
    const r = report.reconciliation;
    expect(r.statementRead).toBe(true);
    expect(r.matchedDebits.map((m) => m.bookingReference)).toEqual([confirmed.booking!.id]);
    expect(r.matchedDebits[0]!.amountMinor).toBe(-confirmed.netTotalMinor);
    expect(r.matchedReversals.map((m) => m.bookingReference)).toEqual([failedRef]);
    // The seeded wallet's own opening TOPUP may be of today too: ours are there, and nothing else.
    expect(r.apart.map((t) => [t.type, t.amount_minor])).toEqual(expect.arrayContaining([['TOPUP', 1_000_000], ['ADJUSTMENT', -2_500]]));
    expect(r.apart.every((t) => t.type === 'TOPUP' || t.type === 'ADJUSTMENT')).toBe(true);
    const why = r.unmatched.map((u) => `${u.side}:${u.bookingReference}:${u.reason}`).sort();
    expect(why).toEqual(
      [`journal:${pendingRef}:pending_at_close`, `wallet:${pendingRef}:pending_at_close`, `wallet:${outsideRef}:booked_outside`].sort(),
    );
    // The balance moved by exactly the day's lines.
    const sum = r.totals.debitsMinor + r.totals.reversalsMinor + r.totals.topupsMinor + r.totals.adjustmentsMinor;
    expect(r.closingBalanceMinor! - r.openingBalanceMinor!).toBe(sum);
    expect((await t.c.ok('wallet')).balanceMinor).toBe(r.closingBalanceMinor);

    expect(report.figures.counts).toMatchObject({ confirmed: 1, failed: 1, pending: 1 });
    expect(report.byHour).toHaveLength(24);
    expect(report.byHour.reduce((n, h) => n + h.bookings, 0)).toBe(1);
    expect(report.counters).toHaveLength(1);
  });

  it('a statement that cannot be read leaves the journal side standing, with the error', async () => {
    const ctl = control(originOf(t.counter.info.apiBaseUrl));
    await ctl.config({ fault_rate: 1 });
    try {
      const report = await t.c.ok('stationDayReport');
      expect(report.reconciliation.statementRead).toBe(false);
      expect(report.reconciliation.error?.code).toBe('service_unavailable');
      expect(report.figures.counts.confirmed).toBe(1);
    } finally {
      await ctl.config({ fault_rate: 0 });
    }
  });

  it('prints on the receipt printer (the same figures again: a COPY; other figures: REVISED, naming the print before) and exports CSV for Excel and PDF', async () => {
    await t.c.ok('savePrintSettings', { ticketPrinter: TICKET_PRINTER, receiptPrinter: RECEIPT_PRINTER, receiptPaper: '80mm' });
    const beforeFirst = Date.now();
    const first = await t.c.ok('printDayReport', { language: 'en' });
    const afterFirst = Date.now();
    expect(first).toMatchObject({ kind: 'report', printer: RECEIPT_PRINTER, status: 'sent' });
    const text = pdfText(await printedPdf(first.jobId!));
    for (const needle of ['Station day report', 'Wallet reconciliation', 'Booked outside this counter', 'TRAINING']) expect(text).toContain(needle);
    expect(text).not.toContain('COPY');
    const again = await t.c.ok('printDayReport', { language: 'en' });
    expect(pdfText(await printedPdf(again.jobId!))).toContain('COPY');

    // A sale more since the first print: the next print is no COPY of it but a revision naming
    // it; printed again unchanged, that revision's COPY names the same print.
    await sell('Laila Fathy');
    // the line may wrap on the 80 mm roll; "fi" comes out of the PDF as its ligature
    const revisedAt = /REVISED — the \S*gures differ from the print of (\d{1,2} \w{3} \d{4}, \d\d:\d\d)/;
    const printedText = async (jobId: string | null) => pdfText(await printedPdf(jobId!)).replace(/\s+/g, ' ');
    const revised = await printedText((await t.c.ok('printDayReport', { language: 'en' })).jobId);
    expect(revised).not.toContain('COPY');
    const named = revised.match(revisedAt)?.[1];
    const minutesOfFirst = new Set([beforeFirst, afterFirst].map((ms) => formatCairo(ms, 'en', 'paper')));
    expect([...minutesOfFirst]).toContain(named);
    const revisedCopy = await printedText((await t.c.ok('printDayReport', { language: 'en' })).jobId);
    expect(revisedCopy).toContain('COPY');
    expect(revisedCopy.match(revisedAt)?.[1]).toBe(named);

    const csv = await t.c.ok('exportDayReport', { language: 'ar', format: 'csv' });
    const bytes = readFileSync(csv.path);
    expect(bytes.length).toBe(csv.bytes);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe('تقرير اليوم للمحطة,Cairo Gateway counter 1');
    expect(lines.some((l) => l.startsWith('حُجز خارج') || l.endsWith('حُجز خارج هذا الشباك (الحساب نفسه)'))).toBe(true);
    expect(lines.filter((l) => /^\d\d:00,/.test(l))).toHaveLength(24);

    const pdf = await t.c.ok('exportDayReport', { language: 'en', format: 'pdf' });
    expect(readFileSync(pdf.path).subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.path).toMatch(/reports\/station-day-\d{4}-\d\d-\d\d-en-\d{8}T\d{6}\.pdf$/);
  });
});
