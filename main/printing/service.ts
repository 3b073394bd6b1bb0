// Printing: printer settings, the test page, a sale's tickets (the API's PDF, handed to the
// ticket printer as it is) and its customer receipt (a PDF made here).
//
// A print never touches the sale: a failed print is journalled and answered as
// `status: 'failed'` with a retryable `print_failed`, and the agent prints again. Every job that
// reaches a spooler (or fails to) is journalled; a repeat for a sale is marked as a copy, and a
// reprinted receipt says COPY on the paper.
import { join } from 'node:path';
import type { PrintResult, PrintSettings, PrinterInfo } from '../../contract/counter.ts';
import type { AppError } from '../../contract/errors.ts';
import type { PrintingDeps } from '../deps.ts';
import { AppFailure } from '../failure.ts';
import type { PrintKind } from '../journal/entries.ts';
import type { ReceiptData } from '../selling/receipt.ts';
import { documentPrintedCount } from '../journal/prints.ts';
import { mediaOf, type Paper, type RenderedPage } from './layout.ts';
import { renderReceipt } from './receipt-pdf.ts';
import { PrintSettingsStore } from './settings.ts';
import { renderThermalTickets } from './thermal-ticket.ts';
import { TicketCache } from './ticket-cache.ts';
import { systemSpooler, type Spooler } from './spooler.ts';
import { renderTestPage } from './test-page.ts';

interface Job {
  kind: PrintKind;
  printer: string;
  title: string;
  saleId: string | null;
  language: 'ar' | 'en' | null;
  /** A report's (or a booking's not sold here) identity, so that its second print is known as a copy. */
  report?: string;
  /** The PDF, and the paper to ask the spooler for (the printer's own default when absent). */
  document: () => Promise<{ pdf: Uint8Array; media?: string | undefined }>;
}

export type PrintService = ReturnType<typeof createPrintService>;

/** Which tickets to print: one traveller (`passengerIndex`, from 0) or all, and in which language. */
export interface TicketChoice {
  passengerIndex?: number | undefined;
  language?: 'ar' | 'en' | undefined;
}

export interface ReportJob {
  /** `z:<number>`, `day:<date>`: what makes a second print a copy. */
  document: string;
  title: string;
  language: 'ar' | 'en';
  render: (paper: Paper, copy: boolean) => Promise<RenderedPage>;
}

