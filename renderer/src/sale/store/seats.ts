import type { Hold, PricedOffer, PricedOfferDetail } from '../../../../contract/counter.ts';
import type { AppError } from '../../../../contract/errors.ts';
import { initialClass } from '../money.ts';
import { idle, type DataOf, type Load, type SaleState, type SliceOf } from './types.ts';

// Step 2: the chosen departure, its seat map, the seats (or the fare class when the operator
// assigns seats at boarding), and the hold on them with its 20-minute life.

export type HoldState =
  | { status: 'none' }
  | { status: 'holding'; seats: string[] }
  | { status: 'held'; hold: Hold }
  | { status: 'expired'; seats: string[] }
  | { status: 'error'; seats: string[]; error: AppError };

export type SeatNote = 'class_changed' | 'replaced_oldest' | 'seats_taken';

export interface SeatsSlice {
  offer: PricedOffer | null;
  detail: Load<PricedOfferDetail>;
  seats: string[];
  seatNote: SeatNote | null;
  classFilter: string | null;
  /** Fare class chosen for an operator that assigns seats at boarding. */
  fareClass: string | null;
  hold: HoldState;
  chooseOffer(offer: PricedOffer): Promise<void>;
  reloadDetail(): Promise<void>;
  setClassFilter(name: string | null): void;
  pickSeats(seats: string[], note?: SeatNote | null): Promise<void>;
  chooseFareClass(name: string): void;
  holdWithoutSeats(): Promise<void>;
  /** Lets the held seats go (fire and forget for the agent; awaited when new seats follow). */
  letHoldGo(): Promise<void>;
}

export const seatsInitial = (): DataOf<SeatsSlice> => ({
  offer: null,
  detail: idle(),
  seats: [],
  seatNote: null,
  classFilter: null,
  fareClass: null,
  hold: { status: 'none' },
});

/** The sale's seats are taken back to the seat map of the same departure. */
export const backToSeats = (s: SaleState) => s.focusOn(s.detail.value?.offer.seat_selection === false ? 'class' : 'seat-input');

export const seatsSlice: SliceOf<SeatsSlice> = (rt) => (set, get) => {
  function armHoldTimer(hold: Hold) {
    rt.armHoldTimer(Date.parse(hold.expires_at) - rt.deps.now(), () => {
      const s = get();
      if (s.hold.status === 'held' && s.hold.hold.id === hold.id && !s.sending && !s.outcome) {
        set({ hold: { status: 'expired', seats: hold.seats_requested } });
      }
    });
  }

  async function createHold(seats: string[], fareClass: string | null) {
    const s = get();
    const offer = s.detail.value?.offer;
    if (!offer) return;
    const seq = ++rt.holdSeq;
    set({ hold: { status: 'holding', seats } });
    const r = await rt.api.createHold({
      offerId: offer.id,
      seats: s.passengers,
      ...(seats.length ? { seatsRequested: seats } : {}),
      ...(fareClass ? { fareClass } : {}),
    });
    if (seq !== rt.holdSeq) {
      // the agent changed the pick while this hold was being made: let it go
      if (r.ok) void rt.api.releaseHold({ holdId: r.value.id });
      return;
    }
    if (r.ok) {
      rt.deps.observeHold(r.value.expires_at);
      set({ hold: { status: 'held', hold: r.value } });
      armHoldTimer(r.value);
      get().focusOn(seats.length ? 'seat-continue' : 'class');
      return;
    }
    set({ hold: { status: 'error', seats, error: r.error } });
    if (r.error.code === 'seats_unavailable') {
      // someone else took one: show the map as it is now and let the agent pick again
      set({ seats: [], seatNote: 'seats_taken' });
      void get().reloadDetail();
      get().focusOn('seat-input');
    }
  }

  return {
    ...seatsInitial(),

    async letHoldGo() {
      const h = get().hold;
      rt.clearHoldTimer();
      if (h.status === 'none') return;
      set({ hold: { status: 'none' } });
      if (h.status === 'held') await rt.api.releaseHold({ holdId: h.hold.id });
    },

    async chooseOffer(offer) {
      ++rt.holdSeq;
      void get().letHoldGo();
      set({ ...seatsInitial(), offer, step: 'seats', saleId: null, outcome: null, sendError: null });
      await get().reloadDetail();
    },

    async reloadDetail() {
      const offer = get().offer;
      if (!offer) return;
      const seq = ++rt.detailSeq;
      set((s) => ({ detail: { status: 'loading', value: s.detail.value, error: null } }));
      const r = await rt.api.readOffer({ offerId: offer.offer.id });
      if (seq !== rt.detailSeq) return;
      if (!r.ok) {
        set({ detail: { status: 'error', value: get().detail.value, error: r.error } });
        if (r.error.code === 'offer_expired') get().focusOn('search-again');
        return;
      }
      const detail = r.value;
      const stillFree = get().seats.filter((n) => detail.offer.seats.find((x) => x.number === n)?.available);
      set((s) => ({
        detail: { status: 'done', value: detail, error: null },
        seats: s.hold.status === 'held' ? s.seats : stillFree,
        fareClass: s.fareClass ?? (detail.offer.seat_selection ? null : initialClass(detail, s.passengers, offer.offer.seat_class)),
      }));
      if (get().step === 'seats' && get().hold.status !== 'held') get().focusOn(detail.offer.seat_selection ? 'seat-input' : 'class');
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
      ++rt.holdSeq; // any hold on its way is now stale
      set({ seats, seatNote: note });
      await get().letHoldGo();
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
        ++rt.holdSeq;
        void get().letHoldGo();
      }
    },

    async holdWithoutSeats() {
      const s = get();
      if (s.hold.status === 'held' || s.hold.status === 'holding') return;
      await createHold([], s.fareClass);
    },
  };
};
