import type { AppError } from '../../contract/errors.ts';
import type { MarkupRule, TicketLanguage, ZReport } from '../../contract/counter.ts';
import type { CashCount } from '../../contract/shifts.ts';
import type { Booking } from '../../contract/partner/resources.ts';
import type { RefundPolicy } from '../../contract/refunds.ts';
import type { Journey } from '../../core/route.ts';
import type { SeqList } from '../../core/seq-ranges.ts';

// The journal's vocabulary: one payload shape per entry type. Entries are never changed once
// written; a later fact is a new entry pointing at the sale (or rule) it concerns.

/** What the receipt and the sales list need of the journey, captured at the time of the sale. */
export interface OfferSummary {
  originId: string | null;
  destinationId: string | null;
  originName: string | null;
  originStation: string | null;
  destinationName: string | null;
  destinationStation: string | null;
  departureAt: string | null;
  arrivalAt: string | null;
  operatorId: string | null;
  operatorName: string | null;
  operatorNameAr: string | null;
  fareClass: string | null;
  /** Seat numbers named by the agent (empty when the operator assigns them). */
  seats: string[];
}

export interface ShiftOpened {
  shiftId: string;
  agentId: string;
  /** The Cairo date the shift was opened on: its sales belong to that business day. */
  businessDay: string;
  /** Opened by the first action of the agent's day (before agents open shifts themselves). */
  implicit: boolean;
  /** The counted opening float (absent on implicit shifts: zero). */
  floatMinor?: number;
  floatCount?: CashCount;
  agentName?: string;
}

export interface ShiftClosed {
  shiftId: string;
  agentId: string;
  /** Closed by the counter when its business day ended (an implicit shift). */
  implicit: boolean;
  /** The frozen Z-report of a shift an agent closed. */
  z?: ZReport;
}

/** The blind count at close, entered before the expected amount is shown; never changed after. */
export interface ShiftCounted {
  shiftId: string;
  agentId: string;
  count: CashCount;
  countedMinor: number;
}

/** Cash put in or taken out of the drawer during a shift, with why. */
export interface CashMoved {
  movementId: string;
  shiftId: string;
  agentId: string;
  kind: 'pay_in' | 'pay_out' | 'safe_drop';
  amountMinor: number;
  reason: string;
}

/** A correction of a closed shift: a new fact pointing at it, approved with a supervisor's PIN. */
export interface ShiftCorrected {
  correctionId: string;
  shiftId: string;
  zNumber: number;
  /** Signed piastres: what the correction adds to the shift's cash (a miscounted note, say). */
  amountMinor: number;
  reason: string;
  by: AgentRef;
  approvedBy: AgentRef;
}

/** Written and committed BEFORE POST /bookings is sent. */
export interface SaleIntent {
  saleId: string;
  idempotencyKey: string;
  /** The exact POST /bookings body, sent (and re-sent) byte for byte. */
  requestBody: string;
  /** Hash of the sell arguments: tells a repeated press from a reused sale id. */
  fingerprint: string;
  environment: string;
  station: string;
  agentId: string;
  agentName: string;
  shiftId: string;
  businessDay: string;
  language: TicketLanguage;
  offerId: string;
  passengers: number;
  currency: string;
  netPerSeatMinor: number;
  netTotalMinor: number;
  retailPerSeatMinor: number;
  retailTotalMinor: number;
  cashTenderedMinor: number;
  changeMinor: number;
  markupRuleId: string | null;
  offer: OfferSummary;
  /** Main prints the tickets and the receipt by itself once the sale is confirmed (absent before it did). */
  printOnConfirm?: boolean;
}

/**
 * Written and committed BEFORE each POST /bookings of a sale: from here on an answer may be lost,
 * so the sale is in doubt until an outcome is recorded.
 */
export interface SaleAttempt {
  saleId: string;
  /** 1 for the first send of the sale, then 2, 3… across resumes. */
  attempt: number;
}

/** A round of sends ended without a final answer: the sale stays open and is resumed later. */
export interface SaleUnanswered {
  saleId: string;
  error: AppError;
  /** An attempt may have reached the API: only the same key and body may settle it. */
  inDoubt: boolean;
}

/**
 * A supervisor closes a sale the API never received (no booking of it on the account, and no
 * attempt that may still land): it counts as failed, no cash was taken, nothing is sent again.
 */
export interface SaleAbandoned {
  saleId: string;
  reason: string;
  by: AgentRef;
  /** Account bookings looked through for this sale before it was abandoned. */
  bookingsChecked: number;
}

/** Seats held for a customer (POST /holds): a sale on it consumes it; otherwise it is abandoned. */
export interface HoldTaken {
  holdId: string;
  offerId: string;
  seats: number;
  agentId: string;
  expiresAt: string | null;
}

/** A hold let go before its end (the agent moved on). */
export interface HoldReleased {
  holdId: string;
  agentId: string;
}