/** Printers, their settings, and the jobs: the test page, a sale's tickets and its receipt. */
export function createPrintService(deps: PrintingDeps) {
  const store = new PrintSettingsStore(deps.dataDir, deps.log);

  let spooler: Promise<Spooler> | null = null;
  const getSpooler = (): Promise<Spooler> => {
    if (deps.spooler) return Promise.resolve(deps.spooler);
    spooler ??= systemSpooler().catch((err: unknown) => {
      spooler = null;
      throw new AppFailure('print_failed', `The system's print service is not available: ${String(err)}`, { retryable: true });
    });
    return spooler;
  };

  const listPrinters = async (): Promise<PrinterInfo[]> => (await getSpooler()).listPrinters();

  const settings = async (): Promise<PrintSettings> => {
    const saved = store.load();
    if (saved) return saved;
    // Nothing saved yet: the system's default printer for both, receipts on an 80 mm roll.
    const def = await listPrinters()
      .then((ps) => ps.find((p) => p.isDefault)?.name ?? null)
      .catch((err: unknown) => {
        deps.log('print settings: cannot list the printers for the defaults', err);
        return null;
      });
    return { ticketPrinter: def, receiptPrinter: def, receiptPaper: '80mm' };
  };

  // One job at a time per sale and kind: two quick presses of "print receipt" give an original
  // and a COPY, never two originals.
  const queues = new Map<string, Promise<unknown>>();
  const serial = <T>(key: string, fn: () => Promise<T>): Promise<T> => {
    const run = (queues.get(key) ?? Promise.resolve()).then(fn, fn);
    const tail = run.catch(() => undefined);
    queues.set(key, tail);
    void tail.then(() => {
      if (queues.get(key) === tail) queues.delete(key);
    });
    return run;
  };

  /** Renders or fetches the PDF, hands it to the spooler and journals the outcome. */
  const print = async (job: Job): Promise<PrintResult> => {
    const { pdf, media } = await job.document();
    let jobId: string | null = null;
    let error: AppError | null = null;
    try {
      ({ jobId } = await (await getSpooler()).print(job.printer, pdf, { title: job.title, ...(media ? { media } : {}) }));
    } catch (err) {
      error = printFailure(job.printer, err);
      deps.log(`printing ${job.kind} to "${job.printer}" failed`, err);
    }
    const recorded = deps.recordPrint({
      saleId: job.saleId,
      kind: job.kind,
      printer: job.printer,
      status: error ? 'failed' : 'sent',
      jobId,
      errorCode: error?.code ?? null,
      language: job.language,
      ...(job.report === undefined ? {} : { document: job.report }),
    });
    return { printId: recorded.printId, printer: job.printer, kind: job.kind, status: recorded.status, error, jobId };
  };

  const chosen = (printer: string | null, what: 'ticket' | 'receipt'): string => {
    if (printer) return printer;
    throw new AppFailure('not_configured', `No ${what} printer is chosen: choose one in Settings → Printers`);
  };

  const caches = new Map<string, TicketCache>();
  const ticketCache = (environment: string) => {
    let cache = caches.get(environment);
    if (!cache) caches.set(environment, (cache = new TicketCache(join(deps.dataDir, 'ticket-cache', environment.toLowerCase()), deps.log)));
    return cache;
  };

  const cityNameAr = () => {
    const names = new Map<string, string>();
    for (const c of deps.session().reference.cached().cities) if (c.name_ar) names.set(c.id, c.name_ar);
    return (id: string | null) => (id === null ? null : (names.get(id) ?? null));
  };

  /**
   * The API's own tickets PDF (all travellers, or one), as it is: TRAINING and SANDBOX tickets
   * carry the API's "not valid for travel" marking. Fetched before anything is spooled: a ticket
   * that is not ready yet is an error to retry, not a failed print.
   */
  const ticketsJob = (
    printer: string,
    reference: string,
    t: { saleId: string | null; language: 'ar' | 'en'; passengerIndex: number | undefined; format: PrintSettings['ticketFormat'] },
  ): Promise<PrintResult> =>
    print({
      kind: 'tickets',
      printer,
      title: `Shubbak tickets ${reference}`,
      saleId: t.saleId,
      language: t.language,
      ...(t.saleId === null ? { report: `tickets:${reference}` } : {}),
      document: async () => {
        const session = deps.session();
        if (t.format === 'thermal80') {
          // Rendered here from the booking alone, for a counter with only an 80 mm printer.
          const booking = await session.client.booking(reference);
          if (booking.status !== 'confirmed') throw new AppFailure('ticket_not_ready', `Booking ${reference} is ${booking.status}: no ticket yet`, { retryable: true });
          const one = t.passengerIndex === undefined ? booking : { ...booking, passengers: booking.passengers.filter((_, i) => i === t.passengerIndex) };
          const page = await renderThermalTickets(one, t.language, session.environment);
          return { pdf: page.pdf, media: mediaOf('80mm', page) };
        }
        const part = t.passengerIndex === undefined ? {} : { passengerIndex: t.passengerIndex };
        const { pdf } = await ticketCache(session.environment).pdf(`${reference}:${t.language}:${t.passengerIndex ?? 'all'}`, (etag) =>
          session.client.ticketsPdf(reference, { lang: t.language, ...part, ...(etag ? { etag } : {}) }),
        );
        if (pdf.length === 0) throw new AppFailure('bad_response', `No PDF in the answer for the tickets of ${reference}`);
        return { pdf };
      },
    });

  return {
    listPrinters,
    settings,
    saveSettings: (s: PrintSettings) => store.save(s, deps.clock.now()),

    testPage: async (printer: string): Promise<PrintResult> => {
      const s = await settings();
      // The paper that printer is loaded with, as far as the settings tell (tickets are A4).
      // A printer not chosen for anything gets the short roll layout and its own default paper.
      const known = printer === s.receiptPrinter || printer === s.ticketPrinter;
      const paper = printer === s.receiptPrinter ? s.receiptPaper : printer === s.ticketPrinter ? 'A4' : '80mm';
      const info = deps.info();
      return print({
        kind: 'test',
        printer,
        title: 'Shubbak test page',
        saleId: null,
        language: null,
        document: async () => {
          const page = await renderTestPage(
            {
              printer,
              at: deps.clock.now(),
              environment: info.environment,
              station: info.stationName,
              agent: info.agent?.name ?? '—',
              version: info.version,
            },
            paper,
          );
          return { pdf: page.pdf, media: known ? mediaOf(paper, page) : undefined };
        },
      });
    },

    /** A sale's tickets: all travellers or one, in the sale's language unless another is asked. */
    saleTickets: async (saleId: string, opts: TicketChoice = {}): Promise<PrintResult> => {
      const s = await settings();
      const printer = chosen(s.ticketPrinter, 'ticket');
      return serial(`${saleId}:tickets`, async () => {
        const sale = deps.receipt(saleId);
        return ticketsJob(printer, ticketsReference(sale), { saleId, language: opts.language ?? sale.language, passengerIndex: opts.passengerIndex, format: s.ticketFormat });
      });
    },

    /** The tickets of a booking this counter did not sell (found on the account); a repeat is a COPY. */
    bookingTickets: async (reference: string, opts: TicketChoice = {}): Promise<PrintResult> => {
      const s = await settings();
      const printer = chosen(s.ticketPrinter, 'ticket');
      return serial(`${reference}:tickets`, () =>
        ticketsJob(printer, reference, { saleId: null, language: opts.language ?? 'ar', passengerIndex: opts.passengerIndex, format: s.ticketFormat }),
      );
    },

    /** A report (Z-report, day report) on the receipt printer and its paper; a second print is a COPY. */
    report: async (r: ReportJob): Promise<PrintResult> => {
      const s = await settings();
      const printer = chosen(s.receiptPrinter, 'receipt');
      return serial(r.document, () =>
        print({
          kind: 'report',
          printer,
          title: r.title,
          saleId: null,
          language: r.language,
          report: r.document,
          document: async () => {
            const copy = documentPrintedCount(deps.session().journal, r.document) > 0;
            const page = await r.render(s.receiptPaper, copy);
            return { pdf: page.pdf, media: mediaOf(s.receiptPaper, page) };
          },
        }),
      );
    },

    saleReceipt: async (saleId: string): Promise<PrintResult> => {
      const s = await settings();
      const printer = chosen(s.receiptPrinter, 'receipt');
      const names = cityNameAr();
      return serial(`${saleId}:receipt`, async () => {
        const sale = deps.receipt(saleId);
        receiptAllowed(sale);
        return print({
          kind: 'receipt',
          printer,
          title: `Shubbak receipt ${sale.bookingReference ?? saleId}`,
          saleId,
          language: sale.language,
          document: async () => {
            const page = await renderReceipt(sale, {
              paper: s.receiptPaper,
              lang: sale.language,
              copy: sale.receiptsPrinted > 0,
              printedAt: deps.clock.now(),
              cityNameAr: names,
            });
            return { pdf: page.pdf, media: mediaOf(s.receiptPaper, page) };
          },
        });
      });
    },
  };
}

