// Refunds at the counter (issue 23; the claims that follow them: claims-service.ts). The money rule
// is in fold.ts; here the facts are gathered (the sale's own entries, the ticket as the API says it
// now, the agent's shift, a supervisor's PIN) and the refund.paid entry written, once per ticket.
import { randomUUID } from 'node:crypto';
import type { Booking } from '../../contract/partner/resources.ts';
import type { RefundPolicy, RefundQuote, RefundView } from '../../contract/refunds.ts';
import type { AgentDirectory } from '../agents/directory.ts';
import { AppFailure } from '../failure.ts';
import { currentShift, type Agent } from '../journal/agents.ts';
import type { AgentRef, RefundPaid } from '../journal/entries.ts';
import { claimOutSettled, claimOutTaken, refundedPassengers, refundEntriesOfSale, refundEntry } from '../journal/queries/refunds.ts';
import { giveBack, settleClaimsOut } from './claims-out.ts';
import { confirmedSaleOfReference, saleCash, saleRowOf } from '../journal/queries/sales.ts';
import { foundOutside } from '../journal/head-anchor.ts';
import { countedMinorOf } from '../journal/queries/shifts.ts';
import { lastTripChange } from '../journal/trip-changes.ts';
import type { PartnerClient } from '../partner/client.ts';
import { apiDidNotAnswer } from '../partner/problems.ts';
import type { ClaimsServiceDeps } from './claims-service.ts';
import { isCancelled, refundAmounts, ticketShares } from './fold.ts';
import { claimTickets, factsOf, refundedAtStation, refuseOnceLinked, saleAtStation, writtenOutsideFailure, type SaleFacts, type StationDatabase } from './station-gate.ts';

const MAX_REASON = 200;

/** A refund decided, about to be paid. */
interface Payment {
  refundId: string;
  wanted: number[];
  cancelled: boolean;
  approvedBy: AgentRef | null;
  reason: string | null;
  policy: RefundPolicy | null;
}

export interface RefundServiceDeps extends Omit<ClaimsServiceDeps, 'client'> {
  client: Pick<PartnerClient, 'tickets'>;
  agents: Pick<AgentDirectory, 'check'>;
}

/** A supervisor standing at the counter: their id and PIN, and why the station gives the money back. */
export interface Approval {
  supervisorId: string;
  pin: string;
  reason: string;
}

/** A sale of this counter by its id, or any sale of the station by its booking reference. */
export type SaleRef = { saleId: string; bookingReference?: undefined } | { saleId?: undefined; bookingReference: string };

export type RefundRequest = SaleRef & {
  /** Tickets by passenger_index; absent: the whole booking (every ticket not yet refunded). */
  passengerIndexes?: number[] | undefined;
  approval?: Approval | undefined;
};

export class RefundService {
  readonly #d: RefundServiceDeps;
  /** Refunds of this counter between their station claim and their entry (or give-back). */
  readonly #inFlight = new Set<string>();

  constructor(deps: RefundServiceDeps) {
    this.#d = deps;
  }

