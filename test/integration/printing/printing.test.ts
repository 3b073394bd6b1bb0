// Printing through the whole counter (startCounter + dispatch, TRAINING against the embedded
// sandbox) to the real CUPS-PDF printers of the test environment, checking what came out.
//
// What comes out of CUPS-PDF cannot be read back as text: CUPS turns the job into PostScript
// and ghostscript rebuilds the embedded Arabic/Latin CID fonts as Type 3 fonts whose Unicode
// mapping is lost (every renderer of cups-filters was tried). So the check is in two parts: the
// PDF the counter handed to CUPS has the right text (pdftotext), and the PDF that came out of
// the printer is that same document (same page size, same pixels within anti-aliasing).
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintRecorded } from '../../../main/journal/entries.ts';
import { startCounter, type Counter } from '../../../main/counter.ts';
import { formatMoney } from '../../../core/format.ts';
import { PRINT_SETTINGS_FILE, PrintSettingsStore } from '../../../main/printing/settings.ts';
import { cupsSpooler, type Spooler } from '../../../main/printing/spooler.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import { renderTicketsPdf } from '../../../sandbox/tickets/render.ts';
import { RECEIPT_PRINTER, TICKET_PRINTER, printedPdf } from '../../support/cups.ts';
import { pdfText } from '../../unit/pdf/pdf-tools.ts';
import { caller, contact, findOffer, tempDir, type Caller } from '../main/helpers.ts';
import { sampleTicket } from '../tickets/fixtures.ts';

const norm = (s: string) => s.replace(/[\s\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]+/gu, '');
const has = (text: string, needle: string) => norm(text).includes(norm(needle));

const tmp = tempDir('shubbak-print-');
let counter: Counter;
let c: Caller;

// The real CUPS spooler, keeping a copy of every PDF it hands to CUPS (by job id).
const handed = new Map<string, Buffer>();
const cups = cupsSpooler();
const recordingCups: Spooler = {
  listPrinters: () => cups.listPrinters(),
  async print(printer, pdf, job) {
    const r = await cups.print(printer, pdf, job);
    if (r.jobId) handed.set(r.jobId, Buffer.from(pdf));
    return r;
  },
};

beforeAll(async () => {
  // First without a spooler: the counter takes the system's own (CUPS here).
  counter = await startCounter({ dataDir: tmp.dir, version: '0.1.0', keychain: memoryKeychain() });
  c = caller(counter.dispatch);
});
afterAll(async () => {
  await counter?.close();
  tmp.cleanup();
});

