// Ticket PDFs kept on the counter and validated with ETag / If-None-Match: an unchanged ticket is
// reprinted from the kept copy (the sandbox answers 304), a rescheduled one is fetched again and
// printed with its new departure, and a damaged kept copy is fetched again.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RECEIPT_PRINTER, TICKET_PRINTER, pdfText, printedPdf } from '../../support/cups.ts';
import { counterPerFile, originOf, sellOneSeat } from '../main/helpers.ts';

const seen: { path: string; status: number; conditional: boolean }[] = [];
const recordingFetch: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.pathname.endsWith('.pdf')) {
    const headers = new Headers(init?.headers);
    seen.push({ path: url.pathname, status: res.status, conditional: headers.has('if-none-match') });
  }
  return res;
};
const t = counterPerFile('shubbak-ticket-cache-', { fetch: recordingFetch });

describe('the ticket PDF cache', () => {
  it('reprints an unchanged ticket from the kept copy (304), and a rescheduled one fresh', async () => {
    await t.c.ok('savePrintSettings', { ticketPrinter: TICKET_PRINTER, receiptPrinter: RECEIPT_PRINTER, receiptPaper: '80mm' });
    const sale = await sellOneSeat(t.c, 'Yasmin Fathy', 0);
    await t.counter.printed();
    const ref = sale.booking!.id;
    expect(seen.filter((s) => s.status === 200)).toHaveLength(1);

    const again = await t.c.ok('printTickets', { saleId: sale.saleId });
    expect(again.status).toBe('sent');
    expect(seen.at(-1)).toMatchObject({ status: 304, conditional: true });
    const before = pdfText(await printedPdf(again.jobId!));

    // The operator moves the departure: the ticket changes, the kept copy is not printed.
    const departure = sale.booking!.departure_at!;
    const local = new Date(Date.parse(departure) + 5 * 3_600_000).toISOString();
    const res = await fetch(`${originOf(t.counter.info.apiBaseUrl)}/_sandbox/bookings/${ref}/reschedule`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ departure_at: local }),
    });
    expect(res.ok).toBe(true);
    const fresh = await t.c.ok('printTickets', { saleId: sale.saleId });
    expect(seen.at(-1)).toMatchObject({ status: 200, conditional: true });
    const after = pdfText(await printedPdf(fresh.jobId!));
    expect(after).not.toBe(before);

    // A damaged kept copy is fetched again, whole.
    const dir = join(t.dir, 'ticket-cache', 'training');
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.pdf'))) writeFileSync(join(dir, f), 'not a pdf');
    const repaired = await t.c.ok('printTickets', { saleId: sale.saleId });
    expect(repaired.status).toBe('sent');
    expect(seen.at(-1)).toMatchObject({ status: 200, conditional: false });
  });
});