/** A ticket of a sale made here changed after the sale: what the traveller must be told. */
export interface TripChanged {
  saleId: string;
  bookingReference: string;
  /** The ticket version that carries the change (one entry per sale and version). */
  version: string;
  kind: 'rescheduled' | 'cancelled' | 'changed';
  oldDepartureAt: string | null;
  newDepartureAt: string | null;
  validForTravel: boolean;
  /** What the operator says on the ticket now (the do-not-travel notice, the new time). */
  notice: string | null;
}

/** Somebody called the traveller about a change. */
export interface TripCalled {
  saleId: string;
  version: string;
  by: AgentRef;
}

export type FinalOrPending = 'confirmed' | 'pending' | 'failed';

/** An answer of the API about a sale: final (confirmed, failed) or pending. */
export interface SaleOutcomeEntry {
  saleId: string;
  status: FinalOrPending;
  bookingReference: string | null;
  booking: Booking | null;
  error: AppError | null;
  /** The wallet is charged for this sale (confirmed or pending; a failed booking is credited back). */
  charged: boolean;
}

/** Cash taken for a confirmed booking; written only once the booking is confirmed. */
export interface CashReceived {
  saleId: string;
  bookingReference: string;
  agentId: string;
  shiftId: string;
  businessDay: string;
  amountMinor: number;
  tenderedMinor: number;
  changeMinor: number;
  currency: string;
}

export type PrintKind = 'tickets' | 'receipt' | 'test' | 'report';

export interface PrintRecorded {
  printId: string;
  saleId: string | null;
  kind: PrintKind;
  printer: string;
  status: 'sent' | 'failed';
  jobId: string | null;
  errorCode: string | null;
  /** A reprint (marked COPY on paper). */
  copy: boolean;
  language: TicketLanguage | null;
  agentId: string;
  /** A report's identity (`z:<number>`, `day:<date>`); absent for a sale's prints and test pages. */
  document?: string;
}

/** What a markup change records: the rule without its identity and history. */
export type MarkupRuleFields = Omit<MarkupRule, 'id' | 'changedBy' | 'changedAt'>;

/** Which row of the station's settings stream a change applies (absent: made on this counter alone). */
export interface FromStation {
  stationId: string;
  seq: number;
  /** The counter the change was made on. */
  counterId: string;
}

export interface MarkupChanged {
  action: 'saved' | 'deleted';
  ruleId: string;
  rule: MarkupRuleFields | null;
  previous: MarkupRuleFields | null;
  by: { agentId: string; agentName: string };
  fromStation?: FromStation;
}

/** The station's name, as the station's settings stream says (printed on receipts from now on). */
export interface StationRenamed {
  name: string;
  by: AgentRef | null;
  fromStation: FromStation;
}

/**
 * The journal held fewer entries, or another entry at the place the OS keychain kept, than when
 * this PC last had it open (main/journal/head-anchor.ts): entries were removed or rewritten
 * outside the app. Written at the start that finds it.
 */
export interface JournalRewound {
  anchoredSeq: number;
  anchoredHash: string;
  foundSeq: number;
  /** The hash the journal holds at the anchored seq (null: it ends before it). */
  foundHash: string | null;
  /**
   * The agents' last entry the keychain kept (its seq and hash), when the journal no longer holds
   * it: an earlier copy put in place, whose agents may be as they were before a change since (a
   * supervisor dismissed, a PIN changed). Such a journal is lost (main/agents/journal-lost.ts).
   */
  agentsSeq?: number;
  agentsHash?: string;
}

/**
 * Entries found after the head this PC kept whose tag its key does not open (entry-tags.ts):
 * appended outside the app. Written when they are found (at a start, or while it runs).
 */
export interface JournalForeignEntries {
  /** How many were found, and the first of them (up to 100) with their kinds. */
  count: number;
  entries: { seq: number; type: string }[];
  /** Every one of them, as runs (core/seq-ranges.ts); absent from findings written before it was kept: those name `entries` alone. */
  seqs?: SeqList;
}

export type AgentRole = 'agent' | 'supervisor';

/** Who did something, as the journal names them. */
export interface AgentRef {
  agentId: string;
  agentName: string;
}

/** An agent created or changed by a supervisor (or the first supervisor, by nobody). */
export interface AgentSaved {
  agentId: string;
  name: string;
  role: AgentRole;
  /** The scrypt hash of a new PIN; null keeps the one the agent has. */
  pinHash: string | null;
  active: boolean;
  by: AgentRef | null;
  fromStation?: FromStation;
}

/** Too many wrong PINs: nobody signs in as this agent until `until`. */
export interface AgentLocked {
  agentId: string;
  until: string;
  failures: number;
}

/** A wrong PIN, counted (a restart keeps the count). */
export interface AgentPinFailed {
  agentId: string;
}

/** A right PIN after wrong ones or locks: the count and the lock length start again. */
export interface AgentPinAccepted {
  agentId: string;
}

