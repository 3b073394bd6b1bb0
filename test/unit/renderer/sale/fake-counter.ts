import { afterEach, beforeEach, vi } from 'vitest';
import type { Hold, PricedOffer, PrintResult, SaleOutcome, SalePrintState, SearchResult } from '../../../../contract/counter.ts';
import type { AppError, AppErrorCode } from '../../../../contract/errors.ts';
import type { City } from '../../../../contract/partner/resources.ts';
import { createSaleStore } from '../../../../renderer/src/sale/store/create.ts';
import type { KeyValue, SaleApi, SaleDeps } from '../../../../renderer/src/sale/store/runtime.ts';
import { pricedDetail, pricedOffers } from '../../../support/sale-fixtures.ts';

// A sale store driven with a fake `api` (each call a vi.fn answering what the test says) and
// fake everything else: the clock, the storage, the wallet refresh, the background watcher.

export const NOW = Date.parse('2026-07-01T09:00:00Z');
export const CAIRO: City = { id: 'cty_cai', name: 'Cairo', name_ar: 'القاهرة', country: 'EG' };
export const ALEX: City = { id: 'cty_alx', name: 'Alexandria', name_ar: 'الإسكندرية', country: 'EG' };

export const ok = <T>(value: T) => ({ ok: true as const, value });
export const fail = (code: AppErrorCode, extra: Partial<AppError> = {}) => ({ ok: false as const, error: { code, message: code, ...extra } });

export class MemoryStore implements KeyValue {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

export type FakeApi = { [K in keyof SaleApi]: ReturnType<typeof vi.fn<SaleApi[K]>> };

export const detail = pricedDetail('business2x2');
export const offer: PricedOffer = { ...pricedOffers(1)[0]!, offer: { ...pricedOffers(1)[0]!.offer, id: detail.offer.id } };
export const SEAT = detail.offer.seats.find((s) => s.available && s.class)!;
const SEAT_CLASS = SEAT.class ?? '';

export function holdOf(seats: string[], id = 'PH-1'): Hold {
  return {
    id,
    offer_id: detail.offer.id,
    seats: seats.length || 1,
    seats_requested: seats,
    fare_class: SEAT_CLASS,
    total: { amount_minor: SEAT.price.amount_minor * (seats.length || 1), currency: 'EGP' },
    expires_at: new Date(NOW + 20 * 60_000).toISOString(),
    status: 'held',
  };
}

/** What one seat of the fixture's class costs the traveller. */
export const SEAT_RETAIL = detail.retailByClass[SEAT_CLASS]!;

export const searchResult = (offers: PricedOffer[] = [offer]): SearchResult => ({
  offers,
  passengers: 1,
  departureDate: '2026-07-01',
  searchedAt: new Date(NOW).toISOString(),
});

export const printed = (kind: 'tickets' | 'receipt', status: 'sent' | 'failed' = 'sent'): PrintResult => ({
  printId: `print-${kind}`,
  printer: kind === 'tickets' ? 'TicketPDF' : 'ReceiptPDF',
  kind,
  status,
  error: status === 'failed' ? { code: 'print_failed', message: 'out of paper', retryable: true } : null,
  jobId: status === 'sent' ? `${kind === 'tickets' ? 'TicketPDF' : 'ReceiptPDF'}-7` : null,
});

export const printState = (status: SalePrintState['status'], kind: 'tickets' | 'receipt' = 'tickets'): SalePrintState => ({
  status,
  result: status === 'sent' || status === 'failed' ? printed(kind, status) : null,
});

export function outcomeOf(status: SaleOutcome['status'], extra: Partial<SaleOutcome> = {}): SaleOutcome {
  const confirmed = status === 'confirmed';
  return {
    saleId: 'sale-1',
    status,
    booking: null,
    error: status === 'failed' ? { code: 'provider_rejected', message: 'no' } : null,
    charged: status !== 'failed',
    retailTotalMinor: SEAT_RETAIL,
    netTotalMinor: SEAT.price.amount_minor,
    cashTenderedMinor: SEAT_RETAIL,
    changeMinor: 0,
    cashRecorded: confirmed,
    language: 'en',
    createdAt: new Date(NOW).toISOString(),
    prints: { tickets: printState(confirmed ? 'waiting' : 'none', 'tickets'), receipt: printState(confirmed ? 'waiting' : 'none', 'receipt') },
    ...extra,
  };
}

export function fakeCounter(opts: { session?: MemoryStore; lasting?: MemoryStore } = {}) {
  const api: FakeApi = {
    search: vi.fn<SaleApi['search']>(async () => ok(searchResult())),
    readOffer: vi.fn<SaleApi['readOffer']>(async () => ok(detail)),
    createHold: vi.fn<SaleApi['createHold']>(async (a) => ok(holdOf(a.seatsRequested ?? []))),
    releaseHold: vi.fn<SaleApi['releaseHold']>(async (a) => ok({ id: a.holdId, status: 'released' as const })),
    sell: vi.fn<SaleApi['sell']>(async () => ok(outcomeOf('confirmed'))),
    getSale: vi.fn<SaleApi['getSale']>(async () => ok(outcomeOf('confirmed'))),
    printTickets: vi.fn<SaleApi['printTickets']>(async () => ok(printed('tickets'))),
    printReceipt: vi.fn<SaleApi['printReceipt']>(async () => ok(printed('receipt'))),
  };
  let ids = 0;
  const session = opts.session ?? new MemoryStore();
  const lasting = opts.lasting ?? new MemoryStore();
  const deps = {
    api,
    now: () => NOW,
    observeOffers: vi.fn<SaleDeps['observeOffers']>(),
    observeHold: vi.fn<SaleDeps['observeHold']>(),
    newSaleId: () => `sale-${++ids}`,
    locale: () => 'en' as const,
    cities: () => [CAIRO, ALEX],
    refreshWallet: vi.fn<SaleDeps['refreshWallet']>(),
    handOver: vi.fn<SaleDeps['handOver']>(),
    lasting,
    session,
  } satisfies SaleDeps;
  const store = createSaleStore(deps);
  return { api, deps, session, lasting, store, get: () => store.getState() };
}

export type FakeCounter = ReturnType<typeof fakeCounter>;

/** The sale up to the payment step: the fixture's offer, one seat held, a traveller, the cash typed. */
export async function atPayment(c: FakeCounter, cash = String(SEAT_RETAIL / 100)): Promise<void> {
  await c.get().chooseOffer(offer);
  await c.get().pickSeats([SEAT.number]);
  c.get().toPassengers();
  c.get().setName(0, 'Mona Ahmed');
  c.get().setContact({ phone: '0101 234 5678' });
  c.get().toPayment();
  c.get().setCash(cash);
}

/** A fresh fake counter for each test of a file, on fake timers set to NOW. */
export function counterPerTest(onOpen: (c: FakeCounter) => void): void {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    onOpen(fakeCounter());
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
