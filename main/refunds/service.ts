// Refunds at the counter and the claims that follow them (issue 23). The money rule is in
// fold.ts; here the facts are gathered (the sale's own entries, the ticket as the API says it
// now, the agent's shift, a supervisor's PIN) and the refund.paid entry written, once per ticket.
import { randomUUID } from 'node:crypto';
import type { Booking } from '../../contract/partner/resources.ts';
import type { ClaimsView, RefundPolicy, RefundQuote, RefundSettings, RefundView } from '../../contract/refunds.ts';
import type { AgentDirectory } from '../agents/directory.ts';
import type { Clock } from '../clock.ts';
import { AppFailure } from '../failure.ts';
import { currentShift, type Agent } from '../journal/agents.ts';
import type { AgentRef, RefundPaid } from '../journal/entries.ts';
import type { Journal } from '../journal/journal.ts';
import type { PartnerClient } from '../partner/client.ts';
import { SalesStore } from '../selling/store.ts';
import { foldClaims, isCancelled, refundAmounts, ticketShares, type ClaimPart } from './fold.ts';
import { adjustmentLines, readWalletLines, walletLinesReadAt } from './wallet-lines.ts';

const MAX_REASON = 200;

export interface RefundServiceDeps {
  journal: Journal;
  client: Pick<PartnerClient, 'tickets' | 'transactions'>;
  agents: Pick<AgentDirectory, 'check'>;
  settings: () => RefundSettings;
  clock: Clock;
  log: (message: string, err?: unknown) => void;
}

/** A supervisor standing at the counter: their id and PIN, and why the station gives the money back. */
export interface Approval {
  supervisorId: string;
  pin: string;
  reason: string;
}

export interface RefundRequest {
  saleId: string;
  /** Tickets by passenger_index; absent: the whole booking (every ticket not yet refunded). */
  passengerIndexes?: number[] | undefined;
  approval?: Approval | undefined;
}

/** What the counter knows of a sale it made, as a refund needs it. */
interface SaleFacts {
  saleId: string;
  bookingReference: string;
  currency: string;
  tickets: number;
  names: { name: string; seat: string | null }[];
  cashMinor: number;
  netChargedMinor: number;
}

export class RefundService {
  readonly #d: RefundServiceDeps;

  constructor(deps: RefundServiceDeps) {
    this.#d = deps;
  }

  /** What a refund of this sale would pay, per ticket, and whether its departure was cancelled. */
  async quote(saleId: string): Promise<RefundQuote> {
    const sale = this.#sale(saleId);
    const ticket = await this.#ticketNow(sale);
    const retail = ticketShares(sale.cashMinor, sale.tickets);
    const refunded = this.#refundedTickets(sale.bookingReference);
    return {
      saleId,
      bookingReference: sale.bookingReference,
      currency: sale.currency,
      cancelled: ticket.cancelled,
      notice: ticket.notice,
      policy: this.#d.settings().policy,
      tickets: sale.names.map((p, i) => ({ passengerIndex: i, name: p.name, seat: p.seat, retailMinor: retail[i] ?? 0, refunded: refunded.has(i) })),
    };
  }

