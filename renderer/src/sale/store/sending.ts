import type { SaleOutcome } from '../../../../contract/counter.ts';
import type { AppError, AppErrorCode } from '../../../../contract/errors.ts';
import { PRINT_POLL_MS, newerOutcome, noManualPrints, printsUnderWay } from '../prints.ts';
import { bookingContact, bookingPassengers, ticketLanguageOf } from './passengers.ts';
import { payable } from './payment.ts';
import type { DataOf, SaleState, SliceOf } from './types.ts';

// Step 5: the sale sent once (one saleId, whatever is pressed twice), then main's answer followed
// until it is final: confirmed (main prints it), pending (the operator is confirming it), failed.
// The sale on screen survives a reload of the window: its id is kept for the session and its
// outcome, prints included, is asked of main again.

export interface SendingSlice {
  saleId: string | null;
  sending: boolean;
  sendError: AppError | null;
  outcome: SaleOutcome | null;
  /** Sends the sale on screen (the payment step decides when). */
  send(): Promise<void>;
  /** Sends the same sale again (same id) after its answer was lost. */
  retrySend(): Promise<void>;
  /** A failed sale is tried again: the same sale when the API refused it before doing anything. */
  tryAgain(): Promise<void>;
  /** After a reload of the window: the sale that was on screen, as main knows it now. */
  resumeSale(): Promise<void>;
}

/** How often main is asked about a sale that is pending or whose answer was lost. */
export const POLL_MS = 3_000;
const SALE_ON_SCREEN_KEY = 'shubbak.saleOnScreen';
const OPEN: ReadonlySet<SaleOutcome['status']> = new Set(['pending', 'unknown', 'sending']);
/** The sell call failed in a way that main may have sent the sale all the same. */
const MAYBE_SENT: ReadonlySet<AppErrorCode> = new Set(['network', 'timeout', 'request_in_progress']);

export const sendingInitial = (): DataOf<SendingSlice> => ({ saleId: null, sending: false, sendError: null, outcome: null });

/** The sale on screen may still become a booking: the operator is confirming it, or main's answer was lost. */
export function leftOpen(s: Pick<SaleState, 'outcome' | 'sendError'>): boolean {
  if (s.outcome) return OPEN.has(s.outcome.status);
  return !!s.sendError && MAYBE_SENT.has(s.sendError.code);
}

/** Main has not finished with this sale: still being confirmed, or confirmed and still printing. */
export function stillFollowed(s: Pick<SaleState, 'outcome' | 'sendError'>): boolean {
  return leftOpen(s) || (s.outcome?.status === 'confirmed' && printsUnderWay(s.outcome.prints));
}

