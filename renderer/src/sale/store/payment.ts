import { changeDue, parseCash, retailTotal } from '../money.ts';
import type { DataOf, SaleState, SliceOf } from './types.ts';

// Step 4: the retail total, the cash handed over, the change.

/** The total, the cash and the change of a sale that can be sent. */
export interface Payable {
  totalMinor: number;
  cashMinor: number;
  changeMinor: number;
}

export interface PaymentSlice {
  cash: string;
  setCash(text: string): void;
  /** F10 / Confirm: sends the sale. */
  confirm(): Promise<void>;
}

export const paymentInitial = (): DataOf<PaymentSlice> => ({ cash: '' });

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
export function payable(s: SaleState): Payable | null {
  const totalMinor = saleTotal(s);
  const cashMinor = parseCash(s.cash);
  if (totalMinor === null || cashMinor === null) return null;
  const changeMinor = changeDue(totalMinor, cashMinor);
  return changeMinor === null ? null : { totalMinor, cashMinor, changeMinor };
}

export const paymentSlice: SliceOf<PaymentSlice> = () => (set, get) => ({
  ...paymentInitial(),

  setCash(text) {
    if (get().sending || get().outcome) return;
    set({ cash: text });
  },

  async confirm() {
    const s = get();
    // One sale, one id: a double click or a repeated Enter finds `sending` already set, and a
    // later retry reuses the same saleId (main and the API dedupe on it).
    if (s.sending || s.outcome || s.step !== 'payment') return;
    await s.send();
  },
});