  /**
   * Pays the refund from the drawer of the agent's open shift. A cancelled departure is refunded
   * whole and claimable; otherwise only with a supervisor's PIN and reason, under the policy.
   */
  async refund(agent: Agent, req: RefundRequest): Promise<RefundView> {
    const sale = this.#sale(req.saleId);
    const indexes = req.passengerIndexes ? [...new Set(req.passengerIndexes)].sort((a, b) => a - b) : null;
    if (indexes?.some((i) => i < 0 || i >= sale.tickets)) {
      throw new AppFailure('invalid_argument', `Booking ${sale.bookingReference} has tickets 0 to ${sale.tickets - 1}`, { fields: [{ field: 'passengerIndexes', message: 'no such ticket' }] });
    }
    const ticket = await this.#ticketNow(sale);
    let approvedBy: AgentRef | null = null;
    let reason: string | null = null;
    let policy: RefundPolicy | null = null;
    if (!ticket.cancelled) {
      if (!req.approval) {
        throw new AppFailure('refund_needs_supervisor', `The departure of ${sale.bookingReference} was not cancelled: only a supervisor refunds it, under the station's policy`, {
          bookingReference: sale.bookingReference,
        });
      }
      reason = req.approval.reason.trim();
      if (reason.length === 0 || reason.length > MAX_REASON) {
        throw new AppFailure('invalid_argument', 'Say why the station gives the money back', { fields: [{ field: 'approval.reason', message: `1 to ${MAX_REASON} characters` }] });
      }
      const supervisor = await this.#d.agents.check(req.approval.supervisorId, req.approval.pin);
      if (supervisor.role !== 'supervisor') throw new AppFailure('forbidden_role', 'Only a supervisor approves a refund the station chooses to give');
      approvedBy = { agentId: supervisor.id, agentName: supervisor.name };
      policy = this.#d.settings().policy;
    }

    const j = this.#d.journal;
    return j.transaction(() => {
      // Checked again inside the write: another window of this counter may have refunded meanwhile.
      const refunded = this.#refundedTickets(sale.bookingReference);
      const wanted = indexes ?? Array.from({ length: sale.tickets }, (_, i) => i).filter((i) => !refunded.has(i));
      const twice = wanted.filter((i) => refunded.has(i));
      if (wanted.length === 0 || twice.length > 0) {
        throw new AppFailure('ticket_already_refunded', `Booking ${sale.bookingReference}: ticket ${(twice.length ? twice : [0]).map((i) => i + 1).join(', ')} was refunded already`, {
          bookingReference: sale.bookingReference,
        });
      }
      const at = this.#d.clock.now();
      const shift = currentShift(j, agent, at);
      const counted = j.stmt('SELECT counted_minor FROM shifts WHERE id = ?').get(shift.shiftId) as { counted_minor: number | null } | undefined;
      if (counted?.counted_minor != null) throw new AppFailure('conflict', 'The drawer was already counted for closing: no refund from it in this shift');
      const cause = ticket.cancelled ? 'cancelled' : 'station';
      const money = refundAmounts({ cashMinor: sale.cashMinor, netChargedMinor: sale.netChargedMinor, tickets: sale.tickets, indexes: wanted, cause, policy: policy ?? { kind: 'none' } });
      const payload: RefundPaid = {
        refundId: randomUUID(),
        saleId: sale.saleId,
        bookingReference: sale.bookingReference,
        passengerIndexes: wanted,
        wholeBooking: wanted.length === sale.tickets,
        cause,
        currency: sale.currency,
        ...money,
        reason,
        policy,
        approvedBy,
        agentId: agent.id,
        agentName: agent.name,
        shiftId: shift.shiftId,
        businessDay: shift.businessDay,
      };
      const entry = j.append('refund.paid', payload, { at, shiftId: shift.shiftId });
      return viewOf(payload, entry.at);
    });
  }

  /** A refund paid here, by its id. */
  view(refundId: string): RefundView {
    const row = this.#d.journal.stmt('SELECT seq FROM refunds WHERE refund_id = ?').get(refundId) as { seq: number } | undefined;
    if (!row) throw new AppFailure('not_found', `No refund ${refundId}`);
    const e = this.#d.journal.entry<'refund.paid'>(row.seq);
    return viewOf(e.payload, e.at);
  }

  /** The refunds of a sale, oldest first. */
  ofSale(saleId: string): RefundView[] {
    const rows = this.#d.journal.stmt('SELECT seq FROM refunds WHERE sale_id = ? ORDER BY seq').all(saleId) as { seq: number }[];
    return rows.map((r) => {
      const e = this.#d.journal.entry<'refund.paid'>(r.seq);
      return viewOf(e.payload, e.at);
    });
  }

