import { create } from 'zustand';
import type { AppError } from '../../../contract/errors.ts';
import type { BookingHit, BookingView } from '../../../contract/lookup.ts';
import { api } from '../api.ts';

// Find a booking (Ctrl+F from the main screen): this counter's sales answer as the agent types;
// the account's bookings (what this counter did not sell) follow once the typing pauses, as they
// are a call to the Partner API. Enter opens the booking view; Esc goes back, then closes.

/** The pause in typing after which the account's bookings are asked for. */
export const ACCOUNT_AFTER_MS = 450;

export type ReprintKind = 'tickets' | 'receipt';

export interface ReprintRequest {
  kind: ReprintKind;
  /** One traveller (from 0), or all when absent. */
  passengerIndex?: number;
  language?: 'ar' | 'en';
}

interface LookupState {
  open: boolean;
  query: string;
  hits: BookingHit[];
  /** This counter's answer to the query is awaited. */
  hereLoading: boolean;
  accountHits: BookingHit[];
  accountLoading: boolean;
  /** The highlighted line over hits then accountHits. */
  cursor: number;
  view: BookingView | null;
  viewLoading: boolean;
  error: AppError | null;
  /** What the last reprint did, to say so beside the button pressed (`at`). */
  printed: { kind: ReprintKind; printer: string; at: ReprintRequest } | null;
  /** The last reprint failed: why, beside the button pressed. */
  printError: { at: ReprintRequest; error: AppError } | null;
  show(open: boolean): void;
  type(query: string): void;
  move(delta: number): void;
  choose(index?: number): Promise<void>;
  back(): void;
  reprint(r: ReprintRequest): Promise<void>;
  /** Opens one booking's view straight away (a wallet line's booking). */
  openReference(reference: string): Promise<void>;
}

let typed = 0;
let accountTimer: ReturnType<typeof setTimeout> | null = null;

export const useLookup = create<LookupState>((set, get) => ({
  open: false,
  query: '',
  hits: [],
  hereLoading: false,
  accountHits: [],
  accountLoading: false,
  cursor: 0,
  view: null,
  viewLoading: false,
  error: null,
  printed: null,
  printError: null,

  show(open) {
    if (accountTimer) clearTimeout(accountTimer);
    typed++;
    set({ open, query: '', hits: [], hereLoading: false, accountHits: [], accountLoading: false, cursor: 0, view: null, error: null, printed: null, printError: null });
  },

  type(query) {
    const n = ++typed;
    set({ query, cursor: 0, error: null });
    if (accountTimer) clearTimeout(accountTimer);
    if (!query.trim()) return set({ hits: [], hereLoading: false, accountHits: [], accountLoading: false });
    void api.findBookings({ query }).then((r) => {
      if (n !== typed) return; // a later keystroke has its own answer
      set(r.ok ? { hits: r.value, hereLoading: false } : { hits: [], hereLoading: false, error: r.error });
    });
    set({ hereLoading: true, accountLoading: true });
    accountTimer = setTimeout(() => {
      void api.findAccountBookings({ query }).then((r) => {
        if (n !== typed) return;
        set(r.ok ? { accountHits: r.value, accountLoading: false } : { accountHits: [], accountLoading: false, error: r.error });
      });
    }, ACCOUNT_AFTER_MS);
  },

  move(delta) {
    const total = get().hits.length + get().accountHits.length;
    if (total === 0) return;
    set({ cursor: (get().cursor + delta + total) % total });
  },

  async choose(index = get().cursor) {
    const hit = [...get().hits, ...get().accountHits][index];
    if (!hit) return;
    set({ cursor: index, viewLoading: true, error: null, printed: null, printError: null });
    const r = await api.readBooking(hit.saleId ? { saleId: hit.saleId } : { bookingReference: hit.bookingReference ?? '' });
    set(r.ok ? { view: r.value, viewLoading: false } : { error: r.error, viewLoading: false });
  },

  async openReference(reference) {
    get().show(true);
    set({ query: reference, viewLoading: true, error: null, printed: null, printError: null });
    const r = await api.readBooking({ bookingReference: reference });
    set(r.ok ? { view: r.value, viewLoading: false } : { error: r.error, viewLoading: false });
  },

  back() {
    if (get().view) return set({ view: null, error: null, printed: null, printError: null });
    get().show(false);
  },

  async reprint(req) {
    const view = get().view;
    if (!view) return;
    set({ error: null, printed: null, printError: null });
    const which = view.sale ? { saleId: view.sale.saleId } : { bookingReference: view.booking?.id ?? '' };
    const r =
      req.kind === 'receipt' && view.sale
        ? await api.printReceipt({ saleId: view.sale.saleId })
        : await api.printTickets({
            ...which,
            ...(req.passengerIndex === undefined ? {} : { passengerIndex: req.passengerIndex }),
            ...(req.language ? { language: req.language } : {}),
          });
    if (!r.ok) return set({ printError: { at: req, error: r.error } });
    if (r.value.error) return set({ printError: { at: req, error: r.value.error } });
    set({ printed: { kind: req.kind, printer: r.value.printer, at: req } });
    // The counts of prints (and so COPY) changed: show them as main has them now.
    const again = await api.readBooking(view.sale ? { saleId: view.sale.saleId } : { bookingReference: view.booking?.id ?? '' });
    if (again.ok) set({ view: again.value });
  },
}));