/** Grey pixels of page 1 at 40 dpi. */
function raster(pdf: string): PNG {
  const dir = mkdtempSync(join(tmpdir(), 'shubbak-raster-'));
  try {
    execFileSync('pdftoppm', ['-q', '-r', '40', '-gray', '-png', '-singlefile', '-f', '1', pdf, join(dir, 'page')]);
    return PNG.sync.read(readFileSync(join(dir, 'page.png')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Page size in points, as poppler reads it. */
function pageSize(pdf: string): [number, number] {
  const m = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }));
  return [Math.round(Number(m?.[1])), Math.round(Number(m?.[2]))];
}

/**
 * The job came out of the CUPS-PDF printer as the very document handed to it; answers the text
 * of that document.
 */
async function printedText(jobId: string): Promise<string> {
  const out = await printedPdf(jobId);
  const sent = handed.get(jobId);
  expect(sent, `the PDF handed to CUPS as ${jobId}`).toBeDefined();
  const dir = mkdtempSync(join(tmpdir(), 'shubbak-sent-'));
  try {
    writeFileSync(join(dir, 'sent.pdf'), sent!);
    const a = raster(join(dir, 'sent.pdf'));
    const b = raster(out);
    // Same page (ghostscript rounds the page to whole points: a pixel row either way)...
    expect(b.width, 'page width out of the printer').toBe(a.width);
    expect(Math.abs(b.height - a.height), 'page length out of the printer').toBeLessThanOrEqual(1);
    // ...with the same marks on it: ghostscript draws the glyphs again (Type 3), so edges differ
    // a little; a blank, shifted, scaled or cropped page differs by about twice its ink.
    let diff = 0;
    let ink = 0;
    const rows = Math.min(a.height, b.height);
    for (let i = 0; i < rows * a.width * 4; i += 4) {
      diff += Math.abs(a.data[i]! - b.data[i]!);
      ink += 255 - a.data[i]!;
    }
    expect(ink).toBeGreaterThan(0);
    expect(diff / ink, 'difference between the printed page and the page handed over').toBeLessThan(0.4);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return pdfText(sent!);
}

/** Every print.recorded entry of the TRAINING journal, oldest first. */
function prints(dataDir = tmp.dir): PrintRecorded[] {
  const db = new Database(join(dataDir, 'training', 'journal.db'), { readonly: true });
  try {
    const rows = db.prepare("SELECT payload FROM entries WHERE type = 'print.recorded' ORDER BY seq").all() as { payload: string }[];
    return rows.map((r) => JSON.parse(r.payload) as PrintRecorded);
  } finally {
    db.close();
  }
}

function cashEntries(): number {
  const db = new Database(join(tmp.dir, 'training', 'journal.db'), { readonly: true });
  try {
    return (db.prepare("SELECT count(*) AS n FROM entries WHERE type = 'cash.received'").get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** A real sale (search → offer → hold → sell), confirmed. */
async function sell(language: 'ar' | 'en', names: string[], cc: Caller = c) {
  const { priced, detail } = await findOffer(cc, names.length);
  const first = detail.offer.seats.find((s) => s.available)!;
  const seats = detail.offer.seats.filter((s) => s.available && s.class === first.class).slice(0, names.length);
  const hold = await cc.ok('createHold', { offerId: priced.offer.id, seats: names.length, seatsRequested: seats.map((s) => s.number) });
  const retail = detail.retailBySeat[seats[0]!.number]! * names.length;
  const saleId = randomUUID();
  const outcome = await cc.ok('sell', {
    saleId,
    offerId: hold.id,
    passengers: names.map((full_name, i) => ({ full_name, seat: seats[i]!.number })),
    contact,
    language,
    cashTenderedMinor: retail + 3000,
  });
  expect(outcome.status).toBe('confirmed');
  return { saleId, outcome, seats: seats.map((s) => s.number) };
}

/** The print main made by itself once the sale was confirmed (the first, never a copy). */
async function printedByMain(cc: Caller, counterOf: Counter, saleId: string, kind: 'tickets' | 'receipt', dataDir = tmp.dir) {
  await counterOf.printed();
  const state = (await cc.ok('getSale', { saleId })).prints[kind];
  expect(state.status).toBe('sent');
  const first = prints(dataDir).filter((p) => p.saleId === saleId && p.kind === kind);
  expect(first, `one ${kind} print made by main`).toHaveLength(1);
  expect(state.result).toMatchObject({ printId: first[0]!.printId, jobId: first[0]!.jobId, status: 'sent', error: null });
  return { record: first[0]!, result: state.result! };
}

describe('printer settings', () => {
  it('lists the system printers and starts with the system default for both, receipts on 80 mm', async () => {
    const printers = await c.ok('listPrinters');
    expect(printers.map((p) => p.name)).toEqual(expect.arrayContaining([TICKET_PRINTER, RECEIPT_PRINTER]));
    const def = printers.find((p) => p.isDefault)?.name ?? null;
    expect(await c.ok('printSettings')).toEqual({ ticketPrinter: def, receiptPrinter: def, receiptPaper: '80mm' });
    expect(existsSync(join(tmp.dir, PRINT_SETTINGS_FILE))).toBe(false);
  });

  it('without a chosen printer, printing says to choose one in Settings', async () => {
    await c.ok('savePrintSettings', { ticketPrinter: null, receiptPrinter: null, receiptPaper: '80mm' });
    const saleId = randomUUID();
    for (const call of ['printTickets', 'printReceipt'] as const) {
      const err = await c.err(call, { saleId });
      expect(err.code).toBe('not_configured');
      expect(err.message).toMatch(/choose one in Settings/);
    }
  });

  it('saves the choice per counter in a JSON file and reads it back after a restart', async () => {
    const saved = await c.ok('savePrintSettings', { ticketPrinter: TICKET_PRINTER, receiptPrinter: RECEIPT_PRINTER, receiptPaper: 'A4' });
    expect(saved).toEqual({ ticketPrinter: TICKET_PRINTER, receiptPrinter: RECEIPT_PRINTER, receiptPaper: 'A4' });
    const file = JSON.parse(readFileSync(join(tmp.dir, PRINT_SETTINGS_FILE), 'utf8')) as Record<string, unknown>;
    expect(file).toMatchObject({ version: 1, ticketPrinter: TICKET_PRINTER, receiptPrinter: RECEIPT_PRINTER, receiptPaper: 'A4' });
    await counter.close();
    // From here on, with the recording CUPS spooler.
    counter = await startCounter({ dataDir: tmp.dir, version: '0.1.0', keychain: memoryKeychain(), spooler: recordingCups });
    c = caller(counter.dispatch);
    expect(await c.ok('printSettings')).toEqual(saved);
    const bad = await c.err('savePrintSettings', { ticketPrinter: '', receiptPrinter: null, receiptPaper: '58mm' } as never);
    expect(bad.code).toBe('invalid_argument');
    await c.ok('savePrintSettings', { ticketPrinter: TICKET_PRINTER, receiptPrinter: RECEIPT_PRINTER, receiptPaper: '80mm' });
  });

  it('ignores a damaged settings file (logged) and falls back to the defaults', () => {
    const dir = tempDir('shubbak-print-settings-');
    try {
      const logged: string[] = [];
      writeFileSync(join(dir.dir, PRINT_SETTINGS_FILE), '{"version":1,"ticketPrinter":42}');
      expect(new PrintSettingsStore(dir.dir, (m) => logged.push(m)).load()).toBeNull();
      writeFileSync(join(dir.dir, PRINT_SETTINGS_FILE), '{not json');
      expect(new PrintSettingsStore(dir.dir, (m) => logged.push(m)).load()).toBeNull();
      expect(logged).toHaveLength(2);
      const store = new PrintSettingsStore(dir.dir);
      store.save({ ticketPrinter: 'A', receiptPrinter: null, receiptPaper: '80mm' });
      expect(new PrintSettingsStore(dir.dir).load()).toEqual({ ticketPrinter: 'A', receiptPrinter: null, receiptPaper: '80mm' });
    } finally {
      dir.cleanup();
    }
  });
});

describe('printing a sale', () => {
  let sale: Awaited<ReturnType<typeof sell>>;

  beforeAll(async () => {
    await c.ok('savePrintSettings', { ticketPrinter: TICKET_PRINTER, receiptPrinter: RECEIPT_PRINTER, receiptPaper: '80mm' });
    sale = await sell('ar', ['سلمى حسن', 'Karim Fawzy']);
  });

  it('main prints the customer receipt to the receipt printer once confirmed: retail total, cash, change, TRAINING', async () => {
    const { result: r } = await printedByMain(c, counter, sale.saleId, 'receipt');
    expect(r).toMatchObject({ kind: 'receipt', printer: RECEIPT_PRINTER, status: 'sent', error: null });
    expect(r.jobId).toMatch(new RegExp(`^${RECEIPT_PRINTER}-\\d+$`));
    const text = await printedText(r.jobId!);
    // The roll: 80 mm wide (226.8 pt), as long as the receipt, asked of the printer as such.
    const [w, h] = pageSize(await printedPdf(r.jobId!));
    expect(Math.abs(w - 226.8)).toBeLessThan(1.5);
    expect(h).toBeLessThan(700);
    const o = sale.outcome;
    for (const needle of [
      o.booking!.id,
      o.booking!.boarding.operator_reference,
      formatMoney(o.retailTotalMinor, 'ar'),
      formatMoney(o.cashTenderedMinor, 'ar'),
      formatMoney(o.changeMinor, 'ar'),
      'Cairo Gateway counter 1',
      'Agent 1',
      'TRAINING — NOT A REAL SALE',
      'إيصال العميل',
      'سلمى حسن',
      'Karim Fawzy',
      ...sale.seats,
    ]) {
      expect(has(text, needle), `"${needle}" on the printed receipt:\n${text}`).toBe(true);
    }
    expect(o.changeMinor).toBe(3000);
    expect(o.netTotalMinor).toBeLessThan(o.retailTotalMinor);
    expect(has(text, formatMoney(o.netTotalMinor, 'ar')), 'the NET total is never on a receipt').toBe(false);
    expect(text).not.toContain('COPY');
    const last = prints().find((p) => p.printId === r.printId);
    expect(last).toMatchObject({ saleId: sale.saleId, kind: 'receipt', printer: RECEIPT_PRINTER, status: 'sent', jobId: r.jobId, copy: false, language: 'ar' });
  });

  it('journals a reprint as a copy, and the paper says COPY / نسخة', async () => {
    const r = await c.ok('printReceipt', { saleId: sale.saleId });
    expect(r.status).toBe('sent');
    const text = await printedText(r.jobId!);
    expect(text).toContain('COPY');
    expect(has(text, 'نسخة')).toBe(true);
    expect(prints().at(-1)).toMatchObject({ printId: r.printId, kind: 'receipt', status: 'sent', copy: true });
  });

  it('a print to a printer that is gone fails (journalled, retryable) and leaves the sale untouched', async () => {
    const before = await c.ok('getSale', { saleId: sale.saleId });
    const cash = cashEntries();
    await c.ok('savePrintSettings', { ticketPrinter: 'NoSuchPrinter', receiptPrinter: 'NoSuchPrinter', receiptPaper: '80mm' });
    try {
      const r = await c.ok('printReceipt', { saleId: sale.saleId });
      expect(r).toMatchObject({ kind: 'receipt', printer: 'NoSuchPrinter', status: 'failed', jobId: null });
      expect(r.error).toMatchObject({ code: 'print_failed', retryable: true });
      expect(r.error!.message).toMatch(/NoSuchPrinter/);
      expect(prints().at(-1)).toMatchObject({ printId: r.printId, status: 'failed', errorCode: 'print_failed', printer: 'NoSuchPrinter' });
    } finally {
      await c.ok('savePrintSettings', { ticketPrinter: TICKET_PRINTER, receiptPrinter: RECEIPT_PRINTER, receiptPaper: '80mm' });
    }
    // The sale is as it was; only where its receipt printing stands says the last try failed.
    const after = await c.ok('getSale', { saleId: sale.saleId });
    expect({ ...after, prints: before.prints }).toEqual(before);
    expect(after.prints.receipt).toMatchObject({ status: 'failed', result: { status: 'failed', printer: 'NoSuchPrinter' } });
    expect(cashEntries()).toBe(cash);
    expect((await c.ok('verifyJournal')).ok).toBe(true);
  });

  it('prints an A4 receipt when the paper is A4', async () => {
    await c.ok('savePrintSettings', { ticketPrinter: TICKET_PRINTER, receiptPrinter: RECEIPT_PRINTER, receiptPaper: 'A4' });
    try {
      const r = await c.ok('printReceipt', { saleId: sale.saleId });
      const text = await printedText(r.jobId!);
      expect(pageSize(await printedPdf(r.jobId!))).toEqual([595, 842]);
      expect(has(text, sale.outcome.booking!.id)).toBe(true);
    } finally {
      await c.ok('savePrintSettings', { ticketPrinter: TICKET_PRINTER, receiptPrinter: RECEIPT_PRINTER, receiptPaper: '80mm' });
    }
  });

  it('main prints the API’s ticket PDF, in the booking’s language, to the ticket printer; a reprint is a copy', async () => {
    const { result: r } = await printedByMain(c, counter, sale.saleId, 'tickets');
    expect(r).toMatchObject({ kind: 'tickets', printer: TICKET_PRINTER, status: 'sent', error: null });
    const text = await printedText(r.jobId!);
    for (const needle of ['سلمى حسن', 'Karim Fawzy', sale.outcome.booking!.id, ...sale.seats]) {
      expect(has(text, needle), `"${needle}" on the printed tickets:\n${text}`).toBe(true);
    }
    expect(prints().find((p) => p.printId === r.printId)).toMatchObject({ kind: 'tickets', status: 'sent', copy: false, language: 'ar' });
    const again = await c.ok('printTickets', { saleId: sale.saleId });
    expect(again.status).toBe('sent');
    expect(prints().at(-1)).toMatchObject({ printId: again.printId, kind: 'tickets', copy: true });
  });

  it('a pending booking’s tickets are not ready yet: a retryable ticket_not_ready, nothing printed', async () => {
    const { priced, detail } = await findOffer(c);
    const seat = detail.offer.seats.find((s) => s.available)!;
    const saleId = randomUUID();
    const outcome = await c.ok('sell', {
      saleId,
      offerId: priced.offer.id,
      passengers: [{ full_name: 'Hany TEST PENDING', seat: seat.number }],
      contact,
      language: 'en',
      cashTenderedMinor: detail.retailBySeat[seat.number]!,
    });
    expect(outcome.status).toBe('pending');
    const count = prints().length;
    const err = await c.err('printTickets', { saleId });
    expect(err).toMatchObject({ code: 'ticket_not_ready', retryable: true });
    expect(err.retryAfter).toBeGreaterThan(0);
    expect(prints()).toHaveLength(count);
    // No cash was taken yet, so there is no receipt either.
    expect((await c.err('printReceipt', { saleId })).code).toBe('conflict');
  });

  it('an unknown sale is not_found; a failed sale has no tickets and no receipt', async () => {
    expect((await c.err('printReceipt', { saleId: randomUUID() })).code).toBe('not_found');
    expect((await c.err('printTickets', { saleId: randomUUID() })).code).toBe('not_found');
    const { priced, detail } = await findOffer(c);
    const seat = detail.offer.seats.find((s) => s.available)!;
    const saleId = randomUUID();
    const outcome = await c.ok('sell', {
      saleId,
      offerId: priced.offer.id,
      passengers: [{ full_name: 'Omar TEST FAIL', seat: seat.number }],
      contact,
      language: 'en',
      cashTenderedMinor: detail.retailBySeat[seat.number]!,
    });
    expect(outcome.status).toBe('failed');
    expect((await c.err('printTickets', { saleId })).code).toBe('booking_not_confirmed');
    expect((await c.err('printReceipt', { saleId })).code).toBe('conflict');
  });

  it('prints a test page naming the printer, environment and time', async () => {
    const r = await c.ok('printTestPage', { printer: TICKET_PRINTER });
    expect(r).toMatchObject({ kind: 'test', printer: TICKET_PRINTER, status: 'sent', error: null });
    const text = await printedText(r.jobId!);
    expect(text).toContain('Shubbak printer test');
    expect(text).toContain(TICKET_PRINTER);
    expect(text).toContain('TRAINING');
    expect(has(text, 'صفحة اختبار الطابعة')).toBe(true);
    expect(prints().at(-1)).toMatchObject({ printId: r.printId, kind: 'test', saleId: null, status: 'sent', copy: false });
    const failed = await c.ok('printTestPage', { printer: 'NoSuchPrinter' });
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'print_failed', retryable: true } });
  });
});

describe('printing tickets: exactly the bytes the API served, in the asked language', () => {
  // The counter's own fetch, with GET /bookings/{ref}/tickets.pdf answered here so the test knows
  // every byte and every request: a real ticket PDF (the sandbox's renderer) for a confirmed
  // booking, 409 ticket_not_ready with Retry-After for a pending one. The real sandbox's tickets
  // are printed in the tests above.
  const dir = tempDir('shubbak-print-tickets-');
  const served = new Map<string, Buffer>();
  const asked: string[] = [];
  const pending = new Set<string>();
  let counter2: Counter;
  let c2: Caller;

  const standIn: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const m = /\/bookings\/([^/]+)\/tickets\.pdf$/.exec(url.pathname);
    if (!m) return fetch(input, init);
    const ref = decodeURIComponent(m[1]!);
    const lang = url.searchParams.get('lang') === 'ar' ? 'ar' : 'en';
    asked.push(`${ref}?lang=${url.searchParams.get('lang')}`);
    if (pending.has(ref)) {
      const problem = { title: 'Ticket not ready', status: 409, code: 'ticket_not_ready', detail: 'The booking is still being confirmed.' };
      return new Response(JSON.stringify(problem), { status: 409, headers: { 'content-type': 'application/problem+json', 'retry-after': '5' } });
    }
    const booking = (await c2.ok('listSales')).find((x) => x.bookingReference === ref);
    const sale = booking ? await c2.ok('getSale', { saleId: booking.saleId }) : null;
    const names = sale?.booking?.passengers ?? [];
    const pdf = await renderTicketsPdf(
      sampleTicket({
        booking_reference: ref,
        passengers: names.map((p, i) => ({ passenger_index: i, full_name: p.full_name, seat: p.seat, ticket_number: `SBX-TKT-${i}`, e_ticket: null })),
      }),
      lang,
    );
    served.set(`${ref}:${lang}`, pdf);
    return new Response(new Uint8Array(pdf), { status: 200, headers: { 'content-type': 'application/pdf' } });
  };

  beforeAll(async () => {
    counter2 = await startCounter({ dataDir: dir.dir, version: '0.1.0', keychain: memoryKeychain(), spooler: recordingCups, fetch: standIn });
    c2 = caller(counter2.dispatch);
    await c2.ok('savePrintSettings', { ticketPrinter: TICKET_PRINTER, receiptPrinter: RECEIPT_PRINTER, receiptPaper: '80mm' });
  });
  afterAll(async () => {
    await counter2?.close();
    dir.cleanup();
  });

  it('hands the API’s PDF, in the booking’s language, to the ticket printer as it is; a reprint is a copy', async () => {
    const { saleId, outcome } = await sell('en', ['Nour Mostafa', 'يوسف كريم'], c2);
    const ref = outcome.booking!.id;
    const { result: r } = await printedByMain(c2, counter2, saleId, 'tickets', dir.dir);
    expect(r).toMatchObject({ kind: 'tickets', printer: TICKET_PRINTER, status: 'sent', error: null });
    expect(asked).toContain(`${ref}?lang=en`);
    expect(handed.get(r.jobId!)!.equals(served.get(`${ref}:en`)!)).toBe(true);
    const text = await printedText(r.jobId!);
    for (const needle of ['Nour Mostafa', 'يوسف كريم', ref, 'NOT VALID FOR TRAVEL']) expect(has(text, needle), needle).toBe(true);
    expect(prints(dir.dir).find((p) => p.printId === r.printId)).toMatchObject({ saleId, kind: 'tickets', status: 'sent', copy: false, language: 'en' });
    const again = await c2.ok('printTickets', { saleId });
    expect(again.status).toBe('sent');
    expect(prints(dir.dir).at(-1)).toMatchObject({ printId: again.printId, kind: 'tickets', copy: true });
  });

  it('a pending booking’s tickets are not ready: a retryable ticket_not_ready with Retry-After, nothing printed', async () => {
    const { priced, detail } = await findOffer(c2);
    const seat = detail.offer.seats.find((s) => s.available)!;
    const saleId = randomUUID();
    const outcome = await c2.ok('sell', {
      saleId,
      offerId: priced.offer.id,
      passengers: [{ full_name: 'Hany TEST PENDING', seat: seat.number }],
      contact,
      language: 'ar',
      cashTenderedMinor: detail.retailBySeat[seat.number]!,
    });
    expect(outcome.status).toBe('pending');
    pending.add(outcome.booking!.id);
    const count = prints(dir.dir).length;
    const err = await c2.err('printTickets', { saleId });
    expect(err).toMatchObject({ code: 'ticket_not_ready', retryable: true, retryAfter: 5 });
    expect(asked.at(-1)).toBe(`${outcome.booking!.id}?lang=ar`);
    expect(prints(dir.dir)).toHaveLength(count);
  });
});
