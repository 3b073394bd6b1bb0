import type { SaleOutcome, SalePrintState, SalePrints } from '../../../contract/counter.ts';
import type { ShubbakApi } from '../../../contract/api.ts';
import type { AppError } from '../../../contract/errors.ts';

// Main prints a confirmed sale's tickets then its receipt by itself and says where that stands in
// SaleOutcome.prints (it survives a reload and a restart). The renderer never prints on a
// confirmation: it shows main's state, asks main again while a print is under way, and prints only
// when the agent asks (a retry after a failure, which main does not mark as a copy).

export type PrintKind = 'tickets' | 'receipt';
export const PRINT_KINDS: readonly PrintKind[] = ['tickets', 'receipt'];

/** How often main is asked again while one of a sale's prints is waiting or printing. */
export const PRINT_POLL_MS = 1_000;

/** A print the agent asked for from this screen: under way, or the call itself failed. */
export type ManualPrint = { status: 'printing' } | { status: 'failed'; error: AppError };

export type ManualPrints = Record<PrintKind, ManualPrint | null>;
export const noManualPrints = (): ManualPrints => ({ tickets: null, receipt: null });

/** What a print line shows. */
export type PrintView =
  | { status: 'none' | 'waiting' | 'printing' }
  | { status: 'sent'; printer: string; jobId: string | null }
  | { status: 'failed'; error: AppError };

const FAILED: AppError = { code: 'print_failed', message: 'print failed', retryable: true };

/** One print line: the agent's own print while it runs (or when its call failed), else main's state. */
export function printView(main: SalePrintState | undefined, manual: ManualPrint | null): PrintView {
  if (manual) return manual;
  if (!main) return { status: 'none' };
  if (main.status === 'sent') return { status: 'sent', printer: main.result?.printer ?? '', jobId: main.result?.jobId ?? null };
  if (main.status === 'failed') return { status: 'failed', error: main.result?.error ?? FAILED };
  return { status: main.status };
}

/** Main is still working on one of the sale's prints (so it is worth asking again soon). */
export function printsUnderWay(prints: SalePrints | undefined): boolean {
  return !!prints && PRINT_KINDS.some((k) => prints[k].status === 'waiting' || prints[k].status === 'printing');
}

export type PrintApi = Pick<ShubbakApi, 'printTickets' | 'printReceipt'>;

/**
 * The agent's explicit print of one kind: main's new state of it (main journals the job and marks
 * it a copy only when that kind was sent before), or why the call itself failed.
 */
export async function printAgain(api: PrintApi, saleId: string, kind: PrintKind): Promise<PrintAnswer> {
  const r = kind === 'tickets' ? await api.printTickets({ saleId }) : await api.printReceipt({ saleId });
  return r.ok ? { ok: true, state: { status: r.value.status, result: r.value } } : { ok: false, error: r.error };
}

export type PrintAnswer = { ok: true; state: SalePrintState } | { ok: false; error: AppError };

/** A sale on screen with the prints the agent asked for. */
export interface PrintHolder {
  outcome: SaleOutcome | null;
  manualPrints: ManualPrints;
}

/** The agent's print of one kind has started. */
export const printStarted = (h: PrintHolder, kind: PrintKind): Pick<PrintHolder, 'manualPrints'> => ({
  manualPrints: { ...h.manualPrints, [kind]: { status: 'printing' } },
});

/** The agent's print of one kind is answered: main's new state of it, or why the call failed. */
export function printAnswered(h: PrintHolder, kind: PrintKind, r: PrintAnswer): Partial<PrintHolder> {
  if (!r.ok) return { manualPrints: { ...h.manualPrints, [kind]: { status: 'failed', error: r.error } } };
  return {
    manualPrints: { ...h.manualPrints, [kind]: null },
    ...(h.outcome ? { outcome: { ...h.outcome, prints: { ...h.outcome.prints, [kind]: r.state } } } : {}),
  };
}

/**
 * Main's answer about a sale; when the agent printed while it was on its way (`stale`), what it
 * says about prints is older than what is shown, which is kept.
 */
export function newerOutcome(answer: SaleOutcome, shown: SaleOutcome | null, stale: boolean): SaleOutcome {
  return stale && shown ? { ...answer, prints: shown.prints } : answer;
}
