// The refunds read models (`refunds`, `refunded_tickets`, `claim_matches`, migration 0015) as the
// refund service and the station day report read them: the refund.paid and claim.matched entries
// they index, and the few figures the claims are folded from.
import { z } from 'zod';
import type { Entry, Journal } from '../journal.ts';
import { metaJson, setMetaValue } from './meta.ts';

/** A claimable refund as the claims ledger takes it (refunds/fold.ts's ClaimPart, with its seq). */
export interface ClaimPartRow {
  seq: number;
  bookingReference: string;
  claimNetMinor: number;
  at: string;
}

const entriesAt = <K extends 'refund.paid' | 'claim.matched'>(j: Journal, seqs: { seq: number }[]): Entry<K>[] => seqs.map((r) => j.entry<K>(r.seq));

/** The refund.paid entry of a refund paid here (null: none). */
export function refundEntry(j: Journal, refundId: string): Entry<'refund.paid'> | null {
  const row = j.stmt<[string], { seq: number }>('SELECT seq FROM refunds WHERE refund_id = ?').get(refundId);
  return row ? j.entry<'refund.paid'>(row.seq) : null;
}

/** The refund.paid entries of a sale, oldest first. */
export function refundEntriesOfSale(j: Journal, saleId: string): Entry<'refund.paid'>[] {
  return entriesAt(j, j.stmt<[string], { seq: number }>('SELECT seq FROM refunds WHERE sale_id = ? ORDER BY seq').all(saleId));
}

/** The refund.paid entries after `afterSeq`, oldest first. */
export function refundsAfter(j: Journal, afterSeq: number): Entry<'refund.paid'>[] {
  return entriesAt(j, j.stmt<[number], { seq: number }>('SELECT seq FROM refunds WHERE seq > ? ORDER BY seq').all(afterSeq));
}

/** The refund.paid entries of a business day (the refund's), oldest first. */
export function refundEntriesOfDay(j: Journal, businessDay: string): Entry<'refund.paid'>[] {
  return entriesAt(j, j.stmt<[string], { seq: number }>('SELECT seq FROM refunds WHERE business_day = ? ORDER BY seq').all(businessDay));
}

/** The tickets (passenger indexes) of a booking refunded here. */
export function refundedPassengers(j: Journal, bookingReference: string): number[] {
  return j.stmt<[string], { passenger_index: number }>('SELECT passenger_index FROM refunded_tickets WHERE booking_ref = ?').all(bookingReference).map((r) => r.passenger_index);
}

/** The claimable refunds after `afterSeq`, in order. */
export function claimPartsAfter(j: Journal, afterSeq: number): ClaimPartRow[] {
  return j
    .stmt<[number], ClaimPartRow>('SELECT seq, booking_ref AS bookingReference, claim_net_minor AS claimNetMinor, at FROM refunds WHERE seq > ? AND claimable = 1 ORDER BY seq')
    .all(afterSeq);
}

/** The seq of the last refund paid here (0: none). */
export function lastRefundSeq(j: Journal): number {
  return j.stmt<[], { n: number }>('SELECT coalesce(max(seq), 0) AS n FROM refunds').get()!.n;
}

/** The claim.matched entries after `afterSeq`, in order. */
export function claimMatchesAfter(j: Journal, afterSeq: number): Entry<'claim.matched'>[] {
  return entriesAt(j, j.stmt<[number], { seq: number }>('SELECT seq FROM claim_matches WHERE seq > ? ORDER BY seq').all(afterSeq));
}

/** True when this journal holds a hand match of the wallet line. */
export function lineMatchedHere(j: Journal, transactionId: string): boolean {
  return j.stmt<[string], { one: number }>('SELECT 1 AS one FROM claim_matches WHERE transaction_id = ? LIMIT 1').get(transactionId) !== undefined;
}

const CLAIMS_OUT = 'refund_claims_out';
const ClaimsOut = z.array(z.object({ refundId: z.string(), bookingReference: z.string() }));
export type ClaimOut = z.infer<typeof ClaimsOut>[number];

/**
 * The station's claims of tickets this counter took for a refund not yet written or given back
 * (meta): kept before the claim is asked, so that a claim a crash left behind can be given back.
 */
export function claimsOut(j: Journal): ClaimOut[] {
  return metaJson(j, CLAIMS_OUT, ClaimsOut, []);
}

export function claimOutTaken(j: Journal, claim: ClaimOut): void {
  j.transaction(() => setMetaValue(j, CLAIMS_OUT, JSON.stringify([...claimsOut(j).filter((c) => c.refundId !== claim.refundId), claim])));
}

export function claimOutSettled(j: Journal, refundId: string): void {
  j.transaction(() => setMetaValue(j, CLAIMS_OUT, JSON.stringify(claimsOut(j).filter((c) => c.refundId !== refundId))));
}
