import { parseAmount } from '../../../../core/money.ts';
import { noManualPrints } from '../prints.ts';
import { saleInitial } from './initial.ts';
import { savedOrigin, searchFormOf } from './search.ts';
import { backToSeats } from './seats.ts';
import { stillFollowed } from './sending.ts';
import { STEPS, idle, type FocusTarget, type SaleState, type Step, type SliceOf } from './types.ts';

// Moving between the steps (Esc, the step header, F-keys), and leaving the sale: start again on
// the same departure, search again, or the next customer. The keyboard and the mouse call the
// same actions, so they do the same things.

export interface FlowSlice {
  step: Step;
  focus: { target: FocusTarget; index: number; seq: number };
  focusOn(target: FocusTarget, index?: number): void;
  back(): void;
  goTo(step: Step): void;
  /** After an expired hold or seats lost at booking: same departure, fresh map, same names. */
  repick(): Promise<void>;
  searchAgain(): Promise<void>;
  newCustomer(): void;
  /** Asked to leave a sale with seats held or cash typed and not yet sent: the agent confirms first. */
  leaveAsked: boolean;
  /** F12 / Ctrl+N: the next customer, after asking when a hold or cash is at stake. */
  askNewCustomer(): void;
  stayInSale(): void;
}

/** A sale that leaving would lose something of: seats held, or cash typed, and nothing sent yet. */
export function saleAtStake(s: Pick<SaleState, 'hold' | 'cash' | 'outcome' | 'sending'>): boolean {
  if (s.outcome || s.sending) return false;
  return s.hold.status === 'held' || s.cash.trim() !== '';
}

/** Everything about the sale on screen that a new attempt starts without. */
const noSale = () => ({ saleId: null, outcome: null, sendError: null, sending: false, cashCheck: null, manualPrints: noManualPrints() });

export const flowSlice: SliceOf<FlowSlice> = (rt) => (set, get) => ({
  step: 'search',
  focus: { target: 'from', index: 0, seq: 0 },
  leaveAsked: false,

  askNewCustomer() {
    if (saleAtStake(get())) set({ leaveAsked: true });
    else get().newCustomer();
  },

  stayInSale() {
    set({ leaveAsked: false });
  },

  focusOn(target, index = 0) {
    set((s) => ({ focus: { target, index, seq: s.focus.seq + 1 } }));
  },

  back() {
    const s = get();
    if (s.sending) return;
    switch (s.step) {
      case 'search':
        if (s.results.value || s.results.error) s.focusOn('from');
        return;
      case 'seats':
        // abandoning this departure lets its seats go
        ++rt.holdSeq;
        void s.letHoldGo();
        set({ step: 'search', seats: [], offer: null, detail: idle() });
        s.focusOn('results');
        return;
      case 'passengers':
        set({ step: 'seats' });
        backToSeats(s);
        return;
      case 'payment':
        if (s.cashCheck) return s.cancelCashCheck();
        set({ step: 'passengers' });
        s.focusOn('name', 0);
        return;
      case 'outcome':
        if (s.outcome?.status === 'pending' || s.outcome?.status === 'unknown') return;
        s.newCustomer();
    }
  },

  goTo(step) {
    const s = get();
    if (s.sending || s.outcome) return;
    if (STEPS.indexOf(step) >= STEPS.indexOf(s.step)) {
      if (step === 'passengers') s.toPassengers();
      else if (step === 'payment') {
        if (s.step === 'seats') {
          if (s.toPassengers()) s.toPayment();
        } else s.toPayment();
      }
      return;
    }
    if (step === 'search') {
      ++rt.holdSeq;
      void s.letHoldGo();
      set({ step: 'search', seats: [], offer: null, detail: idle() });
      s.focusOn(s.results.value ? 'results' : 'from');
    } else if (step === 'seats') {
      set({ step: 'seats' });
      backToSeats(s);
    } else if (step === 'passengers') {
      set({ step: 'passengers' });
      s.focusOn('name', 0);
    }
  },

  async repick() {
    rt.stopPolling();
    ++rt.generation;
    ++rt.holdSeq;
    await get().letHoldGo();
    set({ step: 'seats', seats: [], seatNote: null, hold: { status: 'none' }, ...noSale() });
    await get().reloadDetail();
  },

  async searchAgain() {
    rt.stopPolling();
    ++rt.generation;
    ++rt.holdSeq;
    await get().letHoldGo();
    const f = get().searchedFor;
    set({ step: 'search', offer: null, detail: idle(), seats: [], ...noSale(), ...(f ? searchFormOf(rt, f) : {}) });
    await get().runSearch();
  },

  newCustomer() {
    const s = get();
    if (s.sending) return;
    rt.forgetSale();
    // a hold that was not turned into a booking is let go; a booked one is already consumed
    if (s.hold.status === 'held' && !(s.outcome && s.outcome.status !== 'failed')) void rt.api.releaseHold({ holdId: s.hold.hold.id });
    // A sale main has not finished with (still being confirmed, or still printing) is handed to
    // the background watcher, which from now on is the only one to follow it.
    if (s.saleId && stillFollowed(s)) rt.deps.handOver(s.saleId, s.outcome, s.outcome?.cashTenderedMinor ?? parseAmount(s.cash) ?? 0);
    set({ ...saleInitial(rt), origin: savedOrigin(rt), focus: { target: 'from', index: 0, seq: s.focus.seq + 1 } });
  },
});