export const sendingSlice: SliceOf<SendingSlice> = (rt) => (set, get, store) => {
  // the id of the sale on screen is kept for the session, so a reload finds it again
  store.subscribe((s, before) => {
    if (s.saleId === before.saleId) return;
    if (s.saleId) rt.deps.session.setItem(SALE_ON_SCREEN_KEY, s.saleId);
    else rt.deps.session.removeItem(SALE_ON_SCREEN_KEY);
  });

  /** Asks main again while it has not finished with the sale. */
  function follow(generation: number) {
    const s = get();
    if (!s.outcome) return;
    if (OPEN.has(s.outcome.status)) rt.schedulePoll(POLL_MS, () => void poll(generation));
    else if (s.outcome.status === 'confirmed' && printsUnderWay(s.outcome.prints)) rt.schedulePoll(PRINT_POLL_MS, () => void poll(generation));
    else rt.stopPolling();
  }

  async function poll(generation: number) {
    const saleId = get().saleId;
    if (!saleId || generation !== rt.generation) return;
    const printEpoch = rt.printEpoch;
    const r = await rt.api.getSale({ saleId });
    if (generation !== rt.generation) return;
    if (r.ok) {
      settle(newerOutcome(r.value, get().outcome, printEpoch !== rt.printEpoch), generation);
    } else if (r.error.code === 'not_found' && !get().outcome) {
      // main never recorded the sale: nothing was sent; the agent may send it again (same id)
      set({ sendError: r.error });
    } else {
      rt.schedulePoll(POLL_MS, () => void poll(generation));
    }
  }

  function settle(outcome: SaleOutcome, generation: number) {
    const before = get().outcome?.status;
    set({ outcome, sendError: null, step: 'outcome' });
    if (outcome.status === 'confirmed') {
      rt.clearHoldTimer();
      set({ hold: { status: 'none' } });
      if (before !== 'confirmed') rt.deps.refreshWallet();
    } else if (outcome.status === 'failed' && before !== 'failed') {
      rt.deps.refreshWallet();
    }
    follow(generation);
    if (before === undefined) get().focusOn('outcome');
  }

  return {
    ...sendingInitial(),

    async send() {
      const s = get();
      const hold = s.hold.status === 'held' ? s.hold.hold : null;
      const pay = payable(s);
      if (!s.detail.value || !hold || !pay) return;
      const saleId = s.saleId ?? rt.deps.newSaleId();
      const generation = rt.generation;
      set({ saleId, sending: true, sendError: null });
      const r = await rt.api.sell({
        saleId,
        offerId: hold.id,
        passengers: bookingPassengers(s, hold.seats_requested),
        contact: bookingContact(s),
        language: ticketLanguageOf(s, rt.deps.locale()),
        cashTenderedMinor: pay.cashMinor,
      });
      if (generation !== rt.generation) return;
      set({ sending: false });
      if (r.ok) {
        settle(r.value, generation);
        return;
      }
      if (r.error.code === 'offer_expired' || r.error.code === 'invalid_reference') {
        // The hold lapsed (20 minutes) before the sale was sent: nothing was booked or charged.
        // Explain it where the hold is shown and let the agent pick the seats again.
        rt.clearHoldTimer();
        set({ hold: { status: 'expired', seats: hold.seats_requested }, saleId: null });
        get().focusOn('repick');
        return;
      }
      // The answer did not come back as an outcome. If main may have sent it, ask main what
      // became of this sale id rather than guess; otherwise the agent can send it again (same id).
      set({ sendError: r.error });
      if (MAYBE_SENT.has(r.error.code)) rt.schedulePoll(POLL_MS, () => void poll(generation));
    },

    async retrySend() {
      const s = get();
      if (s.sending || (s.outcome && s.outcome.status !== 'unknown')) return;
      rt.stopPolling();
      await s.send();
    },

    async tryAgain() {
      // A failed sale is final and charged nothing (402, 503, …): a new attempt is a new sale
      // with its own id, on the same hold while it lasts.
      const s = get();
      if (s.sending || s.outcome?.status !== 'failed' || !s.offer) return;
      rt.stopPolling();
      ++rt.generation;
      // Refused before anything was done (503, 429): main sends the same sale again with the
      // same key. Any other failure is final for its key: the new attempt is a new sale.
      const code = s.outcome.error?.code;
      const sameSale = code === 'service_unavailable' || code === 'rate_limited';
      set({ saleId: sameSale ? s.saleId : null, outcome: null, sendError: null, step: 'payment', manualPrints: noManualPrints() });
      await get().send();
      if (!get().outcome && !get().sendError) get().focusOn('confirm');
    },

    async resumeSale() {
      const saleId = rt.deps.session.getItem(SALE_ON_SCREEN_KEY);
      if (!saleId || get().saleId) return;
      const generation = rt.generation;
      const r = await rt.api.getSale({ saleId });
      // the agent went on with a new sale meanwhile: that one is on screen now
      if (generation !== rt.generation || get().saleId || get().step !== 'search') return;
      if (!r.ok) {
        if (r.error.code === 'not_found') rt.deps.session.removeItem(SALE_ON_SCREEN_KEY);
        return;
      }
      set({ saleId });
      settle(r.value, generation);
    },
  };
};
