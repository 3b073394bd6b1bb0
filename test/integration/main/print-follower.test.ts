import { afterAll, afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { startCounter, type Counter } from '../../../main/counter.ts';
import type { Spooler } from '../../../main/printing/spooler.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import { caller, control, originOf, sellOneSeat, tempDir, type Caller } from './helpers.ts';

// Main prints every confirmed sale by itself: tickets, then the receipt, exactly once, through a
// restart, and a pending sale once it confirms. The spooler records the jobs it is handed.

function recordingSpooler(opts: { failFirst?: boolean } = {}) {
  const jobs: { printer: string; title: string; bytes: number }[] = [];
  let fail = opts.failFirst ?? false;
  const spooler: Spooler = {
    listPrinters: async () => [
      { name: 'TicketPDF', isDefault: true },
      { name: 'ReceiptPDF', isDefault: false },
    ],
    print: async (printer, pdf, job) => {
      if (fail) {
        fail = false;
        throw new Error('printer out of paper');
      }
      jobs.push({ printer, title: job.title, bytes: pdf.length });
      return { jobId: `${printer}-${jobs.length}` };
    },
  };
  return { spooler, jobs };
}

const tmp = tempDir();
let counter: Counter | null = null;
afterEach(async () => {
  await counter?.close();
  counter = null;
});
afterAll(() => tmp.cleanup());

async function open(spooler: Spooler) {
  counter = await startCounter({ dataDir: tmp.dir, version: '0.1.0', keychain: memoryKeychain(), spooler });
  const c = caller(counter.dispatch);
  await c.ok('savePrintSettings', { ticketPrinter: 'TicketPDF', receiptPrinter: 'ReceiptPDF', receiptPaper: '80mm' });
  return c;
}

const sell = (c: Caller, name = 'Mona Hassan') => sellOneSeat(c, name, 5_000);

describe('main follows confirmed sales to the printer', () => {
  it('prints tickets then receipt once; a restart prints nothing again', async () => {
    const first = recordingSpooler();
    const c = await open(first.spooler);
    const sale = await sell(c);
    expect(sale.status).toBe('confirmed');
    expect(['waiting', 'printing']).toContain(sale.prints.tickets.status);
    await counter!.printed();
    expect(first.jobs.map((j) => j.printer)).toEqual(['TicketPDF', 'ReceiptPDF']);
    const after = await c.ok('getSale', { saleId: sale.saleId });
    expect(after.prints.tickets).toMatchObject({ status: 'sent', result: { printer: 'TicketPDF', jobId: 'TicketPDF-1', error: null } });
    expect(after.prints.receipt).toMatchObject({ status: 'sent', result: { printer: 'ReceiptPDF', jobId: 'ReceiptPDF-2' } });

    await counter!.close();
    const second = recordingSpooler();
    const c2 = await open(second.spooler);
    await counter!.printed();
    expect(second.jobs).toEqual([]);
    expect((await c2.ok('getSale', { saleId: sale.saleId })).prints.receipt.status).toBe('sent');
  });

  it('a failed print is shown as failed, and the agent prints it again by hand (a COPY is not made of what never printed)', async () => {
    const { spooler, jobs } = recordingSpooler({ failFirst: true });
    const c = await open(spooler);
    const sale = await sell(c);
    await counter!.printed();
    const shown = await c.ok('getSale', { saleId: sale.saleId });
    expect(shown.prints.tickets).toMatchObject({ status: 'failed', result: { error: { code: 'print_failed' } } });
    expect(shown.prints.receipt.status).toBe('sent');
    const again = await c.ok('printTickets', { saleId: sale.saleId });
    expect(again.status).toBe('sent');
    expect((await c.ok('getSale', { saleId: sale.saleId })).prints.tickets.status).toBe('sent');
    expect(jobs.map((j) => j.printer)).toEqual(['ReceiptPDF', 'TicketPDF']);
  });

  it('a pending sale prints once it confirms, with nobody watching it', async () => {
    const { spooler, jobs } = recordingSpooler();
    const c = await open(spooler);
    const sale = await sell(c, 'TEST PENDING');
    expect(sale.status).toBe('pending');
    expect(sale.prints).toEqual({ tickets: { status: 'none', result: null }, receipt: { status: 'none', result: null } });
    await control(originOf(counter!.info.apiBaseUrl)).advance(31);
    await counter!.resume();
    await counter!.printed();
    expect(jobs.map((j) => j.printer)).toEqual(['TicketPDF', 'ReceiptPDF']);
    expect((await c.ok('getSale', { saleId: sale.saleId })).prints.tickets.status).toBe('sent');
  });

  it('says not_configured when no printer is chosen, without blocking the sale', async () => {
    const own = tempDir();
    onTestFinished(() => own.cleanup());
    counter = await startCounter({ dataDir: own.dir, version: '0.1.0', keychain: memoryKeychain(), spooler: { listPrinters: async () => [], print: async () => ({ jobId: null }) } });
    const c = caller(counter.dispatch);
    const sale = await sell(c);
    expect(sale.status).toBe('confirmed');
    await counter.printed();
    const shown = await c.ok('getSale', { saleId: sale.saleId });
    expect(shown.prints.tickets).toMatchObject({ status: 'failed', result: { error: { code: 'not_configured' } } });
    expect(shown.prints.receipt).toMatchObject({ status: 'failed', result: { error: { code: 'not_configured' } } });
  });
});
