// The `sales` read model (and the cash each sale took) as the selling, lookup, refund, printing and
// update modules read it: the row as stored (SaleRow), typed once here, and single figures.
import type { SaleStatus } from '../../../contract/counter.ts';
import type { Journal } from '../journal.ts';
import { saleIdOf } from '../../../core/sale-fold.ts';
import { saleRowWith } from '../sale-row.ts';

/** A `sales` row as stored (read-models.ts writes it from core/sale-fold.ts). */
export interface SaleRow {
  sale_id: string;
  intent_seq: number;
  idempotency_key: string;
  request_body: string;
  fingerprint: string;
  environment: string;
  agent_id: string;
  shift_id: string;
  business_day: string;
  language: 'ar' | 'en';
  offer_id: string;
  operator_id: string | null;
  route: string;
  departure_at: string | null;
  passengers: number;
  net_total_minor: number;
  retail_total_minor: number;
  cash_tendered_minor: number;
  change_minor: number;
  summary: string;
  status: SaleStatus;
  booking_ref: string | null;
  booking: string | null;
  error: string | null;
  charged: number;
  cash_recorded: number;
  /** 1 while an attempt may have reached the API without its answer being recorded. */
  in_doubt: number;
  attempts: number;
  last_attempt_at: string | null;
  created_at: string;
  updated_at: string;
  /** 1 when main prints the sale by itself once confirmed. */
  print_on_confirm: number;
}

const OPEN = "status IN ('sending', 'unknown', 'pending')";

/**
 * The `sales` row of a sale (null when there is none): as stored, with the sale's entries not
 * folded yet folded in (held-back.ts), so a sale reads its own row without waiting for the fold.
 */
export function saleRowOf(j: Journal, saleId: string): SaleRow | null {
  const own = j.heldBack.entries().filter((e) => saleIdOf(e) === saleId);
  // Its intent held back: nothing of the sale is stored yet.
  if (own[0]?.type === 'sale.intent') return saleRowWith(null, own);
  const stored = j.heldBack.quietly(() => j.stmt<[string], SaleRow>('SELECT * FROM sales WHERE sale_id = ?').get(saleId) ?? null);
  return own.length === 0 ? stored : saleRowWith(stored, own);
}

/** The confirmed sale with this booking reference (null: none). */
export function confirmedSaleOfReference(j: Journal, bookingReference: string): SaleRow | null {
  return j.stmt<[string], SaleRow>("SELECT * FROM sales WHERE booking_ref = ? AND status = 'confirmed'").get(bookingReference) ?? null;
}

/** The sales without a final answer, oldest first. */
export function openSaleRows(j: Journal): SaleRow[] {
  return j.stmt<[], SaleRow>(`SELECT * FROM sales WHERE ${OPEN} ORDER BY intent_seq`).all();
}

/** How many sales are without a final answer. */
export function openSaleCount(j: Journal): number {
  return j.stmt<[], { n: number }>(`SELECT count(*) AS n FROM sales WHERE ${OPEN}`).get()!.n;
}

/** A page of the sales list: up to `limit` sales whose intent is before `beforeSeq`, newest first. */
export function saleRowsBefore(j: Journal, beforeSeq: number, limit: number): SaleRow[] {
  return j.stmt<[number, number], SaleRow>('SELECT * FROM sales WHERE intent_seq < ? ORDER BY intent_seq DESC LIMIT ?').all(beforeSeq, limit);
}

/** The cash a sale took into the drawer (null: none recorded). */
export function saleCash(j: Journal, saleId: string): { amountMinor: number; seq: number } | null {
  const row = j.stmt<[string], { amount_minor: number; seq: number }>("SELECT amount_minor, seq FROM cash_movements WHERE kind = 'sale' AND sale_id = ?").get(saleId);
  return row ? { amountMinor: row.amount_minor, seq: row.seq } : null;
}
