import { create } from 'zustand';
import type { TicketLanguage } from '../../../contract/counter.ts';
import { api } from '../api.ts';
import { useLocale } from '../i18n/index.ts';
import { useShell } from '../shell/store.ts';
import { apiNow, observeHold, observeOffers } from './clock.ts';
import { usePendingWatch } from './pending-watch.ts';
import { saleStore } from './store/create.ts';
import { ticketLanguageOf, type PassengersSlice } from './store/passengers.ts';
import type { SaleState } from './store/types.ts';

// The counter's one sale, from the search to the printed tickets (slices in ./store/). The store
// owns every call the flow makes, so the screens stay drawings of its state and the keyboard and
// the mouse do the same things. Here it is wired to the app: the contract calls, the clock, the
// language, the wallet in the top bar, the background watcher and the browser's storage.

export type { FocusTarget, SaleState, Step } from './store/types.ts';
export { STEPS } from './store/types.ts';
export { passengerProblems, type FieldProblem, type PassengerField } from './store/passengers.ts';
export { saleTotal } from './store/payment.ts';

export const useSale = create<SaleState>()(
  saleStore({
    api,
    now: apiNow,
    observeOffers,
    observeHold,
    newSaleId: () => crypto.randomUUID(),
    locale: () => useLocale.getState().locale,
    cities: () => useShell.getState().reference?.cities ?? [],
    refreshWallet: () => void useShell.getState().refreshWallet(),
    handOver: (saleId, outcome, cash) => usePendingWatch.getState().adopt(saleId, outcome, cash),
    lasting: localStorage,
    session: sessionStorage,
  }),
);

/** The ticket language of this sale: the agent's choice, else the UI language. */
export function ticketLanguage(s: Pick<PassengersSlice, 'language'>): TicketLanguage {
  return ticketLanguageOf(s, useLocale.getState().locale);
}