  /** What a refund of this sale would pay, per ticket, and whether its departure was cancelled. */
  async quote(ref: SaleRef): Promise<RefundQuote> {
    await settleClaimsOut(this.#d.journal, this.#station(), this.#inFlight, this.#d.log);
    const sale = await this.#sale(ref);
    const ticket = await this.#ticketNow(sale);
    const retail = ticketShares(sale.cashMinor, sale.tickets);
    const refunded = await this.#refundedTickets(sale);
    return {
      saleId: sale.saleId,
      otherCounter: sale.counterId !== this.#d.journal.counterId,
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
    await settleClaimsOut(this.#d.journal, this.#station(), this.#inFlight, this.#d.log);
    const sale = await this.#sale(req);
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
      const settings = this.#d.settings();
      if (settings.changedOutside) {
        throw new AppFailure('refund_settings_changed', 'The refund settings were changed outside the app: a supervisor checks the policy and saves it before the station gives money back', {
          bookingReference: sale.bookingReference,
        });
      }
      policy = settings.policy;
    }

    // The tickets wanted, and the station's claim on them first when linked: between two windows, its key decides.
    const before = await this.#refundedTickets(sale);
    const wanted = indexes ?? Array.from({ length: sale.tickets }, (_, i) => i).filter((i) => !before.has(i));
    alreadyRefundedGuard(sale.bookingReference, wanted, before);
    const refundId = randomUUID();
    const station = this.#station();
    this.#inFlight.add(refundId);
    try {
      return await this.#claimAndPay(agent, sale, station, { refundId, wanted, cancelled: ticket.cancelled, approvedBy, reason, policy });
    } finally {
      this.#inFlight.delete(refundId);
    }
  }

  async #claimAndPay(agent: Agent, sale: SaleFacts, station: StationDatabase | null, r: Payment): Promise<RefundView> {
    const { refundId } = r;
    let claimed = false;
    if (station) {
      claimOutTaken(this.#d.journal, { refundId, bookingReference: sale.bookingReference });
      const taken = await claimTickets(station, sale.bookingReference, r.wanted, refundId).catch((err: unknown) => {
        this.#offlineOrThrow(sale, station, err);
        this.#d.log(`the station database did not answer; ${sale.bookingReference} is refunded on what this counter knows`, err);
        return null;
      });
      if (taken && taken.length > 0) alreadyRefundedGuard(sale.bookingReference, taken, new Set(taken));
      claimed = taken !== null;
    }
    try {
      const paid = this.#pay(agent, sale, r);
      if (station) claimOutSettled(this.#d.journal, refundId);
      return paid;
    } catch (err) {
      if (station && claimed) await giveBack(this.#d.journal, station, refundId, this.#d.log);
      throw err;
    }
  }

  /** At start: the station's claims of refunds this counter never wrote, given back (see below) without waiting for a refund look. */
  giveBackLeftOut(): Promise<void> {
    return settleClaimsOut(this.#d.journal, this.#station(), this.#inFlight, this.#d.log);
  }

  /** Writes the refund.paid entry in the agent's shift, the tickets checked again inside the write. */
  #pay(agent: Agent, sale: SaleFacts, r: Payment): RefundView {
    const j = this.#d.journal;
    return j.transaction(() => {
      // Another window of this counter may have refunded meanwhile.
      alreadyRefundedGuard(sale.bookingReference, r.wanted, this.#refundedHere(sale.bookingReference));
      const at = this.#d.clock.now();
      const shift = currentShift(j, agent, at);
      if (countedMinorOf(j, shift.shiftId) !== null) throw new AppFailure('conflict', 'The drawer was already counted for closing: no refund from it in this shift');
      const cause = r.cancelled ? 'cancelled' : 'station';
      const money = refundAmounts({ cashMinor: sale.cashMinor, netChargedMinor: sale.netChargedMinor, tickets: sale.tickets, indexes: r.wanted, cause, policy: r.policy ?? { kind: 'none' } });
      const payload: RefundPaid = {
        refundId: r.refundId,
        saleId: sale.saleId,
        bookingReference: sale.bookingReference,
        passengerIndexes: r.wanted,
        wholeBooking: r.wanted.length === sale.tickets,
        saleCounterId: sale.counterId,
        travellers: r.wanted.map((i) => ({ passengerIndex: i, name: sale.names[i]?.name ?? '', seat: sale.names[i]?.seat ?? null })),
        route: sale.route,
        journey: sale.journey,
        cause,
        currency: sale.currency,
        ...money,
        reason: r.reason,
        policy: r.policy,
        approvedBy: r.approvedBy,
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
    const e = refundEntry(this.#d.journal, refundId);
    if (!e) throw new AppFailure('not_found', `No refund ${refundId}`);
    return viewOf(e.payload, e.at);
  }

  /** The refunds of a sale, oldest first. */
  ofSale(saleId: string): RefundView[] {
    return refundEntriesOfSale(this.#d.journal, saleId).map((e) => viewOf(e.payload, e.at));
  }

  #refundedHere(bookingReference: string): Set<number> {
    return new Set(refundedPassengers(this.#d.journal, bookingReference));
  }

  /** Refunded here, or at any counter of the station when linked (unreachable: what this counter knows). */
  async #refundedTickets(sale: SaleFacts): Promise<Set<number>> {
    const here = this.#refundedHere(sale.bookingReference);
    const station = this.#station();
    if (!station) {
      refuseOnceLinked(this.#d.journal, sale);
      return here;
    }
    const there = await refundedAtStation(station, sale.bookingReference).catch((err: unknown) => {
      this.#offlineOrThrow(sale, station, err);
      this.#d.log(`the station database did not answer for ${sale.bookingReference}; this counter's own refunds stand`, err);
      return new Set<number>();
    });
    return new Set([...here, ...there]);
  }

  /**
   * The station database did not answer: a counter goes on alone only for its own sale that the
   * station has not received yet (no other window can have refunded it). A sale shipped there,
   * or one this run cannot tell, waits for the station: its refunds at other windows are there.
   */
  #offlineOrThrow(sale: SaleFacts, station: StationDatabase, err: unknown): void {
    if (!(err instanceof AppFailure && err.error.code === 'station_unreachable')) throw err;
    if (sale.counterId !== this.#d.journal.counterId) throw err;
    const intentSeq = saleRowOf(this.#d.journal, sale.saleId)?.intent_seq ?? null;
    const acknowledged = station.acknowledged();
    if (intentSeq === null || acknowledged === null || intentSeq <= acknowledged) {
      throw new AppFailure(
        'station_unreachable',
        `${sale.bookingReference} is in the station database already and another window may have refunded it: refund it when the station database answers (${err.error.message})`,
        { retryable: true, bookingReference: sale.bookingReference },
      );
    }
  }

  #station(): StationDatabase | null {
    return this.#d.station?.() ?? null;
  }

  /**
   * A confirmed sale paid in cash: this counter's own (by id or reference), or another counter's
   * of the station read from the station database while linked.
   */
  async #sale(ref: SaleRef): Promise<SaleFacts> {
    this.#d.checkJournal?.(); // what was written by hand a moment ago is named before anything is decided on it
    const j = this.#d.journal;
    const row = ref.saleId !== undefined ? saleRowOf(j, ref.saleId) : confirmedSaleOfReference(j, ref.bookingReference);
    if (row) {
      const cash = saleCash(j, row.sale_id);
      if (row.status !== 'confirmed' || !row.booking_ref || cash === null) {
        throw new AppFailure('conflict', `Sale ${row.sale_id} has no confirmed booking paid in cash: there is nothing to refund`);
      }
      // what the traveller paid and for what: not paid back on entries this counter found written by hand
      const outside = [row.intent_seq, cash.seq].find(foundOutside(j));
      if (outside !== undefined) throw writtenOutsideFailure(row.booking_ref, j.counterId, outside);
      const booking = row.booking ? (JSON.parse(row.booking) as Booking) : null;
      return factsOf(j.entry<'sale.intent'>(row.intent_seq).payload, booking, cash.amountMinor, row.booking_ref, j.counterId);
    }
    const station = ref.bookingReference !== undefined ? this.#station() : null;
    if (!station) {
      throw new AppFailure('refund_not_sold_here', `${ref.bookingReference ?? ref.saleId} was not sold at this counter, and without the station database only the counter that sold it refunds it`);
    }
    const other = await saleAtStation(station, ref.bookingReference!).catch((err: unknown) => {
      // the station answered about the sale: said as it is; anything else is the station out of reach
      if (err instanceof AppFailure && ['station_sale_unverified', 'station_sale_invalid', 'sale_written_outside'].includes(err.error.code)) throw err;
      throw new AppFailure('refund_not_sold_here', `${ref.bookingReference} was not sold at this counter and the station database cannot be reached (${err instanceof AppFailure ? err.error.message : String(err)}): only the counter that sold it refunds it now`);
    });
    if (!other) throw new AppFailure('refund_not_sold_here', `No counter of this station sold ${ref.bookingReference} for cash: it cannot be refunded here`);
    return other;
  }

  /** The ticket as the API says it now; the last change recorded here when the API cannot be reached. */
  async #ticketNow(sale: SaleFacts): Promise<{ cancelled: boolean; notice: string | null }> {
    const recorded = lastTripChange(this.#d.journal, sale.saleId);
    try {
      const list = await this.#d.client.tickets(sale.bookingReference);
      return { cancelled: isCancelled({ validForTravel: list.valid_for_travel, notice: list.reason ?? null }, sale.environment, recorded?.kind === 'cancelled'), notice: list.reason ?? null };
    } catch (err) {
      // Only an API that does not answer leaves the last change recorded here standing; one that
      // answers "no such booking" (another environment's, or another account's) refuses the refund.
      if (!apiDidNotAnswer(err)) throw err;
      this.#d.log(`reading the tickets of ${sale.bookingReference} for a refund failed; the last change recorded here stands`, err);
      if (!recorded) return { cancelled: false, notice: null };
      return { cancelled: isCancelled({ validForTravel: recorded.validForTravel, notice: recorded.notice }, sale.environment, recorded.kind === 'cancelled'), notice: recorded.notice };
    }
  }
}

/** Refuses when any ticket wanted is in `refunded` (or nothing is wanted: all were refunded). */
function alreadyRefundedGuard(bookingReference: string, wanted: readonly number[], refunded: ReadonlySet<number>): void {
  const twice = wanted.filter((i) => refunded.has(i));
  if (wanted.length > 0 && twice.length === 0) return;
  const which = twice.length ? `ticket ${twice.map((i) => i + 1).join(', ')} was` : 'every ticket was';
  throw new AppFailure('ticket_already_refunded', `Booking ${bookingReference}: ${which} refunded already`, { bookingReference });
}

function viewOf(p: RefundPaid, at: string): RefundView {
  return {
    refundId: p.refundId,
    saleId: p.saleId,
    bookingReference: p.bookingReference,
    passengerIndexes: p.passengerIndexes,
    travellers: p.travellers,
    route: p.route,
    journey: p.journey ?? null,
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
