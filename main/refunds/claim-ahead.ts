// A refund paid while the station database was down can only be of a sale the station had not
// received (refunds/service.ts), so no other window could pay it then. Once the station answers,
// its tickets are claimed there (ticket_refunds) before any batch of the journal is shipped: the
// sale must never reach the station's copy, where every window can pay it back, ahead of the claim
// of its refund (shipping may stop between the sale's batch and the refund's).
import type pg from 'pg';
import type { Journal } from '../journal/journal.ts';
import { refundsAfter } from '../journal/queries/refunds.ts';
import { claimTickets } from './station-gate.ts';

/**
 * Claims at the station the tickets of the refunds this journal holds after `afterSeq` (not shipped
 * yet) that no claim of theirs holds there. A ticket another refund holds already (two windows paid
 * it) is logged: the cash is out, and the refund.paid entry still ships as the record.
 */
export async function claimRefundsAhead(pool: pg.Pool, journal: Journal, afterSeq: number, log: (message: string) => void): Promise<void> {
  const refunds = refundsAfter(journal, afterSeq);
  if (refunds.length === 0) return;
  const { rows } = await pool.query<{ refund_id: string }>('SELECT DISTINCT refund_id FROM ticket_refunds WHERE counter_id = $1 AND refund_id = ANY($2::text[])', [
    journal.counterId,
    refunds.map((r) => r.payload.refundId),
  ]);
  const held = new Set(rows.map((r) => r.refund_id));
  for (const { payload: r } of refunds) {
    if (held.has(r.refundId)) continue;
    const taken = await claimTickets({ pool, counterId: journal.counterId }, r.bookingReference, r.passengerIndexes, r.refundId);
    if (taken.length > 0) log(`refund ${r.refundId} of ${r.bookingReference}, paid here while the station was down: tickets ${taken.join(', ')} were paid back at another window too`);
  }
}
