// Money back, as pure functions of journal entries and wallet lines (issue 23): what a refund
// pays and claims, which tickets are refunded, the refunds block of a shift or a day, and the
// state of every claim against the ADJUSTMENT lines of the wallet. No I/O: the counter, its
// reports, the station and the benches all fold the same way.
import type { Claim, ClaimSettlement, ClaimsView, DayRefunds, RefundCause, RefundPolicy, RefundsBlock, UnmatchedAdjustment } from '../../contract/refunds.ts';
import type { ClaimMatched, RefundPaid } from '../journal/entries.ts';

const DAY_MS = 86_400_000;

/** The part of an entry the fold reads (a journal Entry fits, and so does a station row). */
export interface FoldEntry {
  type: string;
  at: string;
  payload: unknown;
}

/** A wallet statement line as the claims fold reads it (GET /wallet/transactions). */
export interface WalletLine {
  id: string;
  type: string;
  amount_minor: number;
  booking_ref?: string | null;
  reason?: string | null;
  created_at: string;
}

// ---- the rule of one refund ----------------------------------------------------------------

/**
 * A total split over the tickets of a booking: each gets the floor, the first ones the piastres
 * left over, so the shares of every ticket add up to the total exactly.
 */
export function ticketShares(totalMinor: number, tickets: number): number[] {
  if (tickets < 1) return [];
  const base = Math.floor(totalMinor / tickets);
  const left = totalMinor - base * tickets;
  return Array.from({ length: tickets }, (_, i) => base + (i < left ? 1 : 0));
}

// "cancel…", and Arabic إلغاء / ألغيت / ألغت / ملغاة / ملغى (any hamza, with or without its vowel):
// the letter after لغ tells them from بالغ (adult), بالغين and مبالغ (amounts).
const CANCELLED = /cancel|(?:[أإا]ُ?|مُ?)لغ(?:ا|ى|ت|ي(?!ن))/i;

/**
 * The operator cancelled the departure. In LIVE a confirmed ticket not valid for travel is a
 * cancelled departure (partner-api.md: the only such case; a failed booking has no tickets).
 * SANDBOX and TRAINING tickets are never valid for travel, so there the flag alone says nothing:
 * the notice must say so, or the counter recorded a `cancelled` trip change for it. A ticket
 * valid again is not cancelled, whatever was recorded.
 */
export function isCancelled(ticket: { validForTravel: boolean; notice: string | null }, environment: string, recordedCancelled = false): boolean {
  if (ticket.validForTravel) return false;
  return environment === 'LIVE' || recordedCancelled || (ticket.notice !== null && CANCELLED.test(ticket.notice));
}

/** What the station keeps of a refund it chooses to give, under its policy (never more than the retail). */
export function keptUnder(policy: RefundPolicy, retailMinor: number, tickets: number): number {
  const kept = policy.kind === 'none' ? 0 : policy.kind === 'percent' ? Math.round((retailMinor * policy.percent) / 100) : policy.feeMinor * tickets;
  return Math.min(retailMinor, Math.max(0, kept));
}

export interface RefundAmounts {
  retailMinor: number;
  keptMinor: number;
  amountMinor: number;
  claimable: boolean;
  claimNetMinor: number;
}

/**
 * The money of a refund of some tickets of a sale: the retail they paid (the sale's cash split
 * per ticket), what the station keeps, the cash out, and the NET claimed (the tickets' share of
 * the wallet debit) when the operator cancelled the departure.
 */
export function refundAmounts(input: { cashMinor: number; netChargedMinor: number; tickets: number; indexes: readonly number[]; cause: RefundCause; policy: RefundPolicy }): RefundAmounts {
  const retail = ticketShares(input.cashMinor, input.tickets);
  const net = ticketShares(input.netChargedMinor, input.tickets);
  const retailMinor = input.indexes.reduce((n, i) => n + (retail[i] ?? 0), 0);
  const claimable = input.cause === 'cancelled';
  const keptMinor = claimable ? 0 : keptUnder(input.policy, retailMinor, input.indexes.length);
  return {
    retailMinor,
    keptMinor,
    amountMinor: retailMinor - keptMinor,
    claimable,
    claimNetMinor: claimable ? input.indexes.reduce((n, i) => n + (net[i] ?? 0), 0) : 0,
  };
}

