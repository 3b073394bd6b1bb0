// A sale's facts folded from its journal entries (core/sale-fold.ts), as the reports that read
// entries list them (the station database holds entries only). Pure.
import type { IntegrityProblem, ReconciledSale } from '../../contract/reports.ts';
import { entryProblem } from '../journal/schemas.ts';
import { foldProblem, foldSales, SALE_ENTRY_TYPES, type FoldEntry, type SaleState } from '../../core/sale-fold.ts';

export { SALE_ENTRY_TYPES };

/** An entry of some counter's journal. */
export interface SaleEntry extends FoldEntry {
  counterId: string;
}

/** The kinds of entry the station's reports fold (its sales and its refunds): each checked before it is. */
export const REPORTED_TYPES: ReadonlySet<string> = new Set([...SALE_ENTRY_TYPES, 'refund.paid']);

/** An entry as stored: its payload's text. */
type StoredRow = { seq: string | number; type: string; at: string; payload: string };

/**
 * The stored entry as the fold reads it, or why it cannot be folded into a report: its payload not
 * JSON, or without what the figures read (core/sale-fold.ts foldProblem; a refund, as the journal's
 * schema says). The station's copy holds what a counter's database login shipped, not only what
 * counters wrote.
 */
export function foldableEntry(counterId: string, r: StoredRow): SaleEntry | string {
  let payload: unknown;
  try {
    payload = JSON.parse(r.payload);
  } catch {
    return `${r.type}: its payload is not JSON`;
  }
  const problem = r.type === 'refund.paid' ? entryProblem(r.type, payload) : foldProblem({ type: r.type, payload });
  return problem ?? { counterId, seq: Number(r.seq), type: r.type, at: r.at, payload };
}

/** The entry as the fold reads it; null, and a problem of the report's integrity, when it cannot be folded (never counted). */
export function checkedSaleEntry(counterId: string, r: StoredRow, problems: IntegrityProblem[]): SaleEntry | null {
  const e = foldableEntry(counterId, r);
  if (typeof e !== 'string') return e;
  problems.push({ counterId, kind: 'invalid', seq: Number(r.seq), detail: `entry ${r.seq} is not one a counter writes (${e}): not counted` });
  return null;
}

export interface ProjectedSale extends ReconciledSale {
  agentId: string;
  agentName: string;
  passengers: number;
  retailMinor: number;
  /** Cash recorded against the confirmed booking. */
  cashMinor: number;
  changeMinor: number;
  createdAt: string;
}

/** A folded sale as a report lists it. */
export function projectedSale(counterId: string, s: SaleState): ProjectedSale {
  return {
    saleId: s.saleId,
    counterId,
    bookingReference: s.bookingReference,
    status: s.status,
    netMinor: s.intent.netTotalMinor,
    businessDay: s.intent.businessDay,
    agentId: s.intent.agentId,
    agentName: s.intent.agentName,
    passengers: s.intent.passengers,
    retailMinor: s.intent.retailTotalMinor,
    cashMinor: s.cashMinor,
    changeMinor: s.changeMinor,
    createdAt: s.createdAt,
  };
}

/** The sales of one counter's entries, in its order (its sale ids are its own: no key per counter to make). */
export function projectCounterSales(counterId: string, entries: Iterable<SaleEntry>): ProjectedSale[] {
  return [...foldSales(entries).values()].map((s) => projectedSale(counterId, s));
}

/** The sales of the entries given (each counter's entries in its order, as journals write them). */
export function projectSales(entries: Iterable<SaleEntry>): ProjectedSale[] {
  const counterOf = new Map<string, string>();
  const sales = foldSales(entries, (e, saleId) => {
    const key = `${e.counterId}\u0000${saleId}`;
    counterOf.set(key, e.counterId);
    return key;
  });
  return [...sales].map(([key, s]) => projectedSale(counterOf.get(key)!, s));
}
