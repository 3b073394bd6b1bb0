import { create } from 'zustand';
import type { Hold, PricedOffer, PricedOfferDetail, PrintResult, SaleOutcome, SearchResult, TicketLanguage } from '../../../contract/counter.ts';
import type { AppError } from '../../../contract/errors.ts';
import type { City } from '../../../contract/partner/resources.ts';
import { api } from '../api.ts';
import { useLocale } from '../i18n/index.ts';
import { useShell } from '../shell/store.ts';
import { apiNow, observeHold, observeOffers } from './clock.ts';
import { usePendingWatch } from './pending-watch.ts';
import { cheapestClass, changeDue, parseCash, retailTotal } from './money.ts';
import { checkEmail, checkPhone, cleanName } from './phone.ts';
import { cairoDate as cairoToday } from '../../../core/cairo-time.ts';
import { validSearchDate } from '../search/dates.ts';
import type { OfferFilter, OfferSort } from '../search/offers.ts';

// One sale, from the search to the printed tickets. The store owns every call the flow makes,
// so the screens stay drawings of this state and the keyboard and the mouse do the same things.

export type Step = 'search' | 'seats' | 'passengers' | 'payment' | 'outcome';
export const STEPS: readonly Step[] = ['search', 'seats', 'passengers', 'payment', 'outcome'];

/** Where the agent types next; screens focus the matching control when `seq` changes. */
export type FocusTarget =
  | 'from'
  | 'to'
  | 'date'
  | 'passengers'
  | 'results'
  | 'seat-input'
  | 'seat-continue'
  | 'class'
  | 'name'
  | 'contact-name'
  | 'phone'
  | 'email'
  | 'cash'
  | 'confirm'
  | 'repick'
  | 'search-again'
  | 'outcome';

export interface Load<T> {
  status: 'idle' | 'loading' | 'done' | 'error';
  value: T | null;
  error: AppError | null;
}
const idle = <T>(): Load<T> => ({ status: 'idle', value: null, error: null });

export type HoldState =
  | { status: 'none' }
  | { status: 'holding'; seats: string[] }
  | { status: 'held'; hold: Hold }
  | { status: 'expired'; seats: string[] }
  | { status: 'error'; seats: string[]; error: AppError };

export type PrintState = { status: 'idle' | 'printing' } | { status: 'sent'; result: PrintResult } | { status: 'failed'; error: AppError };

export type PassengerField = `name-${number}` | 'contact-name' | 'phone' | 'email';
export type FieldProblem = 'required' | 'too_long' | 'eg_mobile' | 'intl' | 'chars' | 'email';

const ORIGIN_KEY = 'shubbak.lastOrigin';

interface SaleData {
  step: Step;
  focus: { target: FocusTarget; index: number; seq: number };
  // the search
  origin: City | null;
  destination: City | null;
  date: string;
  passengers: number;
  results: Load<SearchResult>;
  /** The parameters the shown results answer (the form may have changed since). */
  searchedFor: { origin: City; destination: City; date: string; passengers: number } | null;
  sort: OfferSort;
  filter: OfferFilter;
  // the chosen departure and seats
  offer: PricedOffer | null;
  detail: Load<PricedOfferDetail>;
  seats: string[];
  seatNote: 'class_changed' | 'replaced_oldest' | 'seats_taken' | null;
  classFilter: string | null;
  /** Fare class chosen for an operator that assigns seats at boarding. */
  fareClass: string | null;
  hold: HoldState;
  // passengers
  names: string[];
  contactName: string;
  contactNameEdited: boolean;
  phone: string;
  email: string;
  /** null: the ticket language follows the UI language. */
  language: TicketLanguage | null;
  showProblems: boolean;
  // payment
  cash: string;
  saleId: string | null;
  sending: boolean;
  sendError: AppError | null;
  outcome: SaleOutcome | null;
  prints: { tickets: PrintState; receipt: PrintState };
}

