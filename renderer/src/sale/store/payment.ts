import { cashNeedsCheck, changeDue, retailTotal } from '../money.ts';
import { parseAmount } from '../../../../core/money.ts';
import type { DataOf, SaleState, SliceOf } from './types.ts';

// Step 4: the retail total, the cash handed over, the change; a large amount of cash is read back
// to the agent before the sale is sent.

/** The amounts the agent is asked to confirm (cash far over the total). */
export interface CashCheck {
  totalMinor: number;
  cashMinor: number;
  changeMinor: number;
}

export interface PaymentSlice {
  cash: string;
  /** Shown while the agent is asked whether the cash typed is right. */
  cashCheck: CashCheck | null;
  setCash(text: string): void;
  /** F10 / Confirm: sends the sale, or first asks about a large amount of cash. */
  confirm(): Promise<void>;
  /** The cash is right: the sale is sent. */
  confirmCash(): Promise<void>;
  /** The cash is not right: back to the amount. */
  cancelCashCheck(): void;
}

export const paymentInitial = (): DataOf<PaymentSlice> => ({ cash: '', cashCheck: null });

/** The retail total the agent collects (main recomputes it when the sale is sent). */
export function saleTotal(s: SaleState): number | null {
  if (s.outcome) return s.outcome.retailTotalMinor;
  const detail = s.detail.value;
  if (!detail) return null;
  const held = s.hold.status === 'held' ? s.hold.hold : null;
  // A hold keeps its class's price for every seat: main charges the class's retail per seat.
  const heldRetail = held ? detail.retailByClass[held.fare_class] : undefined;
  if (held && heldRetail !== undefined) return heldRetail * held.seats;
  return retailTotal(detail, held ? held.seats_requested : s.seats, held ? held.fare_class : s.fareClass, s.passengers);
}

/** The total and the cash when the cash covers it (the sale can be sent), else null. */
export function payable(s: SaleState): CashCheck | null {
  const totalMinor = saleTotal(s);
  const cashMinor = parseAmount(s.cash);
  if (totalMinor === null || cashMinor === null) return null;
  const changeMinor = changeDue(totalMinor, cashMinor);
  return changeMinor === null ? null : { totalMinor, cashMinor, changeMinor };
}

export const paymentSlice: SliceOf<PaymentSlice> = () => (set, get) => ({
  ...paymentInitial(),

  setCash(text) {
    if (get().sending || get().outcome) return;
    set({ cash: text, cashCheck: null });
  },

  async confirm() {
    const s = get();
    // One sale, one id: a double click or a repeated Enter finds `sending` already set, and a
    // later retry reuses the same saleId (main and the API dedupe on it). While the cash is being
    // checked only the check's own answer goes on.
    if (s.sending || s.outcome || s.step !== 'payment' || s.cashCheck) return;
    const pay = payable(s);
    if (pay && cashNeedsCheck(pay.totalMinor, pay.cashMinor)) {
      set({ cashCheck: pay });
      s.focusOn('cash-check');
      return;
    }
    await s.send();
  },

  async confirmCash() {
    const s = get();
    if (!s.cashCheck || s.sending || s.outcome) return;
    set({ cashCheck: null });
    await s.send();
  },

  cancelCashCheck() {
    if (!get().cashCheck) return;
    set({ cashCheck: null });
    get().focusOn('cash');
  },
});