/** A supervisor lifted an agent's lock with their own PIN. */
export interface AgentUnlocked {
  agentId: string;
  by: AgentRef;
}

/**
 * The agent's PIN hash sealed again: an earlier version's hash bound to the agent at this
 * version's first start (`legacy_hash`: it had no key; `unbound_hash`: it had no binding), or
 * sealed under the station's key adopted (`station_key`).
 */
export interface AgentPinResealed {
  agentId: string;
  pinHash: string;
  reason: PinResealReason;
}

export type PinResealReason = 'legacy_hash' | 'unbound_hash' | 'station_key';

/**
 * The agents' entries are keyed from here on with the counter's current PIN key (agent-tags.ts):
 * every one before it counts but those `refused` (appended outside the app), every one after it
 * counts only with a tag this key or the previous one opens. Written when the key changes (this
 * version's first start, a station's key adopted, a key lost).
 */
export interface AgentEntriesKeyed {
  /** Seqs alone and runs of consecutive seqs [first, last] (core/seq-ranges.ts). */
  refused: SeqList;
}

export interface AgentSignedIn {
  agentId: string;
}

export interface AgentSignedOut {
  agentId: string;
  reason: 'sign_out' | 'switch';
}

/** A supervisor approved one action (its supervisor-only calls) for the agent signed in, with their PIN. */
export interface OverrideApproved {
  action: string;
  calls: string[];
  agent: AgentRef;
  supervisor: AgentRef;
}

/**
 * Cash paid back to a traveller from the drawer of the current shift, pointing at the sale
 * (issue 23). A cancelled departure is refunded whole and opens a claim for the NET; a refund the
 * station chooses to give keeps what its policy says, needs a supervisor and is not claimable.
 */
export interface RefundPaid {
  refundId: string;
  saleId: string;
  bookingReference: string;
  /** The tickets refunded (passenger_index from 0); every ticket for a whole booking. */
  passengerIndexes: number[];
  wholeBooking: boolean;
  /** The counter that sold it (another counter's sale is refunded only while the station database is linked). */
  saleCounterId: string;
  /** The travellers refunded and the journey, as the receipt prints them (the entry alone reprints it). */
  travellers: { passengerIndex: number; name: string; seat: string | null }[];
  route: string;
  /** The cities' ids and names (refunds paid before it was recorded have the route alone). */
  journey?: Journey;
  cause: 'cancelled' | 'station';
  currency: string;
  /** The retail paid for these tickets (their share of the sale's cash). */
  retailMinor: number;
  /** What the station keeps under its policy (0 for a cancelled trip). */
  keptMinor: number;
  /** Cash out of the drawer: retail − kept. */
  amountMinor: number;
  claimable: boolean;
  /** The NET claimed from the account manager (these tickets' share of the wallet DEBIT); 0 when not claimable. */
  claimNetMinor: number;
  reason: string | null;
  policy: RefundPolicy | null;
  approvedBy: AgentRef | null;
  agentId: string;
  agentName: string;
  shiftId: string;
  businessDay: string;
}

/** A supervisor matches a wallet ADJUSTMENT (without a usable booking reference) to a claim by hand. */
export interface ClaimMatched {
  transactionId: string;
  bookingReference: string;
  amountMinor: number;
  at: string;
  by: AgentRef;
  note: string | null;
}

export interface EntryPayloads {
  'agent.saved': AgentSaved;
  'agent.locked': AgentLocked;
  'agent.signed_in': AgentSignedIn;
  'agent.pin_failed': AgentPinFailed;
  'agent.pin_accepted': AgentPinAccepted;
  'agent.unlocked': AgentUnlocked;
  'agent.pin_resealed': AgentPinResealed;
  'agent.signed_out': AgentSignedOut;
  'agent.entries_keyed': AgentEntriesKeyed;
  'shift.opened': ShiftOpened;
  'shift.closed': ShiftClosed;
  'shift.counted': ShiftCounted;
  'shift.corrected': ShiftCorrected;
  'cash.moved': CashMoved;
  'sale.intent': SaleIntent;
  'sale.attempt': SaleAttempt;
  'sale.unanswered': SaleUnanswered;
  'sale.abandoned': SaleAbandoned;
  'hold.taken': HoldTaken;
  'trip.changed': TripChanged;
  'trip.called': TripCalled;
  'hold.released': HoldReleased;
  'sale.outcome': SaleOutcomeEntry;
  'cash.received': CashReceived;
  'print.recorded': PrintRecorded;
  'markup.changed': MarkupChanged;
  'station.renamed': StationRenamed;
  'override.approved': OverrideApproved;
  'refund.paid': RefundPaid;
  'claim.matched': ClaimMatched;
  'journal.rewound': JournalRewound;
  'journal.foreign_entries': JournalForeignEntries;
}

export type EntryType = keyof EntryPayloads;