interface SaleActions {
  focusOn(target: FocusTarget, index?: number): void;
  setOrigin(city: City | null): void;
  setDestination(city: City | null): void;
  swap(): void;
  setDate(date: string): void;
  setPassengers(n: number): void;
  runSearch(): Promise<void>;
  setSort(sort: OfferSort): void;
  setFilter(filter: Partial<OfferFilter>): void;
  chooseOffer(offer: PricedOffer): Promise<void>;
  reloadDetail(): Promise<void>;
  setClassFilter(name: string | null): void;
  pickSeats(seats: string[], note?: SaleData['seatNote']): Promise<void>;
  chooseFareClass(name: string): void;
  holdWithoutSeats(): Promise<void>;
  toPassengers(): boolean;
  setName(index: number, value: string): void;
  setContact(patch: Partial<Pick<SaleData, 'contactName' | 'phone' | 'email'>>): void;
  setLanguage(language: TicketLanguage): void;
  toPayment(): boolean;
  setCash(text: string): void;
  confirm(): Promise<void>;
  retrySend(): Promise<void>;
  tryAgain(): Promise<void>;
  print(kind: 'tickets' | 'receipt'): Promise<void>;
  back(): void;
  goTo(step: Step): void;
  repick(): Promise<void>;
  searchAgain(): Promise<void>;
  newCustomer(): void;
}

export type SaleState = SaleData & SaleActions;

function initial(): SaleData {
  return {
    step: 'search',
    focus: { target: 'from', index: 0, seq: 0 },
    origin: null,
    destination: null,
    date: cairoToday(new Date(apiNow())),
    passengers: 1,
    results: idle(),
    searchedFor: null,
    sort: 'time',
    filter: { operator: null, seatClass: null },
    offer: null,
    detail: idle(),
    seats: [],
    seatNote: null,
    classFilter: null,
    fareClass: null,
    hold: { status: 'none' },
    names: [],
    contactName: '',
    contactNameEdited: false,
    phone: '',
    email: '',
    language: null,
    showProblems: false,
    cash: '',
    saleId: null,
    sending: false,
    sendError: null,
    outcome: null,
    prints: { tickets: { status: 'idle' }, receipt: { status: 'idle' } },
  };
}

// Timers and sequence numbers live outside the state: they are not drawn.
let holdSeq = 0;
let detailSeq = 0;
let searchSeq = 0;
let holdTimer: ReturnType<typeof setTimeout> | undefined;
let pollTimer: ReturnType<typeof setTimeout> | undefined;
let saleGeneration = 0;

const POLL_MS = 3_000;

function savedOrigin(cities: readonly City[]): City | null {
  const id = localStorage.getItem(ORIGIN_KEY);
  return (id && cities.find((c) => c.id === id)) || null;
}

/** What is wrong with the passenger form, per field (empty when it can be sent). */
export function passengerProblems(s: Pick<SaleData, 'names' | 'contactName' | 'phone' | 'email' | 'passengers'>): Partial<Record<PassengerField, FieldProblem>> {
  const out: Partial<Record<PassengerField, FieldProblem>> = {};
  for (let i = 0; i < s.passengers; i++) {
    const name = cleanName(s.names[i] ?? '');
    if (!name) out[`name-${i}`] = 'required';
    else if (name.length > 100) out[`name-${i}`] = 'too_long';
  }
  const contact = cleanName(s.contactName);
  if (!contact) out['contact-name'] = 'required';
  else if (contact.length > 100) out['contact-name'] = 'too_long';
  const phone = checkPhone(s.phone);
  if (!phone.ok) out.phone = phone.reason === 'empty' ? 'required' : phone.reason;
  if (s.email.trim() && !checkEmail(s.email)) out.email = 'email';
  return out;
}

/** The ticket language of this sale: the agent's choice, else the UI language. */
export function ticketLanguage(s: Pick<SaleData, 'language'>): TicketLanguage {
  return s.language ?? useLocale.getState().locale;
}

/** The retail total the agent collects (main recomputes it when the sale is sent). */
export function saleTotal(s: SaleData): number | null {
  if (s.outcome) return s.outcome.retailTotalMinor;
  const detail = s.detail.value;
  if (!detail) return null;
  const held = s.hold.status === 'held' ? s.hold.hold : null;
  // A hold keeps its class's price for every seat: main charges the class's retail per seat.
  const heldRetail = held ? detail.retailByClass[held.fare_class] : undefined;
  if (held && heldRetail !== undefined) return heldRetail * held.seats;
  return retailTotal(detail, held ? held.seats_requested : s.seats, held ? held.fare_class : s.fareClass, s.passengers);
}

/** The sale on screen may still become a booking: the operator is confirming it, or main's answer was lost. */
function leftOpen(s: SaleData): boolean {
  if (s.outcome) return s.outcome.status === 'pending' || s.outcome.status === 'unknown' || s.outcome.status === 'sending';
  const code = s.sendError?.code;
  return code === 'network' || code === 'timeout' || code === 'request_in_progress';
}

