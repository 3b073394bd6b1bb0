import { z } from 'zod';
import type { Booking, City, Hold, Offer, OfferDetail, Operator, Route, Transaction } from './partner/resources.ts';
import type { PageMeta } from './partner/common.ts';
import type { AppError } from './errors.ts';
import type { RefundsBlock } from './refunds.ts';

// The counter's own vocabulary: what main answers the renderer beyond raw Partner API objects.
// Money is always an integer of piastres.

export const CounterEnvironment = z.enum(['TRAINING', 'SANDBOX', 'LIVE']);
export type CounterEnvironment = z.infer<typeof CounterEnvironment>;

export const TicketLanguage = z.enum(['ar', 'en']);
export type TicketLanguage = z.infer<typeof TicketLanguage>;

export interface AppInfo {
  name: string;
  version: string;
  environment: CounterEnvironment;
  /** Where the Partner API calls go (the embedded sandbox's loopback URL in TRAINING). */
  apiBaseUrl: string;
  stationName: string;
  /** The digits of Arabic screens and paper: Arabic-Indic (default) or Latin (Settings → Counter). */
  arabicDigits: 'arab' | 'latn';
  /** Who the counter acts for now: the signed-in agent (null when nobody is), or the default agent before agents exist. */
  agent: { id: string; name: string } | null;
}

export interface ReferenceData {
  cities: City[];
  operators: Operator[];
  routes: Route[];
  /** UTC ISO time of the last successful refresh from the API. */
  refreshedAt: string | null;
}

export interface PricedOffer {
  offer: Offer;
  /** Retail price per seat the traveller pays, from the station's markup rules. */
  retailPerSeatMinor: number;
}

export interface SearchResult {
  offers: PricedOffer[];
  passengers: number;
  departureDate: string;
  /** UTC ISO time the search was answered. */
  searchedAt: string;
}

export interface PricedOfferDetail {
  offer: OfferDetail;
  /** Retail per seat, by fare class name. */
  retailByClass: Record<string, number>;
  /** Retail per seat, by seat number (a seat's own NET price can differ from its class's). */
  retailBySeat: Record<string, number>;
}

export type SaleStatus = 'sending' | 'confirmed' | 'pending' | 'failed' | 'unknown';

export interface SaleOutcome {
  saleId: string;
  status: SaleStatus;
  booking: Booking | null;
  /** Why a sale did not confirm: a stable code with what to do next; null when confirmed/pending. */
  error: AppError | null;
  /** True when the wallet is charged for this sale (confirmed or pending); failed sales are always credited back. */
  charged: boolean;
  retailTotalMinor: number;
  netTotalMinor: number;
  cashTenderedMinor: number;
  changeMinor: number;
  /** Cash is recorded in the journal only against a confirmed booking. */
  cashRecorded: boolean;
  language: TicketLanguage;
  createdAt: string;
  /**
   * Main prints a sale's tickets then its receipt by itself once it is confirmed (also after a
   * reload or a restart); the renderer only shows where that stands and offers a retry.
   */
  prints: SalePrints;
}

/**
 * One kind of a sale's automatic print: `none` (not confirmed, or sold before main printed by
 * itself), `waiting` (confirmed, queued), `printing`, `sent` or `failed` (the agent retries with
 * printTickets / printReceipt, which answer a PrintResult and update this too).
 */
export interface SalePrintState {
  status: 'none' | 'waiting' | 'printing' | 'sent' | 'failed';
  /** The last job's result, when one ran. */
  result: PrintResult | null;
}

export interface SalePrints {
  tickets: SalePrintState;
  receipt: SalePrintState;
}

export interface SaleSummary {
  /** Journal sequence of the sale's intent; pass the last one as `before` for the next page. */
  seq: number;
  saleId: string;
  status: SaleStatus;
  bookingReference: string | null;
  route: string;
  departureAt: string | null;
  passengers: number;
  retailTotalMinor: number;
  netTotalMinor: number;
  createdAt: string;
}

export interface WalletView {
  balanceMinor: number;
  creditLimitMinor: number;
  lowBalanceThresholdMinor: number;
  currency: string;
  low: boolean;
  updatedAt: string | null;
}

export interface TransactionsPage {
  data: Transaction[];
  meta: PageMeta;
}

export interface CredentialView {
  slot: 'primary' | 'secondary';
  environment: 'SANDBOX' | 'LIVE';
  /** e.g. cid_live_…abcd — never the whole id, never the secret. */
  clientIdMasked: string;
  baseUrl: string;
  savedAt: string;
}

export interface CredentialsStatus {
  environment: CounterEnvironment;
  keychainAvailable: boolean;
  /** Why the keychain cannot be used, so the screen can say what to install (null when it can). */
  keychainProblem: KeychainProblem | null;
  credentials: CredentialView[];
}

/**
 * Why the OS keychain cannot be used: its native module was not built on this machine
 * (`not_installed`), is there but cannot load (`cannot_load`, e.g. libsecret missing), or no
 * keychain service answers (`no_service`, e.g. no Secret Service on D-Bus).
 */
export interface KeychainProblem {
  reason: 'not_installed' | 'cannot_load' | 'no_service';
  platform: 'linux' | 'darwin' | 'win32' | 'other';
}

