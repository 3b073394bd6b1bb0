import type { CounterEnvironment, DayReport, ShiftView } from './counter.ts';
import type { AppError } from './errors.ts';
import type { RetiredMark } from './backup.ts';
import type { Transaction } from './partner/resources.ts';
import type { DayRefunds } from './refunds.ts';

// The station day report: every shift of a Cairo business day, its figures, sales by hour, and
// the reconciliation of the wallet statement with the journal(s). Money in piastres.

/** Why a wallet line or a sale has no partner on the other side. */
export type UnmatchedReason =
  /** A debit or reversal of a booking no journal here made (the same account used elsewhere). */
  | 'booked_outside'
  /** A confirmed sale the wallet shows no debit for. */
  | 'debit_missing'
  /** A failed sale that was charged and not (yet) credited back. */
  | 'reversal_missing'
  /** The debit is not the NET the sale recorded. */
  | 'amount_differs'
  /** The booking was still pending (or unanswered) when the report was made. */
  | 'pending_at_close'
  /** The line belongs to a sale of another business day (around midnight). */
  | 'other_day';

/** One sale as the reconciliation sees it: from any counter's journal. */
export interface ReconciledSale {
  saleId: string;
  counterId: string;
  bookingReference: string | null;
  status: 'confirmed' | 'failed' | 'pending' | 'unknown' | 'sending';
  netMinor: number;
  businessDay: string;
}

export interface UnmatchedLine {
  side: 'wallet' | 'journal';
  reason: UnmatchedReason;
  bookingReference: string | null;
  /** Signed as on the statement (debits negative); for a sale, minus its NET. */
  amountMinor: number;
  transactionId: string | null;
  saleId: string | null;
  counterId: string | null;
}

export interface Reconciliation {
  /** False when the statement could not be read (the error says why): the journal side stands alone. */
  statementRead: boolean;
  error: AppError | null;
  openingBalanceMinor: number | null;
  closingBalanceMinor: number | null;
  /** DEBIT lines each matched to a confirmed sale (booking reference and NET equal). */
  matchedDebits: { transactionId: string; bookingReference: string; amountMinor: number; saleId: string; counterId: string }[];
  /** DEBIT + REVERSAL pairs matched to a failed sale (charged, then credited back). */
  matchedReversals: { debitId: string; reversalId: string; bookingReference: string; amountMinor: number; saleId: string; counterId: string }[];
  /** TOPUP and ADJUSTMENT lines: money in or out of the wallet that is not a sale. */
  apart: Transaction[];
  unmatched: UnmatchedLine[];
  totals: { debitsMinor: number; reversalsMinor: number; topupsMinor: number; adjustmentsMinor: number; confirmedNetMinor: number };
}

export interface StationDayReport {
  date: string;
  environment: CounterEnvironment;
  stationName: string;
  /** The counters whose journals the report covers. */
  counters: string[];
  shifts: ShiftView[];
  figures: DayReport;
  /** Confirmed sales by the Cairo hour they were made (0–23, every hour present). */
  byHour: { hour: number; bookings: number; passengers: number; retailMinor: number }[];
  reconciliation: Reconciliation;
  madeAt: string;
  /** Refunds paid and adjustments received (issue 23). */
  refunds?: DayRefunds;
  /** The report of a retired counter's journal (read-only), not this counter's. */
  retired?: RetiredMark;
}

/** Figures of a group of sales (a counter, an agent, the whole station). */
export interface SalesLine {
  /** Confirmed sales. */
  sales: number;
  passengers: number;
  retailMinor: number;
  netMinor: number;
  cashMinor: number;
  changeMinor: number;
  failed: number;
  /** Pending or without an answer yet. */
  open: number;
}

/** The station day report over every counter that ships to the station database. */
export interface StationReport {
  date: string;
  station: { id: string; name: string };
  environment: CounterEnvironment;
  totals: SalesLine;
  counters: (SalesLine & { counterId: string })[];
  agents: (SalesLine & { agentId: string; agentName: string })[];
  /** The wallet statement reconciled once for the whole account, against every counter's sales. */
  reconciliation: Reconciliation;
  madeAt: string;
  /** Refunds paid over every counter and adjustments received (issue 23). */
  refunds?: DayRefunds;
  /** What the report covers, verified (hashes, links, the counters' signatures): never presented as clean when it is not. */
  integrity?: StationIntegrity;
}

/** One thing found wrong with the station database's rows (issue 21). */
export interface IntegrityProblem {
  counterId: string;
  /**
   * altered: a row's fields changed after arrival; gap: rows missing; broken_link; bad_signature;
   * foreign: rows no enrolled key signed; invalid: an entry no counter writes (its payload does not
   * hold what the figures read), not counted; written_outside: entries their own counter found
   * written outside the app (its journal.foreign_entries), counted as its Z-report counts them.
   */
  kind: 'altered' | 'gap' | 'broken_link' | 'bad_signature' | 'foreign' | 'invalid' | 'written_outside';
  seq: number | null;
  detail: string;
}

export interface StationIntegrity {
  verified: boolean;
  problems: IntegrityProblem[];
}
