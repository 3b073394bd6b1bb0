import { passengersInitial } from './passengers.ts';
import { paymentInitial } from './payment.ts';
import { printingInitial } from './printing.ts';
import type { SaleRuntime } from './runtime.ts';
import { searchInitial } from './search.ts';
import { seatsInitial } from './seats.ts';
import { sendingInitial } from './sending.ts';
import type { DataOf, SaleState } from './types.ts';

/** A fresh sale: every slice's data as it starts. */
export const saleInitial = (rt: SaleRuntime): DataOf<SaleState> => ({
  step: 'search',
  focus: { target: 'from', index: 0, seq: 0 },
  leaveAsked: false,
  ...searchInitial(rt),
  ...seatsInitial(),
  ...passengersInitial(),
  ...paymentInitial(),
  ...sendingInitial(),
  ...printingInitial(),
});
