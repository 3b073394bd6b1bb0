// An 80 mm ticket the app renders from the booking, for a counter with only a receipt printer:
// printed by main once the sale is confirmed to the CUPS-PDF receipt printer, read back: the
// traveller, the seat, the booking and operator references, the banner of TRAINING, and the QR
// decoding to the e-ticket.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RECEIPT_PRINTER, pdfText, printedPdf } from '../../support/cups.ts';
import { decodeQr, rasterise } from '../../unit/pdf/pdf-tools.ts';
import { counterPerFile, sellOneSeat } from '../main/helpers.ts';

const t = counterPerFile('shubbak-thermal-');
const norm = (s: string) => s.replace(/[\s\u200e\u200f\u2066-\u2069]+/g, '');

describe('thermal 80 mm tickets', () => {
  it('are printed from the booking with the traveller, seat, references and a QR that reads as the e-ticket', async () => {
    const saved = await t.c.ok('savePrintSettings', { ticketPrinter: RECEIPT_PRINTER, receiptPrinter: RECEIPT_PRINTER, receiptPaper: '80mm', ticketFormat: 'thermal80' });
    expect(saved.ticketFormat).toBe('thermal80');
    const sale = await sellOneSeat(t.c, 'Mariam Youssef', 0);
    await t.counter.printed();
    const state = (await t.c.ok('getSale', { saleId: sale.saleId })).prints.tickets;
    expect(state.status).toBe('sent');
    const path = await printedPdf(state.result!.jobId!);
    const text = norm(pdfText(path));
    const b = sale.booking!;
    for (const needle of ['Mariam Youssef', b.id, b.boarding.operator_reference, b.passengers[0]!.seat ?? '', 'TRAINING', 'Booked and paid through the station']) {
      expect(text, needle).toContain(norm(needle));
    }
    // no price on a ticket
    expect(text).not.toContain('EGP');
    const dir = mkdtempSync(join(tmpdir(), 'shubbak-thermal-png-'));
    try {
      const [png] = rasterise(readFileSync(path), dir, 'ticket', 200);
      expect(decodeQr(png!)).toBe(b.boarding.e_tickets[0]!.qr);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