/** The booking whose tickets can be asked for, or why not. */
function ticketsReference(sale: ReceiptData): string {
  if (sale.status === 'failed') {
    throw new AppFailure('booking_not_confirmed', `Sale ${sale.saleId} did not book: it has no tickets`);
  }
  if (sale.bookingReference === null || (sale.status !== 'confirmed' && sale.status !== 'pending')) {
    throw new AppFailure('ticket_not_ready', `Sale ${sale.saleId} has no confirmed booking yet: its tickets are not ready`, {
      retryable: true,
    });
  }
  return sale.bookingReference;
}

/** A receipt states cash taken, and cash is taken only against a confirmed booking. */
function receiptAllowed(sale: ReceiptData): void {
  if (sale.status === 'confirmed' && sale.cashRecorded) return;
  if (sale.status === 'failed') {
    throw new AppFailure('conflict', `Sale ${sale.saleId} did not book and took no cash: there is no receipt to print`);
  }
  throw new AppFailure('conflict', `Sale ${sale.saleId} is not confirmed yet: its receipt prints once it is`, { retryable: true });
}

function printFailure(printer: string, err: unknown): AppError {
  if (err instanceof AppFailure && err.error.code === 'print_failed') return { ...err.error, retryable: true };
  const detail = err instanceof AppFailure ? err.error.message : err instanceof Error ? err.message : String(err);
  return { code: 'print_failed', message: `Printing to "${printer}" failed: ${detail}`, retryable: true };
}
