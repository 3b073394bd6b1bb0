// Every kind of paper a TRAINING counter prints says "TRAINING — NOT VALID FOR TRAVEL" and
// "تدريب — غير صالحة للسفر" on every page (the sandbox's own A4 ticket: the same with SANDBOX),
// printed for real to the CUPS-PDF printers. The text is read from the PDF handed to CUPS (CUPS
// loses the fonts' Unicode on the way, see printing.test.ts), and the job's completion waited
// for; one PNG of each kind goes to test-results/marking/ to look at.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StationReport } from '../../../contract/reports.ts';
import { NOT_VALID_MARKING } from '../../../lib/pdf/index.ts';
import { startCounter, type Counter } from '../../../main/counter.ts';
import { cupsSpooler, type Spooler } from '../../../main/printing/spooler.ts';
import { renderStationReport } from '../../../main/station/report-pdf.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import { RECEIPT_PRINTER, TICKET_PRINTER, printedPdf } from '../../support/cups.ts';
import { pdfPages, rasterise, squash } from '../../unit/pdf/pdf-tools.ts';
import { caller, sellOneSeat, tempDir, type Caller } from '../main/helpers.ts';

const OUT = path.resolve(import.meta.dirname, '../../../test-results/marking');
const norm = (s: string) => squash(s).replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '');

const tmp = tempDir('shubbak-marking-');
const cups = cupsSpooler();
const handed: { printer: string; pdf: Buffer; jobId: string | null }[] = [];
const recording: Spooler = {
  listPrinters: () => cups.listPrinters(),
  async print(printer, pdf, job) {
    const r = await cups.print(printer, pdf, job);
    handed.push({ printer, pdf: Buffer.from(pdf), jobId: r.jobId });
    return r;
  },
};
let counter: Counter;
let c: Caller;

beforeAll(async () => {
  counter = await startCounter({ dataDir: tmp.dir, version: '0.1.0', keychain: memoryKeychain(), spooler: recording });
  c = caller(counter.dispatch);
});
afterAll(async () => {
  await counter?.close();
  tmp.cleanup();
});

/** Every page of `pdf` carries the marking of `env`, in English and in Arabic. */
function expectMarkedEveryPage(pdf: Buffer, env: 'TRAINING' | 'SANDBOX', what: string) {
  const pages = pdfPages(pdf);
  expect(pages.length, what).toBeGreaterThan(0);
  pages.forEach((page, i) => {
    expect(norm(page), `${what}, page ${i + 1}: English marking`).toContain(norm(NOT_VALID_MARKING[env].en));
    expect(norm(page), `${what}, page ${i + 1}: Arabic marking`).toContain(norm(NOT_VALID_MARKING[env].ar));
  });
}

/** What the last action handed to CUPS: each PDF checked, its job waited for, one PNG kept. */
async function printedSince(from: number, kind: string, env: 'TRAINING' | 'SANDBOX' = 'TRAINING'): Promise<number> {
  const jobs = handed.slice(from);
  expect(jobs.length, `${kind}: something was printed`).toBeGreaterThan(0);
  for (const [i, job] of jobs.entries()) {
    expectMarkedEveryPage(job.pdf, env, `${kind} #${i + 1}`);
    expect(job.jobId, kind).not.toBeNull();
    await printedPdf(job.jobId!);
    if (i === 0) rasterise(job.pdf, OUT, kind, 60);
  }
  return handed.length;
}