// ---- the refunds folded --------------------------------------------------------------------

export interface RefundRecord extends RefundPaid {
  at: string;
}

export interface RefundState {
  refunds: RefundRecord[];
  /** Booking reference → passenger index → the refund that paid it. */
  refunded: Map<string, Map<number, string>>;
  matches: ClaimMatched[];
}

/** Every refund and hand match among the entries, and which tickets are refunded. */
export function foldRefunds(entries: Iterable<FoldEntry>): RefundState {
  const state: RefundState = { refunds: [], refunded: new Map(), matches: [] };
  for (const e of entries) {
    if (e.type === 'refund.paid') {
      const p = e.payload as RefundPaid;
      state.refunds.push({ ...p, at: e.at });
      const tickets = state.refunded.get(p.bookingReference) ?? new Map<number, string>();
      for (const i of p.passengerIndexes) if (!tickets.has(i)) tickets.set(i, p.refundId);
      state.refunded.set(p.bookingReference, tickets);
    } else if (e.type === 'claim.matched') {
      state.matches.push(e.payload as ClaimMatched);
    }
  }
  return state;
}

/** The tickets among `indexes` already refunded for this booking. */
export function alreadyRefunded(state: Pick<RefundState, 'refunded'>, bookingReference: string, indexes: readonly number[]): number[] {
  const tickets = state.refunded.get(bookingReference);
  return tickets ? indexes.filter((i) => tickets.has(i)) : [];
}

export function emptyRefundsBlock(): RefundsBlock {
  return { count: 0, tickets: 0, amountMinor: 0, claimable: { count: 0, amountMinor: 0 }, notClaimable: { count: 0, amountMinor: 0 } };
}

/** The refunds block of a shift, a day or a station: count, tickets, cash out, claimable or not. */
export function refundsBlock(refunds: Iterable<Pick<RefundPaid, 'amountMinor' | 'claimable' | 'passengerIndexes'>>): RefundsBlock {
  const block = emptyRefundsBlock();
  for (const r of refunds) addToBlock(block, r);
  return block;
}

function addToBlock(block: RefundsBlock, r: Pick<RefundPaid, 'amountMinor' | 'claimable' | 'passengerIndexes'>): void {
  block.count += 1;
  block.tickets += r.passengerIndexes.length;
  block.amountMinor += r.amountMinor;
  const side = r.claimable ? block.claimable : block.notClaimable;
  side.count += 1;
  side.amountMinor += r.amountMinor;
}

/** Several blocks summed (a station's counters). */
export function sumRefundsBlocks(blocks: Iterable<RefundsBlock>): RefundsBlock {
  const sum = emptyRefundsBlock();
  for (const b of blocks) {
    sum.count += b.count;
    sum.tickets += b.tickets;
    sum.amountMinor += b.amountMinor;
    sum.claimable.count += b.claimable.count;
    sum.claimable.amountMinor += b.claimable.amountMinor;
    sum.notClaimable.count += b.notClaimable.count;
    sum.notClaimable.amountMinor += b.notClaimable.amountMinor;
  }
  return sum;
}

/** A day's money back: the refunds paid, the cash net of them, the day's ADJUSTMENT lines by whether they name a booking. */
export function dayRefunds(paid: RefundsBlock, cashReceivedMinor: number, dayLines: Iterable<WalletLine>): DayRefunds {
  const adjustments = { withReferenceMinor: 0, withoutReferenceMinor: 0, count: 0 };
  for (const t of dayLines) {
    if (t.type !== 'ADJUSTMENT') continue;
    adjustments.count += 1;
    if (t.booking_ref) adjustments.withReferenceMinor += t.amount_minor;
    else adjustments.withoutReferenceMinor += t.amount_minor;
  }
  return { paid, netCashMinor: cashReceivedMinor - paid.amountMinor, adjustments };
}

// ---- claims against the wallet ------------------------------------------------------------

/** A claimable refund as the claims fold reads it (one per refund, or one per booking already summed). */
export interface ClaimPart {
  bookingReference: string;
  claimNetMinor: number;
  at: string;
}