export interface MarkupRule {
  id: string;
  /** null matches any. */
  operatorId: string | null;
  originId: string | null;
  destinationId: string | null;
  fareClass: string | null;
  percent: number;
  fixedMinor: number;
  changedBy: string;
  changedAt: string;
}

export interface PrinterInfo {
  name: string;
  isDefault: boolean;
}

export interface PrintSettings {
  ticketPrinter: string | null;
  receiptPrinter: string | null;
  receiptPaper: '80mm' | 'A4';
  /** Tickets as the API's PDF (A4; the default when absent) or an 80 mm ticket the app renders from the booking. */
  ticketFormat?: 'pdf' | 'thermal80';
}

export interface PrintResult {
  printId: string;
  printer: string;
  kind: 'tickets' | 'receipt' | 'test' | 'report';
  status: 'sent' | 'failed';
  error: AppError | null;
  /** The spooler's job id, when it gives one. */
  jobId: string | null;
}

export interface JournalCheck {
  ok: boolean;
  entries: number;
  /** Sequence number of the first entry whose hash chain is broken. */
  firstBadSeq: number | null;
}

/** The figures of one business day (a Cairo calendar date) for the station manager. Money in piastres. */
export interface DayReport {
  /** YYYY-MM-DD, Africa/Cairo: the sales created on that date. */
  date: string;
  environment: CounterEnvironment;
  /** Sales by state; one still being sent counts as unknown. */
  counts: { confirmed: number; pending: number; failed: number; unknown: number };
  /** Tickets (seats) of the confirmed sales. */
  seats: number;
  /** Totals of the confirmed sales. */
  retailMinor: number;
  netMinor: number;
  /** retailMinor − netMinor. */
  marginMinor: number;
  /** Cash taken (always against confirmed bookings) and change handed back. */
  cashReceivedMinor: number;
  changeGivenMinor: number;
  /** Confirmed sales by bus operator, most retail first. */
  byOperator: { operatorId: string | null; operatorName: string | null; sales: number; seats: number; retailMinor: number; netMinor: number }[];
}

export type { Hold };

/** A shift as the counter shows it: open (no closedAt) or closed with its Z-report number. */
export interface ShiftView {
  shiftId: string;
  agent: { id: string; name: string };
  businessDay: string;
  openedAt: string;
  closedAt: string | null;
  floatMinor: number;
  /** Counted at the blind count (null until then). */
  countedMinor: number | null;
  zNumber: number | null;
  /** Opened by the counter on its own (before agents opened shifts), closed at the day's end. */
  implicit: boolean;
}

export interface ZReportLine {
  bookings: number;
  passengers: number;
  retailMinor: number;
  netMinor: number;
}

/**
 * The Z-report of one shift: numbered without gaps per counter and frozen at close. Every figure
 * is computed from journal entries only; `coversSeq`/`coversHash` name the last entry it covers.
 */
export interface ZReport extends ZReportLine {
  zNumber: number;
  counterId: string;
  stationName: string;
  environment: CounterEnvironment;
  shiftId: string;
  agent: { id: string; name: string };
  businessDay: string;
  openedAt: string;
  closedAt: string;
  marginMinor: number;
  byOperator: (ZReportLine & { operatorId: string | null; operatorName: string | null })[];
  byRoute: (ZReportLine & { route: string })[];
  cash: {
    floatMinor: number;
    /** Retail of the confirmed sales (what stayed in the drawer: the change was handed back). */
    salesMinor: number;
    tenderedMinor: number;
    changeGivenMinor: number;
    /** Cash taken for sales the API had not confirmed at close (kept in the drawer, listed in `open`). */
    heldForOpenSalesMinor: number;
    payInsMinor: number;
    payOutsMinor: number;
    dropsMinor: number;
    /** Refunds paid from the drawer (absent before refunds existed). */
    refundsMinor?: number;
    expectedMinor: number;
    countedMinor: number;
    /** counted − expected: positive over, negative short. */
    varianceMinor: number;
    count: Record<string, number>;
  };
  /** Each pay-in, pay-out and drop; `writtenOutside` when its entry is one of `writtenOutside` below. */
  movements: { kind: 'pay_in' | 'pay_out' | 'safe_drop'; amountMinor: number; reason: string; at: string; writtenOutside?: true }[];
  failed: { saleId: string; bookingReference: string | null; retailMinor: number; code: string | null }[];
  /** Sales still pending or unanswered at close. */
  open: { saleId: string; bookingReference: string | null; retailMinor: number; status: SaleStatus }[];
  reprints: number;
  /** Holds taken in the shift that no sale used (released, or left to lapse). */
  abandonedHolds: number;
  comment: string | null;
  coversSeq: number;
  coversHash: string;
  /** Cash paid back in the shift (issue 23; absent on Z-reports frozen before refunds existed). */
  refunds?: RefundsBlock;
  /**
   * Entries of the shift the counter found written outside the app (their keyed tag does not
   * open: main/journal/head-anchor.ts), which its figures include; absent when none.
   */
  writtenOutside?: { seq: number; type: string }[];
}

export { Z_OUTSIDE_NAMED } from './shift-rules.ts';
