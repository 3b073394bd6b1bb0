import { z } from 'zod';
import type { Journey } from '../core/route.ts';

// Money back (issue 23): cash refunds at the counter for cancelled trips (claimable from the
// account manager) and refunds the station chooses to give (a supervisor, a policy, not
// claimable); claims for the NET, settled by ADJUSTMENT lines of the wallet. Money in piastres.

/**
 * What the station keeps of a refund it chooses to give (the trip was not cancelled): nothing,
 * a percentage of the retail paid, or a fixed fee per ticket. A cancelled trip is always refunded whole.
 */
export const RefundPolicy = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('none') }),
  z.strictObject({ kind: z.literal('percent'), percent: z.number().min(0).max(100) }),
  z.strictObject({ kind: z.literal('fixed'), feeMinor: z.int().min(0).max(100_000_00) }),
]);
export type RefundPolicy = z.infer<typeof RefundPolicy>;

/** Why the money goes back: the operator cancelled the departure, or the station chose to. */
export type RefundCause = 'cancelled' | 'station';

/** The refunds of a shift, a day or a station, as the reports list them. */
export interface RefundsBlock {
  count: number;
  tickets: number;
  /** Cash paid out of the drawer(s). */
  amountMinor: number;
  claimable: { count: number; amountMinor: number };
  notClaimable: { count: number; amountMinor: number };
}

/** A ticket of a booking as the refund screen offers it. */
export interface RefundTicket {
  passengerIndex: number;
  name: string;
  seat: string | null;
  /** The retail paid for this ticket (its share of the sale's cash). */
  retailMinor: number;
  /** Refunded already (here, or at another counter of the station when linked). */
  refunded: boolean;
}

/** What the counter would pay back for a booking, before the agent confirms. */
export interface RefundQuote {
  saleId: string;
  /** Sold at another counter of the station (refunded here because the station database is linked). */
  otherCounter: boolean;
  bookingReference: string;
  currency: string;
  /** The operator cancelled the departure (claimable); otherwise only a supervisor may refund under the policy. */
  cancelled: boolean;
  /** The ticket's notice (the do-not-travel text), as the API says it now. */
  notice: string | null;
  tickets: RefundTicket[];
  policy: RefundPolicy;
}

/** One refund paid (what the receipt and the booking view show). */
export interface RefundView {
  refundId: string;
  saleId: string;
  bookingReference: string;
  passengerIndexes: number[];
  travellers: { passengerIndex: number; name: string; seat: string | null }[];
  route: string;
  /** The cities' ids and names, for paper in the traveller's language (null: a refund recorded with its route alone). */
  journey: Journey | null;
  cause: RefundCause;
  retailMinor: number;
  keptMinor: number;
  amountMinor: number;
  claimable: boolean;
  claimNetMinor: number;
  currency: string;
  reason: string | null;
  agentName: string;
  approvedBy: string | null;
  at: string;
}

export type ClaimStatus = 'open' | 'short' | 'settled' | 'over';

/** A settlement line matched to a claim: by its booking reference, or by hand by a supervisor. */
export interface ClaimSettlement {
  transactionId: string;
  amountMinor: number;
  at: string;
  byHand: boolean;
}

/** The station's claim for one booking: the NET of its refunded tickets, and what came back. */
export interface Claim {
  bookingReference: string;
  openedAt: string;
  claimedMinor: number;
  settledMinor: number;
  status: ClaimStatus;
  /** Not settled in full after the station's number of days. */
  overdue: boolean;
  settlements: ClaimSettlement[];
}

/** An ADJUSTMENT line without a booking reference, or with one no claim knows: a supervisor matches it by hand. */
export interface UnmatchedAdjustment {
  transactionId: string;
  amountMinor: number;
  bookingReference: string | null;
  reason: string | null;
  at: string;
}

export interface ClaimsView {
  claims: Claim[];
  unmatched: UnmatchedAdjustment[];
  totals: { open: number; short: number; settled: number; over: number; overdue: number; claimedMinor: number; settledMinor: number; owedMinor: number };
  overdueDays: number;
  /** When the wallet statement was last read into the counter (null: never), and the error of the last try. */
  statementReadAt: string | null;
  statementError: string | null;
  /**
   * Linked to a station: the claims are the station's (every counter's refunds and hand matches).
   * `stationError`: the station database could not be read now (the claims read before stand);
   * `leftOut`: the first row of another counter not counted (no signature of its counter covers it).
   */
  station: { stationError: string | null; leftOut: { counterId: string; seq: number } | null } | null;
}

/** The station's refund settings (Settings → Counter, supervisor). */
export interface RefundSettings {
  policy: RefundPolicy;
  overdueDays: number;
  /** The settings file was changed outside the app: no refund the station chooses to give is paid until a supervisor saves them. */
  changedOutside?: true;
}

/**
 * Money back in a day report (a counter's or the station's): the refunds paid from the drawers,
 * the cash left net of them, and the wallet ADJUSTMENT lines of the day beside sales and debits.
 */
export interface DayRefunds {
  paid: RefundsBlock;
  /** Cash received for sales − refunds paid. */
  netCashMinor: number;
  adjustments: { withReferenceMinor: number; withoutReferenceMinor: number; count: number };
}