export interface ClaimsInput {
  parts: Iterable<ClaimPart>;
  /** Hand matches of supervisors (claim.matched entries). */
  matches: Iterable<ClaimMatched>;
  /** Wallet lines (any types; only ADJUSTMENT lines count, each transaction once). */
  lines: Iterable<WalletLine>;
  now: Date;
  overdueDays: number;
}

export type ClaimsFold = Pick<ClaimsView, 'claims' | 'unmatched' | 'totals'>;

/** Which claims a view lists (the totals always count them all), newest first, up to `limit`. */
export interface ClaimsFilter {
  status?: Claim['status'] | 'overdue' | 'all' | undefined;
  limit?: number | undefined;
}

/**
 * Every claim with what settled it: an ADJUSTMENT naming the booking goes to its claim; one
 * without a reference (or naming no claim) is listed apart, unless a supervisor matched it by
 * hand. A claim is settled when what came back equals the NET claimed, short below, over above.
 */
export function foldClaims(input: ClaimsInput, filter: ClaimsFilter = {}): ClaimsFold {
  const ledger = new ClaimsLedger();
  for (const p of input.parts) ledger.addPart(p);
  for (const t of input.lines) ledger.addLine(t);
  for (const m of input.matches) ledger.addMatch(m);
  return ledger.view(input.now, input.overdueDays, filter);
}

/**
 * The same fold, fed a fact at a time in any order (refunds, wallet lines, hand matches), so a
 * counter keeps it up to date as entries and statement lines arrive instead of refolding them all.
 */
export class ClaimsLedger {
  readonly #claims = new Map<string, Claim>();
  /** ADJUSTMENT lines seen, each counted once. */
  readonly #seen = new Set<string>();
  /** Lines matched to no claim by their reference, by id, and their ids by the reference they name. */
  readonly #apart = new Map<string, WalletLine>();
  readonly #apartByRef = new Map<string, Set<string>>();
  /** Hand matches that count (a line matched by hand once), by transaction, and those waiting for their claim. */
  readonly #byHand = new Map<string, ClaimMatched>();
  readonly #waiting: ClaimMatched[] = [];

  addPart(p: ClaimPart): void {
    const c = this.#claims.get(p.bookingReference);
    if (c) {
      c.claimedMinor += p.claimNetMinor;
      if (p.at < c.openedAt) c.openedAt = p.at;
      return;
    }
    const claim: Claim = { bookingReference: p.bookingReference, openedAt: p.at, claimedMinor: p.claimNetMinor, settledMinor: 0, status: 'open', overdue: false, settlements: [] };
    this.#claims.set(p.bookingReference, claim);
    // Lines that named this booking before its claim was known now settle it (and no hand match of them counts).
    for (const id of this.#apartByRef.get(p.bookingReference) ?? []) {
      const t = this.#apart.get(id)!;
      this.#apart.delete(id);
      this.#unHand(id);
      this.#settle(claim, { transactionId: t.id, amountMinor: t.amount_minor, at: t.created_at, byHand: false });
    }
    this.#apartByRef.delete(p.bookingReference);
    const waiting = this.#waiting.splice(0);
    for (const m of waiting) this.addMatch(m);
  }

  /** Whether a refund here or, linked, at another counter of the station claims for this booking. */
  hasClaim(bookingReference: string): boolean {
    return this.#claims.has(bookingReference);
  }

