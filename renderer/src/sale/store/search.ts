import type { SearchResult } from '../../../../contract/counter.ts';
import type { City } from '../../../../contract/partner/resources.ts';
import { cairoDate as cairoToday } from '../../../../core/cairo-time.ts';
import { validSearchDate } from '../../search/dates.ts';
import type { OfferFilter, OfferSort } from '../../search/offers.ts';
import type { KeyValue, SaleRuntime } from './runtime.ts';
import { idle, type DataOf, type Load, type SliceOf } from './types.ts';

// Step 1: from, to, date, passengers, and the departures found.

export interface SearchedFor {
  origin: City;
  destination: City;
  date: string;
  passengers: number;
}

export interface SearchSlice {
  origin: City | null;
  destination: City | null;
  date: string;
  passengers: number;
  results: Load<SearchResult>;
  /** The parameters the shown results answer (the form may have changed since). */
  searchedFor: SearchedFor | null;
  sort: OfferSort;
  filter: OfferFilter;
  setOrigin(city: City | null): void;
  setDestination(city: City | null): void;
  swap(): void;
  setDate(date: string): void;
  setPassengers(n: number): void;
  runSearch(): Promise<void>;
  setSort(sort: OfferSort): void;
  setFilter(filter: Partial<OfferFilter>): void;
  /** The reference data is in: the station's usual origin is filled in when none is chosen. */
  prefillOrigin(): void;
}

const ORIGIN_KEY = 'shubbak.lastOrigin';

export function savedOrigin(rt: SaleRuntime): City | null {
  const id = rt.deps.lasting.getItem(ORIGIN_KEY);
  return (id && rt.deps.cities().find((c) => c.id === id)) || null;
}

const rememberOrigin = (store: KeyValue, city: City | null) => {
  if (city) store.setItem(ORIGIN_KEY, city.id);
};

export const searchInitial = (rt: SaleRuntime): DataOf<SearchSlice> => ({
  origin: null,
  destination: null,
  date: cairoToday(new Date(rt.deps.now())),
  passengers: 1,
  results: idle(),
  searchedFor: null,
  sort: 'time',
  filter: { operator: null, seatClass: null },
});

/** The last search's form, its date moved to a day still on sale. */
export function searchFormOf(rt: SaleRuntime, f: SearchedFor): Pick<SearchSlice, 'origin' | 'destination' | 'date' | 'passengers'> {
  const now = new Date(rt.deps.now());
  return { origin: f.origin, destination: f.destination, date: validSearchDate(f.date, now) ?? cairoToday(now), passengers: f.passengers };
}

export const searchSlice: SliceOf<SearchSlice> = (rt) => (set, get) => ({
  ...searchInitial(rt),

  setOrigin(city) {
    const s = get();
    const keepDestination = city && s.destination && city.id !== s.destination.id ? s.destination : null;
    set({ origin: city, destination: keepDestination });
    rememberOrigin(rt.deps.lasting, city);
  },
  setDestination(city) {
    set({ destination: city });
  },
  swap() {
    const { origin, destination } = get();
    set({ origin: destination, destination: origin });
    rememberOrigin(rt.deps.lasting, destination);
  },
  setDate(date) {
    set({ date });
  },
  setPassengers(n) {
    if (Number.isInteger(n) && n >= 1 && n <= 10) set({ passengers: n });
  },

  async runSearch() {
    const s = get();
    if (!s.origin) return s.focusOn('from');
    if (!s.destination) return s.focusOn('to');
    const date = validSearchDate(s.date, new Date(rt.deps.now()));
    if (!date) return s.focusOn('date');
    const seq = ++rt.searchSeq;
    const params = { origin: s.origin, destination: s.destination, date, passengers: s.passengers };
    set({ results: { status: 'loading', value: s.results.value, error: null }, filter: { operator: null, seatClass: null } });
    const r = await rt.api.search({ origin: params.origin.id, destination: params.destination.id, departureDate: date, passengers: params.passengers });
    if (seq !== rt.searchSeq) return;
    if (r.ok) {
      rt.deps.observeOffers(r.value.offers.map((o) => o.offer.expires_at));
      set({ results: { status: 'done', value: r.value, error: null }, searchedFor: params, step: 'search' });
      get().focusOn(r.value.offers.length ? 'results' : 'date');
    } else {
      set({ results: { status: 'error', value: null, error: r.error }, searchedFor: params });
    }
  },
  setSort(sort) {
    set({ sort });
  },
  setFilter(filter) {
    set((s) => ({ filter: { ...s.filter, ...filter } }));
  },

  prefillOrigin() {
    if (!get().origin) set({ origin: savedOrigin(rt) });
  },
});
