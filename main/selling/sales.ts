// Selling: the intent is committed before POST /bookings goes out and the outcome after; a sale
// without a final answer is resumed (same key, same body) until it has one. What is sent:
// ./sale-request.ts; how often: ./send-policy.ts; what an answer records: ./outcome.ts; a sale
// found on the account by its travellers: ./account-match.ts.
import type { SaleOutcome, SaleSummary } from '../../contract/counter.ts';
import type { Clock, Sleep } from '../clock.ts';
import { AppFailure } from '../failure.ts';
import type { Agent } from '../journal/agents.ts';
import type { PartnerClient } from '../partner/client.ts';
import { bookingOfTravellers } from './account-match.ts';
import type { OfferBook } from './offers.ts';
import { isOpen, isRetryableFailure, recordVerdict } from './outcome.ts';
import { quoteSale } from './quote.ts';
import { bookingBodyOf, fingerprintOf, idempotencyKeyOf, type SellArgs } from './sale-request.ts';
import { DEFAULT_SEND_POLICY, KEY_RETENTION_MS, waitBeforeResend, type SendPolicy } from './send-policy.ts';
import { outcomeOf, summaryOf, type SaleRow, type SalesStore } from './store.ts';
import { bookingVerdict, errorVerdict, type Verdict } from './verdict.ts';

/** Named moments of a sale, for crash tests (a fixture kills the process at one). */
export type FaultPoint = 'after-intent' | 'before-send' | 'after-send';

export interface SaleServiceDeps {
  store: SalesStore;
  client: PartnerClient;
  offers: OfferBook;
  clock: Clock;
  sleep: Sleep;
  agent: () => Agent;
  environment: string;
  /** The counter's name as it is now: each sale records the name it was sold under. */
  station: () => string;
  log: (message: string, err?: unknown) => void;
  policy?: SendPolicy;
  faults?: (point: FaultPoint) => void;
  /** A getSale of an open sale asks the API again at most this often. */
  pollEveryMs?: number;
  /** Told of every sale the API confirmed (main prints it: main/printing/follower.ts). */
  onConfirmed?: (saleId: string) => void;
}

/** One sale is worked on by one caller at a time, so a double press waits for and returns the first. */
export class SaleService {
  readonly #d: SaleServiceDeps;
  readonly #policy: SendPolicy;
  readonly #locks = new Map<string, Promise<unknown>>();
  /** When each pending booking was last asked about (a GET: not a fact for the journal). */
  readonly #polledAt = new Map<string, number>();
  #timer: NodeJS.Timeout | null = null;
  #resuming: Promise<void> | null = null;
  #closed = false;

  constructor(deps: SaleServiceDeps) {
    this.#d = deps;
    this.#policy = deps.policy ?? DEFAULT_SEND_POLICY;
  }

  sell(args: SellArgs): Promise<SaleOutcome> {
    return this.#exclusive(args.saleId, () => this.#sell(args));
  }