export const useSale = create<SaleState>((set, get) => {
  const focusOn = (target: FocusTarget, index = 0) => set((s) => ({ focus: { target, index, seq: s.focus.seq + 1 } }));

  function clearHoldTimer() {
    if (holdTimer) clearTimeout(holdTimer);
    holdTimer = undefined;
  }

  function stopPolling() {
    if (pollTimer) clearTimeout(pollTimer);
    pollTimer = undefined;
  }

  /** Lets the seats go (fire and forget for the agent; awaited when new seats follow). */
  async function releaseCurrentHold(): Promise<void> {
    const h = get().hold;
    clearHoldTimer();
    if (h.status !== 'held') {
      if (h.status !== 'none') set({ hold: { status: 'none' } });
      return;
    }
    set({ hold: { status: 'none' } });
    await api.releaseHold({ holdId: h.hold.id });
  }

  function armHoldTimer(hold: Hold) {
    clearHoldTimer();
    const ms = Date.parse(hold.expires_at) - apiNow();
    holdTimer = setTimeout(() => {
      const h = get().hold;
      if (h.status === 'held' && h.hold.id === hold.id && !get().sending && !get().outcome) {
        set({ hold: { status: 'expired', seats: hold.seats_requested } });
      }
    }, Math.max(0, ms));
  }

  async function createHold(seats: string[], fareClass: string | null) {
    const s = get();
    const offer = s.detail.value?.offer;
    if (!offer) return;
    const seq = ++holdSeq;
    set({ hold: { status: 'holding', seats } });
    const r = await api.createHold({
      offerId: offer.id,
      seats: s.passengers,
      ...(seats.length ? { seatsRequested: seats } : {}),
      ...(fareClass ? { fareClass } : {}),
    });
    if (seq !== holdSeq) {
      // the agent changed the pick while this hold was being made: let it go
      if (r.ok) void api.releaseHold({ holdId: r.value.id });
      return;
    }
    if (r.ok) {
      observeHold(r.value.expires_at);
      set({ hold: { status: 'held', hold: r.value } });
      armHoldTimer(r.value);
      focusOn(seats.length ? 'seat-continue' : 'class');
      return;
    }
    set({ hold: { status: 'error', seats, error: r.error } });
    if (r.error.code === 'seats_unavailable') {
      // someone else took one: show the map as it is now and let the agent pick again
      set({ seats: [], seatNote: 'seats_taken' });
      void get().reloadDetail();
      focusOn('seat-input');
    }
  }

  function schedulePoll(generation: number) {
    stopPolling();
    pollTimer = setTimeout(() => void poll(generation), POLL_MS);
  }

  async function poll(generation: number) {
    const saleId = get().saleId;
    if (!saleId || generation !== saleGeneration) return;
    const r = await api.getSale({ saleId });
    if (generation !== saleGeneration) return;
    if (r.ok) {
      settle(r.value, generation);
    } else if (r.error.code === 'not_found' && !get().outcome) {
      // main never recorded the sale: nothing was sent; the agent may send it again (same id)
      set({ sendError: r.error });
    } else {
      schedulePoll(generation);
    }
  }

  function settle(outcome: SaleOutcome, generation: number) {
    const before = get().outcome?.status;
    set({ outcome, sendError: null, step: 'outcome' });
    if (outcome.status === 'confirmed') {
      stopPolling();
      clearHoldTimer();
      set({ hold: { status: 'none' } });
      if (before !== 'confirmed') {
        void get().print('tickets');
        void get().print('receipt');
        void useShell.getState().refreshWallet();
      }
    } else if (outcome.status === 'failed') {
      stopPolling();
      void useShell.getState().refreshWallet();
    } else {
      schedulePoll(generation);
    }
    if (before === undefined) focusOn('outcome');
  }

  async function send() {
    const s = get();
    const detail = s.detail.value;
    const hold = s.hold.status === 'held' ? s.hold.hold : null;
    const total = saleTotal(s);
    const cash = parseCash(s.cash);
    if (!detail || !hold || total === null || cash === null || changeDue(total, cash) === null) return;
    const saleId = s.saleId ?? crypto.randomUUID();
    const generation = saleGeneration;
    set({ saleId, sending: true, sendError: null });
    const contactEmail = s.email.trim();
    const phone = checkPhone(s.phone);
    const r = await api.sell({
      saleId,
      offerId: hold.id,
      passengers: Array.from({ length: s.passengers }, (_, i) => ({
        full_name: cleanName(s.names[i] ?? ''),
        ...(hold.seats_requested[i] ? { seat: hold.seats_requested[i] } : {}),
      })),
      contact: {
        name: cleanName(s.contactName),
        phone: phone.ok ? phone.normalised : s.phone.trim(),
        ...(contactEmail ? { email: contactEmail } : {}),
      },
      language: ticketLanguage(s),
      cashTenderedMinor: cash,
    });
    if (generation !== saleGeneration) return;
    set({ sending: false });
    if (r.ok) {
      settle(r.value, generation);
      return;
    }
    if (r.error.code === 'offer_expired' || r.error.code === 'invalid_reference') {
      // The hold lapsed (20 minutes) before the sale was sent: nothing was booked or charged.
      // Explain it where the hold is shown and let the agent pick the seats again.
      clearHoldTimer();
      set({ hold: { status: 'expired', seats: hold.seats_requested }, saleId: null });
      focusOn('repick');
      return;
    }
    // The answer did not come back as an outcome. If main may have sent it, ask main what
    // became of this sale id rather than guess; otherwise the agent can send it again (same id).
    set({ sendError: r.error });
    if (r.error.code === 'network' || r.error.code === 'timeout' || r.error.code === 'request_in_progress') schedulePoll(generation);
  }

  return {
    ...initial(),
    focusOn,

    setOrigin(city) {
      const s = get();
      const keepDestination = city && s.destination && city.id !== s.destination.id ? s.destination : null;
      set({ origin: city, destination: keepDestination });
      if (city) localStorage.setItem(ORIGIN_KEY, city.id);
    },
    setDestination(city) {
      set({ destination: city });
    },
    swap() {
      const { origin, destination } = get();
      set({ origin: destination, destination: origin });
      if (destination) localStorage.setItem(ORIGIN_KEY, destination.id);
    },
    setDate(date) {
      set({ date });
    },
    setPassengers(n) {
      if (Number.isInteger(n) && n >= 1 && n <= 10) set({ passengers: n });
    },

    async runSearch() {
      const s = get();
      if (!s.origin) return focusOn('from');
      if (!s.destination) return focusOn('to');
      const date = validSearchDate(s.date, new Date(apiNow()));
      if (!date) return focusOn('date');
      const seq = ++searchSeq;
      const params = { origin: s.origin, destination: s.destination, date, passengers: s.passengers };
      set({ results: { status: 'loading', value: s.results.value, error: null }, filter: { operator: null, seatClass: null } });
      const r = await api.search({ origin: params.origin.id, destination: params.destination.id, departureDate: date, passengers: params.passengers });
      if (seq !== searchSeq) return;
      if (r.ok) {
        observeOffers(r.value.offers.map((o) => o.offer.expires_at));
        set({ results: { status: 'done', value: r.value, error: null }, searchedFor: params, step: 'search' });
        focusOn(r.value.offers.length ? 'results' : 'date');
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

    async chooseOffer(offer) {
      ++holdSeq;
      void releaseCurrentHold();
      set({
        offer,
        step: 'seats',
        detail: idle(),
        seats: [],
        seatNote: null,
        classFilter: null,
        fareClass: null,
        hold: { status: 'none' },
        saleId: null,
        outcome: null,
        sendError: null,
      });
      await get().reloadDetail();
    },

    async reloadDetail() {
      const offer = get().offer;
      if (!offer) return;
      const seq = ++detailSeq;
      set((s) => ({ detail: { status: 'loading', value: s.detail.value, error: null } }));
      const r = await api.readOffer({ offerId: offer.offer.id });
      if (seq !== detailSeq) return;
      if (!r.ok) {
        set({ detail: { status: 'error', value: get().detail.value, error: r.error } });
        if (r.error.code === 'offer_expired') focusOn('search-again');
        return;
      }
      const detail = r.value;
      const stillFree = get().seats.filter((n) => detail.offer.seats.find((x) => x.number === n)?.available);
      set((s) => ({
        detail: { status: 'done', value: detail, error: null },
        seats: s.hold.status === 'held' ? s.seats : stillFree,
        fareClass: s.fareClass ?? (detail.offer.seat_selection ? null : (offer.offer.seat_class && offer.offer.seat_class in detail.retailByClass ? offer.offer.seat_class : cheapestClass(detail))),
      }));
      if (get().step === 'seats' && get().hold.status !== 'held') focusOn(detail.offer.seat_selection ? 'seat-input' : 'class');
    },

    setClassFilter(name) {
      set((s) => ({ classFilter: s.classFilter === name ? null : name }));
    },

    async pickSeats(seats, note = null) {
      const s = get();
      if (s.sending || s.outcome) return;
      const same = seats.length === s.seats.length && seats.every((n, i) => s.seats[i] === n);
      const heldNow = s.hold.status === 'held' || s.hold.status === 'holding';
      if (same && heldNow) return;
      ++holdSeq; // any hold on its way is now stale
      set({ seats, seatNote: note });
      if (s.hold.status === 'held') await releaseCurrentHold();
      else if (s.hold.status !== 'none') set({ hold: { status: 'none' } });
      if (seats.length === get().passengers && get().seats === seats) {
        const cls = get().detail.value?.offer.seats.find((x) => x.number === seats[0])?.class ?? null;
        await createHold(seats, cls);
      }
    },

    chooseFareClass(name) {
      const s = get();
      if (s.fareClass === name) return;
      set({ fareClass: name });
      if (s.hold.status === 'held' || s.hold.status === 'holding') {
        ++holdSeq;
        void releaseCurrentHold();
      }
    },

    async holdWithoutSeats() {
      const s = get();
      if (s.hold.status === 'held' || s.hold.status === 'holding') return;
      await createHold([], s.fareClass);
    },

    toPassengers() {
      const s = get();
      if (s.hold.status !== 'held') return false;
      const names = Array.from({ length: s.passengers }, (_, i) => s.names[i] ?? '');
      // the ticket language starts as the UI language of this moment; a later switch of the UI
      // language (to help the agent) does not change the traveller's tickets
      set({ step: 'passengers', names, showProblems: false, language: s.language ?? useLocale.getState().locale });
      const firstEmpty = names.findIndex((n) => !n.trim());
      if (firstEmpty >= 0) focusOn('name', firstEmpty);
      else focusOn('phone');
      return true;
    },

    setName(index, value) {
      set((s) => {
        const names = [...s.names];
        names[index] = value;
        return index === 0 && !s.contactNameEdited ? { names, contactName: value } : { names };
      });
    },
    setContact(patch) {
      set((s) => ({ ...patch, contactNameEdited: s.contactNameEdited || patch.contactName !== undefined }));
    },
    setLanguage(language) {
      set({ language });
    },

    toPayment() {
      const s = get();
      if (s.hold.status !== 'held') return false;
      const problems = passengerProblems(s);
      const first = (Object.keys(problems) as PassengerField[])[0];
      if (first) {
        set({ showProblems: true });
        if (first.startsWith('name-')) focusOn('name', Number(first.slice(5)));
        else focusOn(first as FocusTarget);
        return false;
      }
      set({ step: 'payment' });
      focusOn('cash');
      return true;
    },

    setCash(text) {
      if (get().sending || get().outcome) return;
      set({ cash: text });
    },

    async confirm() {
      const s = get();
      // One sale, one id: a double click or a repeated Enter finds `sending` already set, and a
      // later retry reuses the same saleId (main and the API dedupe on it).
      if (s.sending || s.outcome || s.step !== 'payment') return;
      await send();
    },

    async retrySend() {
      const s = get();
      if (s.sending || (s.outcome && s.outcome.status !== 'unknown')) return;
      stopPolling();
      await send();
    },

    async tryAgain() {
      // A failed sale is final and charged nothing (402, 503, …): a new attempt is a new sale
      // with its own id, on the same hold while it lasts.
      const s = get();
      if (s.sending || s.outcome?.status !== 'failed') return;
      stopPolling();
      ++saleGeneration;
      // Refused before anything was done (503, 429): main sends the same sale again with the
      // same key. Any other failure is final for its key: the new attempt is a new sale.
      const code = s.outcome.error?.code;
      const sameSale = code === 'service_unavailable' || code === 'rate_limited';
      set({ saleId: sameSale ? s.saleId : null, outcome: null, sendError: null, step: 'payment', prints: initial().prints });
      await send();
      if (!get().outcome && !get().sendError) focusOn('confirm');
    },

    async print(kind) {
      const saleId = get().saleId;
      if (!saleId) return;
      const current = get().prints[kind];
      if (current.status === 'printing') return;
      const generation = saleGeneration;
      set((s) => ({ prints: { ...s.prints, [kind]: { status: 'printing' } } }));
      const r = kind === 'tickets' ? await api.printTickets({ saleId }) : await api.printReceipt({ saleId });
      if (generation !== saleGeneration) return;
      const next: PrintState = r.ok
        ? r.value.status === 'sent'
          ? { status: 'sent', result: r.value }
          : { status: 'failed', error: r.value.error ?? { code: 'print_failed', message: 'print failed' } }
        : { status: 'failed', error: r.error };
      set((s) => ({ prints: { ...s.prints, [kind]: next } }));
    },

    back() {
      const s = get();
      if (s.sending) return;
      switch (s.step) {
        case 'search':
          if (s.results.value || s.results.error) focusOn('from');
          return;
        case 'seats':
          // abandoning this departure lets its seats go
          ++holdSeq;
          void releaseCurrentHold();
          set({ step: 'search', seats: [], offer: null, detail: idle() });
          focusOn('results');
          return;
        case 'passengers':
          set({ step: 'seats' });
          focusOn(s.detail.value?.offer.seat_selection === false ? 'class' : 'seat-input');
          return;
        case 'payment':
          set({ step: 'passengers' });
          focusOn('name', 0);
          return;
        case 'outcome':
          if (s.outcome?.status === 'pending' || s.outcome?.status === 'unknown') return;
          get().newCustomer();
      }
    },

    goTo(step) {
      const s = get();
      if (s.sending || s.outcome) return;
      const order = STEPS.indexOf(step);
      if (order >= STEPS.indexOf(s.step)) {
        if (step === 'passengers') get().toPassengers();
        else if (step === 'payment') {
          if (s.step === 'seats') {
            if (get().toPassengers()) get().toPayment();
          } else get().toPayment();
        }
        return;
      }
      if (step === 'search') {
        ++holdSeq;
        void releaseCurrentHold();
        set({ step: 'search', seats: [], offer: null, detail: idle() });
        focusOn(s.results.value ? 'results' : 'from');
      } else if (step === 'seats') {
        set({ step: 'seats' });
        focusOn(s.detail.value?.offer.seat_selection === false ? 'class' : 'seat-input');
      } else if (step === 'passengers') {
        set({ step: 'passengers' });
        focusOn('name', 0);
      }
    },

    async repick() {
      // after an expired hold or seats lost at booking: same departure, fresh map, same names
      stopPolling();
      ++saleGeneration;
      ++holdSeq;
      await releaseCurrentHold();
      set({ step: 'seats', seats: [], seatNote: null, hold: { status: 'none' }, saleId: null, outcome: null, sendError: null, sending: false, prints: initial().prints });
      await get().reloadDetail();
    },

    async searchAgain() {
      stopPolling();
      ++saleGeneration;
      ++holdSeq;
      await releaseCurrentHold();
      const f = get().searchedFor;
      set({
        step: 'search',
        offer: null,
        detail: idle(),
        seats: [],
        saleId: null,
        outcome: null,
        sendError: null,
        sending: false,
        prints: initial().prints,
        ...(f ? { origin: f.origin, destination: f.destination, date: validSearchDate(f.date, new Date(apiNow())) ?? cairoToday(new Date(apiNow())), passengers: f.passengers } : {}),
      });
      await get().runSearch();
    },

    newCustomer() {
      const s = get();
      if (s.sending) return;
      stopPolling();
      clearHoldTimer();
      ++saleGeneration;
      ++holdSeq;
      ++searchSeq;
      ++detailSeq;
      // a hold that was not turned into a booking is let go; a booked one is already consumed
      if (s.hold.status === 'held' && !(s.outcome && s.outcome.status !== 'failed')) void api.releaseHold({ holdId: s.hold.hold.id });
      // A sale still being confirmed is handed to the background watcher, which from now on is
      // its only owner (this store stopped polling it above and will never print it).
      if (s.saleId && leftOpen(s)) usePendingWatch.getState().adopt(s.saleId, s.outcome, s.outcome?.cashTenderedMinor ?? parseCash(s.cash) ?? 0);
      const cities = useShell.getState().reference?.cities ?? [];
      set({ ...initial(), origin: savedOrigin(cities), focus: { target: 'from', index: 0, seq: s.focus.seq + 1 } });
    },
  };
});

/** Called once the reference data is in: the station's usual origin is pre-filled. */
export function prefillOrigin(cities: readonly City[]) {
  const s = useSale.getState();
  if (!s.origin) useSale.setState({ origin: savedOrigin(cities) });
}
