import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { systemClock, sleep } from '../../../main/clock.ts';
import { PartnerClient } from '../../../main/partner/client.ts';
import { TRAINING_CREDENTIAL } from '../../../main/session.ts';
import { counterPerFile, daysAhead, findOffer, sellOneSeat } from '../main/helpers.ts';

// Finding a booking after the sale, on a TRAINING counter and its embedded sandbox: a sale made
// here by each of its keys, and a booking made on the same account outside the app.

const it_ = counterPerFile('shubbak-lookup-');

/** A booking made on the counter's account by another channel (straight to the API), 4 days ahead. */
async function bookOutside(name: string, phone: string) {
  const info = await it_.c.ok('appInfo');
  const client = new PartnerClient({ baseUrl: info.apiBaseUrl, credentials: [TRAINING_CREDENTIAL], version: '0.1.0', clock: systemClock, sleep });
  const { priced } = await findOffer(it_.c, 1, 4);
  const body = { offer_id: priced.offer.id, passengers: [{ full_name: name }], contact: { name, phone } };
  return (await client.createBooking(randomUUID(), JSON.stringify(body))).booking;
}

/** The print.recorded entries of the counter's journal, read from its file. */
function printsInJournal(): { saleId: string | null; kind: string; copy: boolean; language: string; document?: string; shiftId: string | null }[] {
  const db = new Database(join(it_.dir, 'training', 'journal.db'), { readonly: true });
  try {
    return (db.prepare("SELECT payload, shift_id FROM entries WHERE type = 'print.recorded' ORDER BY seq").all() as { payload: string; shift_id: string | null }[]).map(
      (r) => ({ ...(JSON.parse(r.payload) as { saleId: string | null; kind: string; copy: boolean; language: string; document?: string }), shiftId: r.shift_id }),
    );
  } finally {
    db.close();
  }
}