  /** The sale as recorded; an open one is asked about once more (not more often than pollEveryMs). */
  async getSale(saleId: string): Promise<SaleOutcome> {
    const row = this.#d.store.get(saleId);
    if (!row) throw new AppFailure('not_found', `No sale ${saleId}`);
    if (!isOpen(row) || this.#locks.has(saleId) || this.#closed) return outcomeOf(row);
    const last = Math.max(row.last_attempt_at ? Date.parse(row.last_attempt_at) : 0, this.#polledAt.get(saleId) ?? 0);
    if (this.#d.clock.now().getTime() - last < (this.#d.pollEveryMs ?? 2_000)) return outcomeOf(row);
    return this.#exclusive(saleId, () => this.#continue(this.#d.store.get(saleId)!));
  }

  /**
   * A supervisor's answer to a sale stuck without a final answer: `ask` the API again now (the
   * same key and body), or `abandon` it when the API never received it: nothing is pending there,
   * no attempt may still land (the last one was answered, or the API's 24-hour key retention has
   * passed since it), and no booking of its travellers is on the account since the sale began.
   */
  async resolve(saleId: string, action: 'ask' | 'abandon', reason: string, by: Agent): Promise<SaleOutcome> {
    const row = this.#d.store.get(saleId);
    if (!row) throw new AppFailure('not_found', `No sale ${saleId}`);
    if (!isOpen(row)) throw new AppFailure('conflict', `Sale ${saleId} has its final answer (${row.status})`);
    if (action === 'ask') return this.#exclusive(saleId, () => this.#continue(this.#d.store.get(saleId)!));
    if (row.status === 'pending') throw new AppFailure('conflict', `The API has booking ${row.booking_ref ?? ''} of this sale: it will be confirmed or failed, not abandoned`);
    const since = Date.parse(row.last_attempt_at ?? row.created_at);
    if (row.in_doubt === 1 && this.#d.clock.now().getTime() - since < KEY_RETENTION_MS) {
      throw new AppFailure('conflict', 'An attempt of this sale may still reach the API: ask again (same key) until 24 hours after the last attempt', { retryable: true });
    }
    const { booking, checked } = await bookingOfTravellers(this.#d.client, row);
    if (booking) throw new AppFailure('conflict', `Booking ${booking.id} on the account has this sale's travellers: it is not abandoned`, { bookingReference: booking.id });
    const why = reason.trim();
    this.#d.store.recordAbandoned({ saleId, reason: why, by: { agentId: by.id, agentName: by.name }, bookingsChecked: checked });
    this.#d.log(`sale ${saleId} abandoned by ${by.name} after ${checked} account bookings checked: ${why}`);
    return outcomeOf(this.#d.store.get(saleId)!);
  }

  listSales(page?: { limit?: number | undefined; before?: number | undefined }): SaleSummary[] {
    return this.#d.store.list(page);
  }

  /** Journals a hold taken for a customer (an abandoned one shows on the Z-report). */
  holdTaken(hold: { id: string; offer_id: string; seats: number; expires_at: string | null }, agent: Agent): void {
    this.#d.store.recordHold({ holdId: hold.id, offerId: hold.offer_id, seats: hold.seats, expiresAt: hold.expires_at }, agent);
  }

  holdReleased(holdId: string, agent: Agent): void {
    this.#d.store.recordHoldReleased(holdId, agent);
  }

  /** Sales still without a final answer, oldest first. */
  openSales(): SaleSummary[] {
    return this.#d.store.unfinished().map(summaryOf);
  }

  /** Resumes every open sale once (on start, periodically, on demand). */
  resumeAll(): Promise<void> {
    this.#resuming ??= (async () => {
      for (const row of this.#d.store.unfinished()) {
        if (this.#closed) break;
        if (this.#locks.has(row.sale_id)) continue;
        await this.#exclusive(row.sale_id, () => this.#continue(this.#d.store.get(row.sale_id)!)).catch((err: unknown) =>
          this.#d.log(`resuming sale ${row.sale_id} failed`, err),
        );
      }
    })().finally(() => {
      this.#resuming = null;
    });
    return this.#resuming;
  }

  /** Resume now, then every `everyMs`. */
  startResuming(everyMs = 15_000): void {
    const run = () => void this.resumeAll().catch((err: unknown) => this.#d.log('resuming sales failed', err));
    run();
    this.#timer = setInterval(run, everyMs);
    this.#timer.unref();
  }

  /** Stops resuming and waits (bounded) for sales being worked on. */
  async close(waitMs = 10_000): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearInterval(this.#timer);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.#locks.values()]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, waitMs);
      }),
    ]);
    clearTimeout(timer);
  }

  #exclusive<T>(saleId: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.#locks.get(saleId) ?? Promise.resolve();
    const next = prev.catch(() => undefined).then(fn);
    this.#locks.set(saleId, next);
    const release = () => {
      if (this.#locks.get(saleId) === next) this.#locks.delete(saleId);
    };
    next.then(release, release);
    return next;
  }

  async #sell(args: SellArgs): Promise<SaleOutcome> {
    const fingerprint = fingerprintOf(args);
    const existing = this.#d.store.get(args.saleId);
    if (existing) {
      if (existing.fingerprint !== fingerprint) {
        throw new AppFailure('conflict', `Sale ${args.saleId} was already made with other details`);
      }
      if (isOpen(existing) || isRetryableFailure(existing)) return this.#continue(existing, true);
      return outcomeOf(existing);
    }
    if (this.#closed) throw new AppFailure('not_configured', 'The counter is switching environment; try again');
    const quote = await quoteSale(this.#d.client, this.#d.offers, args);
    if (args.cashTenderedMinor < quote.retailTotalMinor) {
      throw new AppFailure('invalid_argument', `Cash tendered ${args.cashTenderedMinor} is less than the retail total ${quote.retailTotalMinor}`, {
        fields: [{ field: 'cashTenderedMinor', message: `at least ${quote.retailTotalMinor}` }],
      });
    }
    const row = this.#d.store.recordIntent(
      {
        saleId: args.saleId,
        idempotencyKey: idempotencyKeyOf(args.saleId),
        // The class quoted is sent, named or not: the API charges what the traveller was told, whatever its own default.
        requestBody: bookingBodyOf({ ...args, fareClass: args.fareClass ?? quote.fareClass ?? undefined }),
        fingerprint,
        environment: this.#d.environment,
        station: this.#d.station(),
        language: args.language,
        offerId: args.offerId,
        passengers: args.passengers.length,
        currency: 'EGP',
        netPerSeatMinor: quote.netPerSeatMinor,
        netTotalMinor: quote.netTotalMinor,
        retailPerSeatMinor: quote.retailPerSeatMinor,
        retailTotalMinor: quote.retailTotalMinor,
        cashTenderedMinor: args.cashTenderedMinor,
        changeMinor: args.cashTenderedMinor - quote.retailTotalMinor,
        markupRuleId: quote.markupRuleId,
        offer: quote.summary,
        printOnConfirm: true,
      },
      this.#d.agent(),
    );
    this.#d.faults?.('after-intent');
    return this.#continue(row);
  }

  /**
   * One round of work on a sale: poll a pending booking, or (re)send the booking request. A sale
   * that has its final answer is left alone, unless the agent sends a refused one again.
   */
  async #continue(row: SaleRow, agentRetry = false): Promise<SaleOutcome> {
    if (!isOpen(row) && !(agentRetry && isRetryableFailure(row))) return outcomeOf(row);
    if (row.status === 'pending' && row.booking_ref) return this.#poll(row, row.booking_ref);
    if (row.in_doubt === 1 && this.#d.clock.now().getTime() - Date.parse(row.last_attempt_at ?? row.created_at) >= KEY_RETENTION_MS) {
      // The API may have forgotten the key: sending again could book twice. Look on the account.
      const { booking } = await bookingOfTravellers(this.#d.client, row).catch(() => ({ booking: null }));
      if (booking) return this.#record(row.sale_id, bookingVerdict(booking), true);
      this.#d.log(`sale ${row.sale_id} is in doubt past the API's key retention and not on the account: a supervisor may abandon it`);
      return outcomeOf(row);
    }
    return this.#send(row);
  }

  async #poll(row: SaleRow, reference: string): Promise<SaleOutcome> {
    this.#polledAt.set(row.sale_id, this.#d.clock.now().getTime());
    let verdict: Verdict;
    try {
      verdict = bookingVerdict(await this.#d.client.booking(reference));
    } catch (err) {
      this.#d.log(`polling booking ${reference} of sale ${row.sale_id} failed`, err);
      return outcomeOf(this.#d.store.get(row.sale_id)!);
    }
    return this.#record(row.sale_id, verdict, true);
  }

  async #send(row: SaleRow): Promise<SaleOutcome> {
    let inDoubt = row.in_doubt === 1;
    let waited = 0;
    let verdict: Verdict;
    // Ends when there is nothing more to wait for: a final answer, the sends or the wait budget used up, the service closing.
    for (let send = 1; ; send++) {
      this.#d.store.markSending(row.sale_id);
      this.#d.faults?.('before-send');
      try {
        const answer = await this.#d.client.createBooking(row.idempotency_key, row.request_body);
        verdict = bookingVerdict(answer.booking);
      } catch (err) {
        verdict = errorVerdict(err);
      }
      this.#d.faults?.('after-send');
      if (verdict.kind === 'open') inDoubt = true;
      const wait = this.#closed ? null : waitBeforeResend(this.#policy, verdict, send, waited);
      if (wait === null) break;
      waited += wait;
      await this.#d.sleep(wait);
    }
    if (verdict.kind === 'refused' && !inDoubt) {
      // Nothing was done by any attempt: a final, uncharged failure the agent may retry.
      verdict = { kind: 'failed', error: verdict.error, booking: null };
    }
    return this.#record(row.sale_id, verdict, inDoubt);
  }

  #record(saleId: string, v: Verdict, inDoubt: boolean): Promise<SaleOutcome> {
    return recordVerdict({ store: this.#d.store, client: this.#d.client, onConfirmed: this.#d.onConfirmed }, saleId, v, inDoubt);
  }
}
