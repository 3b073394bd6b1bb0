import type { SaleOutcome, SaleStatus, SaleSummary } from '../../contract/counter.ts';
import type { AppError } from '../../contract/errors.ts';
import type { Booking } from '../../contract/partner/resources.ts';
import { currentShift, type Agent } from '../journal/agents.ts';
import type { OfferSummary, SaleIntent, SaleOutcomeEntry } from '../journal/entries.ts';
import type { Journal } from '../journal/journal.ts';

export interface SaleRow {
  sale_id: string;
  intent_seq: number;
  idempotency_key: string;
  request_body: string;
  fingerprint: string;
  environment: string;
  agent_id: string;
  shift_id: string;
  business_day: string;
  language: 'ar' | 'en';
  offer_id: string;
  operator_id: string | null;
  route: string;
  departure_at: string | null;
  passengers: number;
  net_total_minor: number;
  retail_total_minor: number;
  cash_tendered_minor: number;
  change_minor: number;
  summary: string;
  status: SaleStatus;
  booking_ref: string | null;
  booking: string | null;
  error: string | null;
  charged: number;
  cash_recorded: number;
  /** 1 while an attempt may have reached the API without its answer being recorded. */
  in_doubt: number;
  attempts: number;
  last_attempt_at: string | null;
  created_at: string;
  updated_at: string;
}

export type NewIntent = Omit<SaleIntent, 'agentId' | 'agentName' | 'shiftId' | 'businessDay'>;

const routeOf = (s: OfferSummary) => `${s.originName ?? '?'} → ${s.destinationName ?? '?'}`;

/** Sales in the journal: the entries that record them and the `sales` read model, kept together. */
export class SalesStore {
  readonly #journal: Journal;

  constructor(journal: Journal) {
    this.#journal = journal;
  }

  get(saleId: string): SaleRow | null {
    return (this.#journal.stmt('SELECT * FROM sales WHERE sale_id = ?').get(saleId) as SaleRow | undefined) ?? null;
  }

  /** Commits the intent (its key and exact body) before anything is sent. */
  recordIntent(intent: NewIntent, agent: Agent): SaleRow {
    const j = this.#journal;
    j.transaction(() => {
      const at = j.now();
      const shift = currentShift(j, agent, at);
      const payload: SaleIntent = { ...intent, agentId: agent.id, agentName: agent.name, ...shift };
      const e = j.append('sale.intent', payload, at);
      j
        .stmt(
          `INSERT INTO sales (sale_id, intent_seq, idempotency_key, request_body, fingerprint, environment, agent_id, shift_id,
             business_day, language, offer_id, operator_id, route, departure_at, passengers, net_total_minor, retail_total_minor,
             cash_tendered_minor, change_minor, summary, status, created_at, updated_at)
           VALUES (@saleId, @seq, @idempotencyKey, @requestBody, @fingerprint, @environment, @agentId, @shiftId,
             @businessDay, @language, @offerId, @operatorId, @route, @departureAt, @passengers, @netTotalMinor, @retailTotalMinor,
             @cashTenderedMinor, @changeMinor, @summary, 'sending', @at, @at)`,
        )
        .run({
          ...payload,
          seq: e.seq,
          operatorId: intent.offer.operatorId,
          route: routeOf(intent.offer),
          departureAt: intent.offer.departureAt,
          summary: JSON.stringify(intent.offer),
          at: e.at,
        });
    });
    return this.get(intent.saleId)!;
  }

  /** Committed before each POST /bookings: from here a crash leaves the sale in doubt. */
  markSending(saleId: string): { wasInDoubt: boolean } {
    const j = this.#journal;
    return j.transaction(() => {
      const row = this.get(saleId)!;
      j
        .stmt(
          "UPDATE sales SET in_doubt = 1, attempts = attempts + 1, last_attempt_at = ?, status = 'sending', updated_at = ? WHERE sale_id = ?",
        )
        .run(j.now().toISOString(), j.now().toISOString(), saleId);
      return { wasInDoubt: row.in_doubt === 1 };
    });
  }

  /** A poll of a pending booking (GET, no doubt involved). */
  markPolled(saleId: string): void {
    const now = this.#journal.now().toISOString();
    this.#journal.stmt('UPDATE sales SET attempts = attempts + 1, last_attempt_at = ?, updated_at = ? WHERE sale_id = ?').run(now, now, saleId);
  }

  /** No final answer yet: the sale stays open (read model only; resumed later). */
  markUnknown(saleId: string, error: AppError, inDoubt: boolean): void {
    const now = this.#journal.now().toISOString();
    this.#journal
      .stmt(
        "UPDATE sales SET status = CASE WHEN status = 'pending' THEN 'pending' ELSE 'unknown' END, error = ?, in_doubt = ?, updated_at = ? WHERE sale_id = ?",
      )
      .run(JSON.stringify(error), inDoubt ? 1 : 0, now, saleId);
  }

  /**
   * An answer from the API: a sale.outcome entry, and for a confirmed booking the cash taken
   * (cash.received), in one transaction. A repeated pending, or a second confirmation, adds nothing.
   */
  recordOutcome(o: SaleOutcomeEntry): SaleRow {
    const j = this.#journal;
    j.transaction(() => {
      const row = this.get(o.saleId)!;
      const repeat = (row.status === 'pending' && o.status === 'pending') || (row.status === 'confirmed' && o.status === 'confirmed');
      const now = j.now();
      if (!repeat) j.append('sale.outcome', o, now);
      j
        .stmt(
          'UPDATE sales SET status = ?, booking_ref = ?, booking = ?, error = ?, charged = ?, in_doubt = 0, updated_at = ? WHERE sale_id = ?',
        )
        .run(
          o.status,
          o.bookingReference,
          o.booking ? JSON.stringify(o.booking) : row.booking,
          o.error ? JSON.stringify(o.error) : null,
          o.charged ? 1 : 0,
          now.toISOString(),
          o.saleId,
        );
      if (o.status === 'confirmed' && row.cash_recorded === 0 && o.bookingReference) {
        const cash = j.append(
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
          now,
        );
        j.stmt(
            `INSERT INTO cash_movements (seq, kind, sale_id, agent_id, shift_id, business_day, amount_minor, tendered_minor, change_minor, at)
             VALUES (?, 'sale', ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(cash.seq, row.sale_id, row.agent_id, row.shift_id, row.business_day, row.retail_total_minor, row.cash_tendered_minor, row.change_minor, cash.at);
        j.stmt('UPDATE sales SET cash_recorded = 1 WHERE sale_id = ?').run(row.sale_id);
      }
    });
    return this.get(o.saleId)!;
  }

  /** Sales without a final answer: resumed on start and periodically. */
  unfinished(): SaleRow[] {
    return this.#journal
      .stmt("SELECT * FROM sales WHERE status IN ('sending', 'unknown', 'pending') ORDER BY intent_seq")
      .all() as SaleRow[];
  }

  list(page: { limit?: number | undefined; before?: number | undefined } = {}): SaleSummary[] {
    const rows = this.#journal
      .stmt('SELECT * FROM sales WHERE intent_seq < ? ORDER BY intent_seq DESC LIMIT ?')
      .all(page.before ?? Number.MAX_SAFE_INTEGER, page.limit ?? 50) as SaleRow[];
    return rows.map(summaryOf);
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
