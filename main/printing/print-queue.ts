// Handing a job to the spooler: one job at a time per document, and every job that reaches a
// spooler (or fails to) journalled. A print never touches the sale: a failed print is answered
// as `status: 'failed'` with a retryable `print_failed`, and the agent prints again.
import type { PrintResult } from '../../contract/counter.ts';
import type { AppError } from '../../contract/errors.ts';
import type { Log } from '../deps.ts';
import { AppFailure } from '../failure.ts';
import type { PrintKind, PrintRecorded } from '../journal/entries.ts';
import type { PrintRecord } from '../journal/prints.ts';
import type { Spooler } from './spooler.ts';

export interface Job {
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

export interface PrintQueueDeps {
  spooler: () => Promise<Spooler>;
  /** Journals one print job; a repeat for a sale is marked as a copy. */
  recordPrint(p: PrintRecord): PrintRecorded;
  log: Log;
}

export function printQueue(deps: PrintQueueDeps) {
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
      ({ jobId } = await (await deps.spooler()).print(job.printer, pdf, { title: job.title, ...(media ? { media } : {}) }));
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

  return { serial, print };
}

function printFailure(printer: string, err: unknown): AppError {
  if (err instanceof AppFailure && err.error.code === 'print_failed') return { ...err.error, retryable: true };
  const detail = err instanceof AppFailure ? err.error.message : err instanceof Error ? err.message : String(err);
  return { code: 'print_failed', message: `Printing to "${printer}" failed: ${detail}`, retryable: true };
}
