// A sale's facts folded from its journal entries (core/sale-fold.ts), as the reports that read
// entries list them (the station database holds entries only). Pure.
import type { ReconciledSale } from '../../contract/reports.ts';
import { foldSales, SALE_ENTRY_TYPES, type FoldEntry, type SaleState } from '../../core/sale-fold.ts';

export { SALE_ENTRY_TYPES };

/** An entry of some counter's journal. */
export interface SaleEntry extends FoldEntry {
  counterId: string;
}

/** An entry as stored (its payload's text) as the fold reads it. */
export const saleEntryOf = (counterId: string, r: { seq: string | number; type: string; at: string; payload: string }): SaleEntry => ({
  counterId,
  seq: Number(r.seq),
  type: r.type,
  at: r.at,
  payload: JSON.parse(r.payload) as unknown,
});

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