describe('finding a booking', () => {
  it('finds a sale made here by booking reference, operator reference, name, phone (any writing) and travel date', async () => {
    const { c } = it_;
    const sale = await sellOneSeat(c, 'Youssef Abdel Nasser', 0);
    expect(sale.status).toBe('confirmed');
    const ref = sale.booking!.id;
    const view = await c.ok('readBooking', { saleId: sale.saleId });
    const booking = view.booking!;
    const date = booking.travel_date;
    const [y, m, d] = date.split('-');
    for (const query of [
      ref,
      ref.toLowerCase().slice(0, 6),
      booking.boarding.operator_reference,
      'Youssef',
      'yousef abdel',
      'Nasser',
      '010 0123 4567', // the helper's contact: +201001234567
      '+20 10 01234567',
      '٠١٠٠١٢٣',
      date,
      `${Number(d)}/${Number(m)}/${y}`,
    ]) {
      const hits = await c.ok('findBookings', { query });
      expect(hits.map((h) => h.saleId), query).toContain(sale.saleId);
    }
    const hit = (await c.ok('findBookings', { query: ref }))[0]!;
    expect(hit).toMatchObject({ source: 'journal', bookingReference: ref, status: 'confirmed', names: ['Youssef Abdel Nasser'], origin: 'Cairo', seats: 1 });
    expect(await c.ok('findBookings', { query: 'Zzyzx Nobody' })).toEqual([]);
    // Sold here: it is not offered again from the account.
    expect(await c.ok('findAccountBookings', { query: ref })).toEqual([]);
  });

  it('shows a sale made here with its retail price, cash, agent and shift, and the booking whole from the API', async () => {
    const { c } = it_;
    const sale = await sellOneSeat(c, 'Hala Mostafa', 500);
    const view = await c.ok('readBooking', { bookingReference: sale.booking!.id });
    expect(view.stale).toBe(false);
    expect(view.sale).toMatchObject({ saleId: sale.saleId, status: 'confirmed', agentName: 'Agent 1', cashRecorded: true, currency: 'EGP' });
    expect(view.sale!.cashTenderedMinor - view.sale!.retailTotalMinor).toBe(500);
    // the shift as staff name it: still open (no Z number yet), opened before the sale
    expect(view.sale!.zNumber).toBeNull();
    expect(Date.parse(view.sale!.shiftOpenedAt!)).toBeLessThanOrEqual(Date.parse(view.sale!.createdAt));
    expect(view.booking).toMatchObject({ id: sale.booking!.id, status: 'confirmed', passengers: [{ full_name: 'Hala Mostafa' }] });
    expect(view.booking!.tickets).toMatchObject({ valid_for_travel: false });
    expect(view.booking!.boarding.e_tickets.length).toBeGreaterThan(0);
  });

  it('finds a booking made outside the app on the account (GET /bookings), by name, phone, date and reference', async () => {
    const { c } = it_;
    const made = await bookOutside('Karim Elsayed', '01229876543');
    expect(made.status).toBe('confirmed');
    // the start of a reference as the agent types it: the API's 404 for the partial one is "not a whole reference", not an error
    const partial = made.id.slice(0, 8);
    for (const query of ['Karim', 'kareem elsayed', '+20 122 987', made.id, partial, made.id.toLowerCase(), made.boarding.operator_reference, daysAhead(4)]) {
      const hits = await c.ok('findAccountBookings', { query });
      expect(hits.map((h) => h.bookingReference), query).toContain(made.id);
    }
    // Not sold here: not in the journal, and its view has no sale.
    expect((await c.ok('findBookings', { query: 'Karim' })).map((h) => h.bookingReference)).not.toContain(made.id);
    const view = await c.ok('readBooking', { bookingReference: made.id });
    expect(view.sale).toBeNull();
    expect(view.booking!.id).toBe(made.id);
  });

  it('reprints tickets (all, one traveller, the other language) and the receipt as a COPY, each counted in the journal', async () => {
    const { c } = it_;
    await c.ok('savePrintSettings', { ticketPrinter: 'TicketPDF', receiptPrinter: 'ReceiptPDF', receiptPaper: '80mm' });
    const sale = await sellOneSeat(c, 'Nour Adel', 0, 'ar');
    await it_.counter.printed();
    const one = await c.ok('printTickets', { saleId: sale.saleId, passengerIndex: 0, language: 'en' });
    expect(one).toMatchObject({ kind: 'tickets', status: 'sent' });
    const receipt = await c.ok('printReceipt', { saleId: sale.saleId });
    expect(receipt.status).toBe('sent');
    const view = await c.ok('readBooking', { saleId: sale.saleId });
    expect(view.sale).toMatchObject({ ticketsPrinted: 2, receiptsPrinted: 2 });
    // The journal marks the two reprints as copies (what the Z-report counts as reprints), in the agent's shift.
    const prints = printsInJournal().filter((p) => p.saleId === sale.saleId);
    expect(prints.map((p) => [p.kind, p.copy, p.language])).toEqual([
      ['tickets', false, 'ar'],
      ['receipt', false, 'ar'],
      ['tickets', true, 'en'],
      ['receipt', true, 'ar'],
    ]);
    expect(prints.every((p) => p.shiftId === view.sale!.shiftId)).toBe(true);
    expect((await c.err('printTickets', { saleId: sale.saleId, bookingReference: sale.booking!.id })).code).toBe('invalid_argument');
  });

  it('prints the tickets of a booking not sold here (the API PDF), one traveller too; a second print is a copy; there is no receipt', async () => {
    const { c } = it_;
    const made = await bookOutside('Rania Outside', '01012340000');
    expect(await c.ok('printTickets', { bookingReference: made.id })).toMatchObject({ kind: 'tickets', status: 'sent' });
    expect(await c.ok('printTickets', { bookingReference: made.id, passengerIndex: 0, language: 'en' })).toMatchObject({ status: 'sent' });
    const prints = printsInJournal().filter((p) => p.document === `tickets:${made.id}`);
    expect(prints.map((p) => [p.saleId, p.copy, p.language])).toEqual([
      [null, false, 'ar'],
      [null, true, 'en'],
    ]);
    expect((await c.ok('readBooking', { bookingReference: made.id })).sale).toBeNull();
  });
});
