// Printing: printer settings, the test page, a sale's tickets (the API's PDF, handed to the
// ticket printer as it is), its customer receipt and reports (PDFs made here).
//
// Which printer: ./printer-choice.ts. Handing a job to the spooler and journalling it:
// ./print-queue.ts. The tickets' PDF: ./ticket-document.ts. A repeat for a sale is marked as a
// copy, and a reprinted receipt or report says COPY on the paper.
import type { AppInfo, PrintResult } from '../../contract/counter.ts';
import type { Clock } from '../clock.ts';
import type { Current, Log } from '../deps.ts';
import { AppFailure } from '../failure.ts';
import type { PrintRecorded } from '../journal/entries.ts';
import { documentPrintedCount, otherVersionPrintedAt, versionedDocument, type PrintRecord } from '../journal/prints.ts';
import type { ReceiptData } from '../selling/receipt.ts';
import { mediaOf, type Paper, type RenderedPage } from './layout.ts';
import { printQueue } from './print-queue.ts';
import { chosen, printerChoice } from './printer-choice.ts';
import { renderReceipt } from './receipt-pdf.ts';
import type { Spooler } from './spooler.ts';
import { renderTestPage } from './test-page.ts';
import { ticketDocument, ticketsReference, type TicketRequest } from './ticket-document.ts';
import { arabicNames } from '../reference/arabic-names.ts';

export interface PrintServiceDeps {
  /** The journal, API client and reference data of the environment in force (main/deps.ts `Current`). */
  current: Current<'journal' | 'client' | 'environment' | 'reference'>;
  /** What the test page says of the counter. */
  info: () => Pick<AppInfo, 'environment' | 'stationName' | 'agent' | 'version'>;
  /** Everything a receipt needs of a sale, from the journal. */
  receipt(saleId: string): ReceiptData;
  /** Journals one print job (tickets, receipt, test page); a repeat for a sale is marked as a copy. */
  recordPrint(p: PrintRecord): PrintRecorded;
  /** Where print jobs go; the operating system's spooler when not given (tests and benches pass a fake). */
  spooler?: Spooler | undefined;
  /** The counter's data folder: the print settings and the ticket cache live there. */
  dataDir: string;
  clock: Clock;
  log: Log;
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
  /**
   * What the paper shows, for a report whose figures can still change once printed (a day
   * report): a print of other figures is then no COPY but a revision (journal/prints.ts versionedDocument).
   */
  version?: object;
  title: string;
  language: 'ar' | 'en';
  /** `revises`: when a print of the same document with other figures went out (Cairo time is the painter's), or null. */
  render: (paper: Paper, copy: boolean, revises: string | null) => Promise<RenderedPage>;
}

/** Printers, their settings, and the jobs: the test page, a sale's tickets, its receipt, reports. */
export function createPrintService(deps: PrintServiceDeps) {
  const printers = printerChoice(deps);
  const { settings } = printers;
  const { serial, print } = printQueue({ spooler: printers.spooler, recordPrint: deps.recordPrint, log: deps.log });
  const tickets = ticketDocument(deps);

  const ticketsJob = (printer: string, reference: string, t: TicketRequest & { saleId: string | null }): Promise<PrintResult> =>
    print({
      kind: 'tickets',
      printer,
      title: `Shubbak tickets ${reference}`,
      saleId: t.saleId,
      language: t.language,
      ...(t.saleId === null ? { report: `tickets:${reference}` } : {}),
      document: () => tickets(reference, t),
    });

  return {
    listPrinters: printers.listPrinters,
    settings,
    saveSettings: printers.saveSettings,

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
      const document = r.version === undefined ? r.document : versionedDocument(r.document, r.version);
      return serial(r.document, () =>
        print({
          kind: 'report',
          printer,
          title: r.title,
          saleId: null,
          language: r.language,
          report: document,
          document: async () => {
            const { journal } = deps.current();
            const copy = documentPrintedCount(journal, document) > 0;
            const revises = document === r.document ? null : otherVersionPrintedAt(journal, r.document, document);
            const page = await r.render(s.receiptPaper, copy, revises);
            return { pdf: page.pdf, media: mediaOf(s.receiptPaper, page) };
          },
        }),
      );
    },

    saleReceipt: async (saleId: string): Promise<PrintResult> => {
      const s = await settings();
      const printer = chosen(s.receiptPrinter, 'receipt');
      const names = arabicNames(deps.current().reference).city;
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

/** A receipt states cash taken, and cash is taken only against a confirmed booking. */
function receiptAllowed(sale: ReceiptData): void {
  if (sale.status === 'confirmed' && sale.cashRecorded) return;
  if (sale.status === 'failed') {
    throw new AppFailure('conflict', `Sale ${sale.saleId} did not book and took no cash: there is no receipt to print`);
  }
  throw new AppFailure('conflict', `Sale ${sale.saleId} is not confirmed yet: its receipt prints once it is`, { retryable: true });
}