describe('TRAINING paper', () => {
  it('the test page', async () => {
    const n = handed.length;
    await c.ok('printTestPage', { printer: RECEIPT_PRINTER });
    await printedSince(n, 'test-page');
  });

  it('the 80 mm thermal ticket and the receipt of a sale, and their reprints (COPY)', async () => {
    await c.ok('savePrintSettings', { ticketPrinter: TICKET_PRINTER, receiptPrinter: RECEIPT_PRINTER, receiptPaper: '80mm', ticketFormat: 'thermal80' });
    await c.ok('createFirstSupervisor', { name: 'Samir Supervisor', pin: '246802' });
    await c.ok('openShift', { float: { '10000': 2 } });
    let n = handed.length;
    const sale = await sellOneSeat(c, 'Marking Traveller', 0, 'ar');
    expect(sale.status).toBe('confirmed');
    await counter.printed();
    n = await printedSince(n, 'thermal-ticket-and-receipt');
    await c.ok('printTickets', { saleId: sale.saleId });
    n = await printedSince(n, 'thermal-ticket-reprint');
    await c.ok('printReceipt', { saleId: sale.saleId });
    n = await printedSince(n, 'receipt-reprint');
    // the sandbox's own A4 ticket (the API's PDF): SANDBOX paper, marked the same way
    await c.ok('savePrintSettings', { ticketPrinter: TICKET_PRINTER, receiptPrinter: RECEIPT_PRINTER, receiptPaper: 'A4', ticketFormat: 'pdf' });
    await c.ok('printTickets', { saleId: sale.saleId, language: 'en' });
    n = await printedSince(n, 'a4-ticket', 'SANDBOX');
    await c.ok('printReceipt', { saleId: sale.saleId });
    n = await printedSince(n, 'a4-receipt');
    // the thermal ticket in English too, and a refund's receipt and its COPY
    await c.ok('savePrintSettings', { ticketPrinter: TICKET_PRINTER, receiptPrinter: RECEIPT_PRINTER, receiptPaper: '80mm', ticketFormat: 'thermal80' });
    await c.ok('printTickets', { saleId: sale.saleId, language: 'en' });
    n = await printedSince(n, 'thermal-ticket-en');
    const supervisorId = (await c.ok('desk')).signedIn!.id;
    const { refund } = await c.ok('refund', { saleId: sale.saleId, language: 'ar', approval: { supervisorId, pin: '246802', reason: 'Marking test' } });
    n = await printedSince(n, 'refund-receipt');
    await c.ok('printRefundReceipt', { refundId: refund.refundId, language: 'en' });
    await printedSince(n, 'refund-receipt-copy');
  });

  it('the Z-report and the day report', async () => {
    await c.ok('countDrawer', { count: { '10000': 2 } });
    const z = await c.ok('closeShift', { comment: 'Counted for the marking test' });
    let n = handed.length;
    await c.ok('printZReport', { zNumber: z.report.zNumber, language: 'ar' });
    n = await printedSince(n, 'z-report');
    await c.ok('printZReport', { zNumber: z.report.zNumber, language: 'en' });
    n = await printedSince(n, 'z-report-copy');
    await c.ok('printDayReport', { language: 'en' });
    n = await printedSince(n, 'day-report');
    await c.ok('printDayReport', { language: 'ar' });
    await printedSince(n, 'day-report-copy');
  });

  it('the files it writes: the day report and the claims statement as PDF', async () => {
    for (const [kind, file] of [
      ['day-report-pdf', await c.ok('exportDayReport', { language: 'ar', format: 'pdf' })],
      ['claims-statement-pdf', await c.ok('exportClaims', { language: 'en', format: 'pdf' })],
    ] as const) {
      const pdf = readFileSync(file.path);
      expectMarkedEveryPage(pdf, 'TRAINING', kind);
      rasterise(pdf, OUT, kind, 60);
    }
  });

  it('the station report (rendered), on every page of a long one', async () => {
    const line = { sales: 1, passengers: 1, retailMinor: 100, netMinor: 90, cashMinor: 100, changeMinor: 0, failed: 0, open: 0 };
    const report: StationReport = {
      date: '2026-07-01',
      station: { id: 'stn_x', name: 'Training Station' },
      environment: 'TRAINING',
      totals: line,
      counters: Array.from({ length: 60 }, (_, i) => ({ counterId: `ctr_${String(i).padStart(8, '0')}-1111-4222-8333-944455556666`, ...line })),
      agents: [],
      reconciliation: {
        statementRead: true,
        error: null,
        openingBalanceMinor: 0,
        closingBalanceMinor: 0,
        matchedDebits: [],
        matchedReversals: [],
        apart: [],
        unmatched: [],
        totals: { debitsMinor: 0, reversalsMinor: 0, topupsMinor: 0, adjustmentsMinor: 0, confirmedNetMinor: 0 },
      },
      madeAt: '2026-07-01T19:45:00.000Z',
    };
    for (const paper of ['A4', '80mm'] as const) {
      const { pdf } = await renderStationReport(report, { paper, lang: 'ar', copy: false });
      if (paper === 'A4') expect(pdfPages(pdf).length).toBeGreaterThan(1);
      expectMarkedEveryPage(pdf, 'TRAINING', `station report ${paper}`);
      rasterise(pdf, OUT, `station-report-${paper}`, 60);
    }
  });
});
