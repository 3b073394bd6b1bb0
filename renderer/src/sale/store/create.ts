import type { StateCreator } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { flowSlice } from './flow.ts';
import { passengersSlice } from './passengers.ts';
import { paymentSlice } from './payment.ts';
import { printingSlice } from './printing.ts';
import { SaleRuntime, type SaleDeps } from './runtime.ts';
import { searchSlice } from './search.ts';
import { seatsSlice } from './seats.ts';
import { sendingSlice } from './sending.ts';
import type { SaleState } from './types.ts';

// The sale store: one zustand store composed of a slice per step (zustand's slices pattern),
// all sharing one runtime (the dependencies, timers and sequence numbers of this store).

/** The store's state and actions, for `create` (the app) or `createStore` (unit tests). */
export function saleStore(deps: SaleDeps): StateCreator<SaleState> {
  const rt = new SaleRuntime(deps);
  return (...a) => ({
    ...flowSlice(rt)(...a),
    ...searchSlice(rt)(...a),
    ...seatsSlice(rt)(...a),
    ...passengersSlice(rt)(...a),
    ...paymentSlice(rt)(...a),
    ...sendingSlice(rt)(...a),
    ...printingSlice(rt)(...a),
  });
}

/** A sale store outside React (unit tests drive it with a fake `api`). */
export const createSaleStore = (deps: SaleDeps) => createStore<SaleState>()(saleStore(deps));
