// Recording what the API said of a sale: a final answer (confirmed, failed), a booking pending
// at the operator, or no answer yet (the sale stays open and is resumed). And which sales are
// open, or refused in a way the agent may send again.
import type { SaleOutcome } from '../../contract/counter.ts';
import type { AppError } from '../../contract/errors.ts';
import type { PartnerClient } from '../partner/client.ts';
import { outcomeOf, type SaleRow, type SalesStore } from './store.ts';
import type { Verdict } from './verdict.ts';

export interface OutcomeDeps {
  store: SalesStore;
  /** Asked for the booking a failure names, so the failed sale keeps what the API knows of it. */
  client: Pick<PartnerClient, 'booking'>;
  /** Told of every sale the API confirmed (main prints it: main/printing/follower.ts). */
  onConfirmed?: ((saleId: string) => void) | undefined;
}

export async function recordVerdict(d: OutcomeDeps, saleId: string, v: Verdict, inDoubt: boolean): Promise<SaleOutcome> {
  const store = d.store;
  switch (v.kind) {
    case 'confirmed':
    case 'pending': {
      const row = store.recordOutcome({ saleId, status: v.kind, bookingReference: v.booking.id, booking: v.booking, error: null, charged: true });
      if (row.status === 'confirmed') d.onConfirmed?.(saleId);
      return outcomeOf(row);
    }
    case 'failed': {
      const ref = v.error.bookingReference ?? v.booking?.id ?? null;
      const booking = v.booking ?? (ref ? await d.client.booking(ref).catch(() => null) : null);
      return outcomeOf(store.recordOutcome({ saleId, status: 'failed', bookingReference: ref, booking, error: withRetry(v.error), charged: false }));
    }
    case 'refused':
    case 'open':
      store.markUnknown(saleId, { ...v.error, retryable: true }, inDoubt);
      return outcomeOf(store.get(saleId)!);
  }
}

/** A sale without its final answer yet. */
export function isOpen(row: SaleRow): boolean {
  return row.status === 'sending' || row.status === 'unknown' || row.status === 'pending';
}

/** A sale refused before anything was done (429, 503): the agent may send it again, same key. */
export function isRetryableFailure(row: SaleRow): boolean {
  if (row.status !== 'failed' || row.booking_ref !== null || !row.error) return false;
  const code = (JSON.parse(row.error) as AppError).code;
  return code === 'service_unavailable' || code === 'rate_limited';
}

function withRetry(e: AppError): AppError {
  return e.code === 'service_unavailable' || e.code === 'rate_limited' ? { ...e, retryable: true } : e;
}