  /**
   * Every claim of this counter against the wallet: the statement is read first (new lines
   * only); when it cannot be, the claims stand on the lines known, with the error.
   */
  async claims(): Promise<ClaimsView> {
    let statementError: string | null = null;
    try {
      await readWalletLines(this.#d.journal, this.#d.client);
    } catch (err) {
      this.#d.log('the wallet statement could not be read for the claims', err);
      statementError = err instanceof AppFailure ? err.error.code : 'network';
    }
    return { ...this.claimsKnown(), statementError };
  }

  /** The claims against the wallet lines already read (no call to the API). */
  claimsKnown(): ClaimsView {
    const j = this.#d.journal;
    const overdueDays = this.#d.settings().overdueDays;
    const parts = j.stmt('SELECT booking_ref AS bookingReference, claim_net_minor AS claimNetMinor, at FROM refunds WHERE claimable = 1').all() as ClaimPart[];
    const matches = (j.stmt('SELECT seq FROM claim_matches ORDER BY seq').all() as { seq: number }[]).map((r) => j.entry<'claim.matched'>(r.seq).payload);
    const fold = foldClaims({ parts, matches, lines: adjustmentLines(j), now: this.#d.clock.now(), overdueDays });
    fold.claims.sort((a, b) => (a.openedAt < b.openedAt ? 1 : a.openedAt > b.openedAt ? -1 : 0));
    return { ...fold, overdueDays, statementReadAt: walletLinesReadAt(j), statementError: null };
  }

  /** A supervisor matches an ADJUSTMENT listed apart to a claim; answers the claims after it. */
  matchByHand(by: Agent, transactionId: string, bookingReference: string, note: string | null): ClaimsView {
    const j = this.#d.journal;
    j.transaction(() => {
      const view = this.claimsKnown();
      const line = view.unmatched.find((u) => u.transactionId === transactionId);
      if (!line) throw new AppFailure('conflict', `Wallet line ${transactionId} is not an adjustment waiting to be matched`);
      if (!view.claims.some((c) => c.bookingReference === bookingReference)) throw new AppFailure('not_found', `No claim for booking ${bookingReference}`);
      j.append('claim.matched', { transactionId, bookingReference, amountMinor: line.amountMinor, at: line.at, by: { agentId: by.id, agentName: by.name }, note: note?.trim() || null });
    });
    return this.claimsKnown();
  }

  #refundedTickets(bookingReference: string): Set<number> {
    const rows = this.#d.journal.stmt('SELECT passenger_index FROM refunded_tickets WHERE booking_ref = ?').all(bookingReference) as { passenger_index: number }[];
    return new Set(rows.map((r) => r.passenger_index));
  }

  /** A confirmed sale of this counter that took cash: the only kind a counter refunds. */
  #sale(saleId: string): SaleFacts {
    const j = this.#d.journal;
    const row = new SalesStore(j).get(saleId);
    if (!row) throw new AppFailure('refund_not_sold_here', `Sale ${saleId} was not made at this counter: it is refunded where it was sold`);
    const cash = j.stmt("SELECT amount_minor FROM cash_movements WHERE kind = 'sale' AND sale_id = ?").get(saleId) as { amount_minor: number } | undefined;
    if (row.status !== 'confirmed' || !row.booking_ref || !cash) {
      throw new AppFailure('conflict', `Sale ${saleId} has no confirmed booking paid in cash: there is nothing to refund`);
    }
    const intent = j.entry<'sale.intent'>(row.intent_seq).payload;
    const booking = row.booking ? (JSON.parse(row.booking) as Booking) : null;
    const body = JSON.parse(intent.requestBody) as { passengers: { full_name: string; seat?: string }[] };
    const names = booking ? booking.passengers.map((p) => ({ name: p.full_name, seat: p.seat })) : body.passengers.map((p) => ({ name: p.full_name, seat: p.seat ?? null }));
    return {
      saleId,
      bookingReference: row.booking_ref,
      currency: intent.currency,
      tickets: names.length,
      names,
      cashMinor: cash.amount_minor,
      // The wallet DEBIT of the booking is what the API charged (the reconciliation checks they agree).
      netChargedMinor: booking?.total_charged.amount_minor ?? intent.netTotalMinor,
    };
  }

  /** The ticket as the API says it now; the last change recorded here when the API cannot be reached. */
  async #ticketNow(sale: SaleFacts): Promise<{ cancelled: boolean; notice: string | null }> {
    const recorded = this.#d.journal
      .stmt('SELECT kind, valid_for_travel, notice FROM trip_changes WHERE sale_id = ? ORDER BY seq DESC LIMIT 1')
      .get(sale.saleId) as { kind: string; valid_for_travel: number; notice: string | null } | undefined;
    try {
      const list = await this.#d.client.tickets(sale.bookingReference);
      return { cancelled: isCancelled({ validForTravel: list.valid_for_travel, notice: list.reason ?? null }), notice: list.reason ?? null };
    } catch (err) {
      this.#d.log(`reading the tickets of ${sale.bookingReference} for a refund failed; the last change recorded here stands`, err);
      if (!recorded) return { cancelled: false, notice: null };
      return { cancelled: isCancelled({ validForTravel: recorded.valid_for_travel === 1, notice: recorded.notice }, recorded.kind === 'cancelled'), notice: recorded.notice };
    }
  }
}

function viewOf(p: RefundPaid, at: string): RefundView {
  return {
    refundId: p.refundId,
    saleId: p.saleId,
    bookingReference: p.bookingReference,
    passengerIndexes: p.passengerIndexes,
    cause: p.cause,
    retailMinor: p.retailMinor,
    keptMinor: p.keptMinor,
    amountMinor: p.amountMinor,
    claimable: p.claimable,
    claimNetMinor: p.claimNetMinor,
    currency: p.currency,
    reason: p.reason,
    agentName: p.agentName,
    approvedBy: p.approvedBy?.agentName ?? null,
    at,
  };
}