  addLine(t: WalletLine): void {
    if (t.type !== 'ADJUSTMENT' || this.#seen.has(t.id)) return;
    this.#seen.add(t.id);
    const claim = t.booking_ref ? this.#claims.get(t.booking_ref) : undefined;
    if (claim) {
      this.#unHand(t.id);
      this.#settle(claim, { transactionId: t.id, amountMinor: t.amount_minor, at: t.created_at, byHand: false });
      return;
    }
    this.#apart.set(t.id, t);
    if (t.booking_ref) {
      const ids = this.#apartByRef.get(t.booking_ref) ?? new Set<string>();
      ids.add(t.id);
      this.#apartByRef.set(t.booking_ref, ids);
    }
  }

  addMatch(m: ClaimMatched): void {
    const claim = this.#claims.get(m.bookingReference);
    if (!claim) {
      this.#waiting.push(m);
      return;
    }
    // A line matched by its own reference, or matched by hand already, is not matched again.
    if (this.#byHand.has(m.transactionId) || (this.#seen.has(m.transactionId) && !this.#apart.has(m.transactionId))) return;
    this.#byHand.set(m.transactionId, m);
    this.#settle(claim, { transactionId: m.transactionId, amountMinor: m.amountMinor, at: m.at, byHand: true });
  }

  /** The claims now: each one's status, whether overdue, the totals, and the lines apart. */
  view(now: Date, overdueDays: number, filter: ClaimsFilter = {}): ClaimsFold {
    const totals: ClaimsFold['totals'] = { open: 0, short: 0, settled: 0, over: 0, overdue: 0, claimedMinor: 0, settledMinor: 0, owedMinor: 0 };
    const overdueBefore = new Date(now.getTime() - overdueDays * DAY_MS).toISOString();
    const wanted = filter.status ?? 'all';
    const listed: Claim[] = [];
    for (const c of this.#claims.values()) {
      c.status = claimStatus(c.claimedMinor, c.settledMinor);
      c.overdue = (c.status === 'open' || c.status === 'short') && c.openedAt < overdueBefore;
      totals[c.status] += 1;
      if (c.overdue) totals.overdue += 1;
      totals.claimedMinor += c.claimedMinor;
      totals.settledMinor += c.settledMinor;
      totals.owedMinor += Math.max(0, c.claimedMinor - c.settledMinor);
      if (wanted === 'all' || (wanted === 'overdue' ? c.overdue : c.status === wanted)) listed.push(c);
    }
    const claims = newestFirst(listed, filter.limit ?? Number.POSITIVE_INFINITY).map((c) => ({ ...c, settlements: [...c.settlements] }));
    const unmatched: UnmatchedAdjustment[] = [];
    for (const t of this.#apart.values()) {
      if (!this.#byHand.has(t.id)) unmatched.push({ transactionId: t.id, amountMinor: t.amount_minor, bookingReference: t.booking_ref ?? null, reason: t.reason ?? null, at: t.created_at });
    }
    return { claims, unmatched, totals };
  }

  #settle(c: Claim, s: ClaimSettlement): void {
    c.settlements.push(s);
    c.settledMinor += s.amountMinor;
  }

  /** A hand match of a line that turns out to name a claim of its own no longer counts. */
  #unHand(transactionId: string): void {
    const m = this.#byHand.get(transactionId);
    if (!m) return;
    this.#byHand.delete(transactionId);
    const c = this.#claims.get(m.bookingReference)!;
    c.settlements = c.settlements.filter((s) => !(s.byHand && s.transactionId === transactionId));
    c.settledMinor -= m.amountMinor;
  }
}

/** The newest `limit` claims, newest first: a heap of the `limit` newest seen, then sorted (O(n log limit)). */
function newestFirst(claims: Claim[], limit: number): Claim[] {
  const byNewest = (a: Claim, b: Claim) => (a.openedAt < b.openedAt ? 1 : a.openedAt > b.openedAt ? -1 : a.bookingReference < b.bookingReference ? -1 : a.bookingReference > b.bookingReference ? 1 : 0);
  if (limit <= 0) return [];
  if (limit >= claims.length) return claims.sort(byNewest);
  // heap[0] is the oldest of the newest kept (the first to give way).
  const older = (i: number, j: number) => byNewest(heap[i]!, heap[j]!) > 0;
  const heap: Claim[] = [];
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j]!, heap[i]!]);
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let o = i;
      if (l < heap.length && older(l, o)) o = l;
      if (r < heap.length && older(r, o)) o = r;
      if (o === i) return;
      swap(i, o);
      i = o;
    }
  };
  for (const c of claims) {
    if (heap.length < limit) {
      heap.push(c);
      for (let i = heap.length - 1; i > 0 && older(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
    } else if (byNewest(c, heap[0]!) < 0) {
      heap[0] = c;
      down(0);
    }
  }
  return heap.sort(byNewest);
}

export function claimStatus(claimedMinor: number, settledMinor: number): Claim['status'] {
  if (settledMinor <= 0) return 'open';
  if (settledMinor < claimedMinor) return 'short';
  return settledMinor === claimedMinor ? 'settled' : 'over';
}
