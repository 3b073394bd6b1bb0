import type { ShubbakApi } from '../../../../contract/api.ts';
import type { SaleOutcome, TicketLanguage } from '../../../../contract/counter.ts';
import type { City } from '../../../../contract/partner/resources.ts';

// What one sale store depends on (passed in, so unit tests drive a store with a fake `api`), and
// its clockwork: timers and sequence numbers, which are not drawn and so live outside the state.

/** The contract calls the sale flow makes. */
export type SaleApi = Pick<ShubbakApi, 'search' | 'readOffer' | 'createHold' | 'releaseHold' | 'sell' | 'getSale' | 'printTickets' | 'printReceipt'>;

export interface KeyValue {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SaleDeps {
  api: SaleApi;
  /** The Partner API's now, in milliseconds (the counter PC's clock may be off). */
  now(): number;
  /** Tell the clock what the service's timestamps say its now is. */
  observeOffers(expiries: readonly string[]): void;
  observeHold(expiresAt: string): void;
  newSaleId(): string;
  /** The UI language of this moment (the tickets' language unless the agent picks one). */
  locale(): TicketLanguage;
  /** The cities of the reference data (to find the station's usual origin). */
  cities(): readonly City[];
  refreshWallet(): void;
  /** Hands a sale the agent leaves to the background watcher (sale/watch-store.ts). */
  handOver(saleId: string, outcome: SaleOutcome | null, cashTenderedMinor: number): void;
  /** Kept across restarts: the station's usual origin. */
  lasting: KeyValue;
  /** Kept across a reload of the window: the sale on screen. */
  session: KeyValue;
}

export class SaleRuntime {
  /** Bumped when a hold, offer or search answer on its way has become stale. */
  holdSeq = 0;
  detailSeq = 0;
  searchSeq = 0;
  /** Bumped when the sale on screen is let go: late answers about it are ignored. */
  generation = 0;
  /** Bumped when the agent prints: an answer about prints asked for before it is older. */
  printEpoch = 0;
  #holdTimer: ReturnType<typeof setTimeout> | undefined;
  #pollTimer: ReturnType<typeof setTimeout> | undefined;

  readonly deps: SaleDeps;

  constructor(deps: SaleDeps) {
    this.deps = deps;
  }

  get api(): SaleApi {
    return this.deps.api;
  }

  armHoldTimer(ms: number, fn: () => void): void {
    this.clearHoldTimer();
    this.#holdTimer = setTimeout(fn, Math.max(0, ms));
  }

  clearHoldTimer(): void {
    if (this.#holdTimer) clearTimeout(this.#holdTimer);
    this.#holdTimer = undefined;
  }

  schedulePoll(ms: number, fn: () => void): void {
    this.stopPolling();
    this.#pollTimer = setTimeout(fn, ms);
  }

  stopPolling(): void {
    if (this.#pollTimer) clearTimeout(this.#pollTimer);
    this.#pollTimer = undefined;
  }

  /** The sale on screen is let go: nothing on its way about it may land any more. */
  forgetSale(): void {
    this.stopPolling();
    this.clearHoldTimer();
    ++this.generation;
    ++this.holdSeq;
    ++this.searchSeq;
    ++this.detailSeq;
  }
}
