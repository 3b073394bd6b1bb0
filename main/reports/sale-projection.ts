// A sale's facts folded from its journal entries: the one projection a report that reads entries
// uses (the station database holds entries only). Pure.
import type { ReconciledSale } from '../../contract/reports.ts';
import type { SaleIntent, SaleOutcomeEntry } from '../journal/entries.ts';

export interface SaleEntry {
  counterId: string;
  type: string;
  at: string;
  payload: unknown;
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

/** The sales of the entries given (intents first in each counter's order, as journals write them). */
export function projectSales(entries: Iterable<SaleEntry>): ProjectedSale[] {
  const sales = new Map<string, ProjectedSale>();
  for (const e of entries) {
    const p = e.payload as { saleId?: string };
    if (!p.saleId) continue;
    const key = `${e.counterId}\u0000${p.saleId}`;
    if (e.type === 'sale.intent') {
      const i = e.payload as SaleIntent;
      sales.set(key, {
        saleId: i.saleId,
        counterId: e.counterId,
        bookingReference: null,
        status: 'sending',
        netMinor: i.netTotalMinor,
        businessDay: i.businessDay,
        agentId: i.agentId,
        agentName: i.agentName,
        passengers: i.passengers,
        retailMinor: i.retailTotalMinor,
        cashMinor: 0,
        changeMinor: 0,
        createdAt: e.at,
      });
      continue;
    }
    const sale = sales.get(key);
    if (!sale) continue;
    if (e.type === 'sale.outcome') {
      const o = e.payload as SaleOutcomeEntry;
      sale.status = o.status;
      sale.bookingReference = o.bookingReference ?? sale.bookingReference;
    } else if (e.type === 'sale.abandoned') {
      sale.status = 'failed';
    } else if (e.type === 'sale.unanswered' && sale.status !== 'pending') {
      sale.status = 'unknown';
    } else if (e.type === 'cash.received') {
      const c = e.payload as { amountMinor: number; changeMinor: number };
      sale.cashMinor = c.amountMinor;
      sale.changeMinor = c.changeMinor;
    }
  }
  return [...sales.values()];
}
