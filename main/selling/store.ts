import type { SaleOutcome, SaleSummary } from '../../contract/counter.ts';
import { openSaleRows, saleRowOf, saleRowsBefore, type SaleRow } from '../journal/queries/sales.ts';
import type { AppError } from '../../contract/errors.ts';
import type { Booking } from '../../contract/partner/resources.ts';
import { currentShift, type Agent } from '../journal/agents.ts';
import { AppFailure } from '../failure.ts';
import { canonicalJson } from '../../core/canonical-json.ts';
import type { HoldTaken, SaleAbandoned, SaleIntent, SaleOutcomeEntry } from '../journal/entries.ts';
import type { Journal } from '../journal/journal.ts';

export type { SaleRow };

export type NewIntent = Omit<SaleIntent, 'agentId' | 'agentName' | 'shiftId' | 'businessDay'>;

/**
 * Sales in the journal: every fact about a sale is an entry (intent, attempt, unanswered, outcome,
 * cash), and the `sales` read model follows from them (main/journal/read-models.ts). This class
 * decides which entries a moment of the sale writes; it never writes the read model itself.
 */
export class SalesStore {
  readonly #journal: Journal;

  constructor(journal: Journal) {
    this.#journal = journal;
  }

  get(saleId: string): SaleRow | null {
    return saleRowOf(this.#journal, saleId);
  }

  /**
   * Commits the intent (its key and exact body) before anything is sent. Its fsync is the one of
   * the attempt (markSending), which is always committed before POST /bookings: two durable
   * commits per sale (attempt, outcome), with the intent on disk before the booking is sent.
   */
  recordIntent(intent: NewIntent, agent: Agent): SaleRow {
    const j = this.#journal;
    j.transactionFlushedByNext(() => {
      // The intent's row is folded after its commit (journal/held-back.ts): a second intent is refused here, not by the fold.
      if (this.get(intent.saleId)) throw new AppFailure('conflict', `Sale ${intent.saleId} already has its intent`);
      const at = j.now();
      const shift = currentShift(j, agent, at);
      const payload: SaleIntent = { ...intent, agentId: agent.id, agentName: agent.name, ...shift };
      j.append('sale.intent', payload, { at, shiftId: shift.shiftId });
    });
    return this.get(intent.saleId)!;
  }

  /** Committed before each POST /bookings: from here a crash leaves the sale in doubt. */
  markSending(saleId: string): { wasInDoubt: boolean } {
    const j = this.#journal;
    return j.transaction(() => {
      const row = this.#existing(saleId);
      j.append('sale.attempt', { saleId, attempt: row.attempts + 1 }, { shiftId: row.shift_id });
      return { wasInDoubt: row.in_doubt === 1 };
    });
  }

  /**
   * No final answer yet: the sale stays open and is resumed later. Written when something changed
   * (status, error, doubt), so a sale retried for hours does not fill the journal with repeats.
   */
  markUnknown(saleId: string, error: AppError, inDoubt: boolean): void {
    const j = this.#journal;
    j.transaction(() => {
      const row = this.#existing(saleId);
      const status = row.status === 'pending' ? 'pending' : 'unknown';
      const same = row.status === status && row.in_doubt === (inDoubt ? 1 : 0) && row.error === canonicalJson(error);
      if (!same) j.append('sale.unanswered', { saleId, error, inDoubt }, { shiftId: row.shift_id });
    });
  }

  /**
   * An answer from the API: a sale.outcome entry, and for a confirmed booking the cash taken
   * (cash.received), in one transaction. A repeated answer that changes nothing adds nothing.
   */
  recordOutcome(o: SaleOutcomeEntry): SaleRow {
    const j = this.#journal;
    j.transaction(() => {
      const row = this.#existing(o.saleId);
      const repeat = row.status === o.status && (o.status === 'pending' || o.status === 'confirmed') && row.in_doubt === 0;
      const at = j.now();
      if (!repeat) j.append('sale.outcome', o, { at, shiftId: row.shift_id });
      if (o.status === 'confirmed' && row.cash_recorded === 0 && o.bookingReference) {
        j.append(
          'cash.received',
          {
            saleId: row.sale_id,
            bookingReference: o.bookingReference,
            agentId: row.agent_id,
            shiftId: row.shift_id,
            businessDay: row.business_day,
            amountMinor: row.retail_total_minor,
            tenderedMinor: row.cash_tendered_minor,
            changeMinor: row.change_minor,
            currency: 'EGP',
          },
          { at, shiftId: row.shift_id },
        );
      }
    });
    return this.get(o.saleId)!;
  }

  /** Seats held for a customer, in the agent's shift (the Z-report counts the abandoned ones). */
  recordHold(h: Omit<HoldTaken, 'agentId'>, agent: Agent): void {
    const j = this.#journal;
    j.transaction(() => {
      const at = j.now();
      const shift = currentShift(j, agent, at);
      j.append('hold.taken', { ...h, agentId: agent.id }, { at, shiftId: shift.shiftId });
    });
  }

  recordHoldReleased(holdId: string, agent: Agent): void {
    const j = this.#journal;
    j.transaction(() => {
      const at = j.now();
      j.append('hold.released', { holdId, agentId: agent.id }, { at, shiftId: currentShift(j, agent, at).shiftId });
    });
  }

  /** A supervisor closes a sale the API never received (see SaleService.resolve). */
  recordAbandoned(a: SaleAbandoned): SaleRow {
    const j = this.#journal;
    j.transaction(() => {
      const row = this.#existing(a.saleId);
      j.append('sale.abandoned', a, { at: j.now(), shiftId: row.shift_id });
    });
    return this.get(a.saleId)!;
  }

  /** Sales without a final answer: resumed on start and periodically. */
  unfinished(): SaleRow[] {
    return openSaleRows(this.#journal);
  }

  list(page: { limit?: number | undefined; before?: number | undefined } = {}): SaleSummary[] {
    const rows = saleRowsBefore(this.#journal, page.before ?? Number.MAX_SAFE_INTEGER, page.limit ?? 50);
    return rows.map(summaryOf);
  }

  #existing(saleId: string): SaleRow {
    const row = this.get(saleId);
    if (!row) throw new AppFailure('not_found', `No sale ${saleId}`);
    return row;
  }
}

export function outcomeOf(row: SaleRow): SaleOutcome {
  return {
    saleId: row.sale_id,
    status: row.status,
    booking: row.booking ? (JSON.parse(row.booking) as Booking) : null,
    error: row.error ? (JSON.parse(row.error) as AppError) : null,
    charged: row.charged === 1,
    retailTotalMinor: row.retail_total_minor,
    netTotalMinor: row.net_total_minor,
    cashTenderedMinor: row.cash_tendered_minor,
    changeMinor: row.change_minor,
    cashRecorded: row.cash_recorded === 1,
    language: row.language,
    createdAt: row.created_at,
    prints: { tickets: { status: 'none', result: null }, receipt: { status: 'none', result: null } },
  };
}

export function summaryOf(row: SaleRow): SaleSummary {
  return {
    seq: row.intent_seq,
    saleId: row.sale_id,
    status: row.status,
    bookingReference: row.booking_ref,
    route: row.route,
    departureAt: row.departure_at,
    passengers: row.passengers,
    retailTotalMinor: row.retail_total_minor,
    netTotalMinor: row.net_total_minor,
    createdAt: row.created_at,
  };
}
