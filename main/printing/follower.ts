// Main follows every confirmed sale to the printer: its tickets, then its receipt, once. The
// journal is the memory (a sale made to be printed this way, and the prints already recorded), so
// a reload of the window or a restart of the counter neither loses nor repeats a print. The
// renderer only shows where this stands (SaleOutcome.prints) and offers a retry when one failed.
import type { PrintResult, SaleOutcome, SalePrintState, SalePrints } from '../../contract/counter.ts';
import type { AppErrorCode } from '../../contract/errors.ts';
import { linearBackoff, retryDelay, type RetryPolicy } from '../../core/retry.ts';
import type { Sleep } from '../clock.ts';
import { AppFailure, toAppError } from '../failure.ts';
import type { Journal } from '../journal/journal.ts';
import type { PrintRecord } from '../journal/prints.ts';
import { printsOnConfirm, salePrints, salesOwedPrints, type SalePrint } from '../journal/queries/prints.ts';
import type { PrintService } from './service.ts';

type SaleKind = 'tickets' | 'receipt';
const KINDS: readonly SaleKind[] = ['tickets', 'receipt'];

/** Failures worth a second try before the agent is asked (the ticket PDF a moment late, a blip). */
const TRY_AGAIN: ReadonlySet<AppErrorCode> = new Set(['ticket_not_ready', 'network', 'timeout', 'service_unavailable', 'rate_limited']);
/** Three tries, one and then two seconds apart. */
const PRINT_RETRY: RetryPolicy = { maxAttempts: 3, maxTotalWaitMs: Infinity, backoffMs: linearBackoff(1_000, 3) };

export interface FollowerDeps {
  journal: () => Journal;
  service: PrintService;
  /** Journals a print that could not even be handed to a spooler (no printer chosen, no PDF). */
  recordPrint: (p: PrintRecord) => void;
  /** The printer a kind would go to now (for the record of a job that never started). */
  printerFor: (kind: SaleKind) => Promise<string | null>;
  sleep: Sleep;
  log: (message: string, err?: unknown) => void;
  retry?: RetryPolicy;
}

export class PrintFollower {
  readonly #d: FollowerDeps;
  readonly #queue: string[] = [];
  readonly #queued = new Set<string>();
  #printing: { saleId: string; kind: SaleKind } | null = null;
  #running: Promise<void> | null = null;
  #closed = false;

  constructor(deps: FollowerDeps) {
    this.#d = deps;
  }

  /** A sale was confirmed: print what it still lacks (in the background). */
  follow(saleId: string): void {
    if (this.#closed || this.#queued.has(saleId)) return;
    this.#queued.add(saleId);
    this.#queue.push(saleId);
    this.#running ??= this.#drain().finally(() => {
      this.#running = null;
    });
  }

  /** On start and after a switch of environment: every confirmed sale still owed a print. */
  resume(): void {
    for (const saleId of salesOwedPrints(this.#d.journal())) this.follow(saleId);
  }

  /** Waits for the queue to empty (tests, and closing). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#queue.length = 0;
    await this.idle();
  }

  /** The outcome with where its printing stands. */
  withPrints(outcome: SaleOutcome): SaleOutcome {
    return { ...outcome, prints: this.prints(outcome.saleId) };
  }

  prints(saleId: string): SalePrints {
    const journal = this.#d.journal();
    const owed = printsOnConfirm(journal, saleId);
    const last = new Map<SaleKind, SalePrint>();
    for (const print of salePrints(journal, saleId)) last.set(print.kind, print);
    const state = (kind: SaleKind): SalePrintState => {
      if (this.#printing?.saleId === saleId && this.#printing.kind === kind) return { status: 'printing', result: null };
      const row = last.get(kind);
      if (row) return { status: row.status, result: resultOf(row) };
      return { status: owed ? 'waiting' : 'none', result: null };
    };
    return { tickets: state('tickets'), receipt: state('receipt') };
  }

  async #drain(): Promise<void> {
    for (let saleId = this.#queue.shift(); saleId !== undefined; saleId = this.#queue.shift()) {
      try {
        for (const kind of KINDS) {
          if (this.#closed) return;
          if (this.prints(saleId)[kind].status !== 'waiting') continue;
          await this.#printOne(saleId, kind);
        }
      } catch (err) {
        // The sale is gone from this journal (the environment was switched): nothing to print here.
        this.#d.log(`printing sale ${saleId} by itself stopped`, err);
      } finally {
        this.#queued.delete(saleId);
      }
    }
  }

  async #printOne(saleId: string, kind: SaleKind): Promise<void> {
    this.#printing = { saleId, kind };
    try {
      let waited = 0;
      for (let attempt = 1; ; attempt++) {
        try {
          await (kind === 'tickets' ? this.#d.service.saleTickets(saleId) : this.#d.service.saleReceipt(saleId));
          return;
        } catch (err) {
          const error = toAppError(err);
          const waitMs = TRY_AGAIN.has(error.code) && !this.#closed ? retryDelay(this.#d.retry ?? PRINT_RETRY, { attempt, waitedMs: waited }) : null;
          if (waitMs !== null) {
            waited += waitMs;
            await this.#d.sleep(waitMs);
            continue;
          }
          if (err instanceof AppFailure && error.code === 'not_found') throw err;
          this.#d.log(`printing the ${kind} of sale ${saleId} failed`, err);
          this.#d.recordPrint({
            saleId,
            kind,
            printer: (await this.#d.printerFor(kind).catch(() => null)) ?? '',
            status: 'failed',
            jobId: null,
            errorCode: error.code,
            language: null,
          });
          return;
        }
      }
    } finally {
      this.#printing = null;
    }
  }
}

function resultOf(print: SalePrint): PrintResult {
  return {
    printId: print.printId,
    printer: print.printer,
    kind: print.kind,
    status: print.status,
    error: print.errorCode === null ? null : { code: print.errorCode as AppErrorCode, message: `Printing the ${print.kind} failed (${print.errorCode})`, retryable: true },
    jobId: print.jobId,
  };
}
