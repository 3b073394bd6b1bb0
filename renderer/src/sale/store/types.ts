import type { StateCreator } from 'zustand';
import type { AppError } from '../../../../contract/errors.ts';
import type { FlowSlice } from './flow.ts';
import type { PassengersSlice } from './passengers.ts';
import type { PaymentSlice } from './payment.ts';
import type { PrintingSlice } from './printing.ts';
import type { SaleRuntime } from './runtime.ts';
import type { SearchSlice } from './search.ts';
import type { SeatsSlice } from './seats.ts';
import type { SendingSlice } from './sending.ts';

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
  | 'cash-check'
  | 'confirm'
  | 'repick'
  | 'search-again'
  | 'outcome';

export interface Load<T> {
  status: 'idle' | 'loading' | 'done' | 'error';
  value: T | null;
  error: AppError | null;
}
export const idle = <T>(): Load<T> => ({ status: 'idle', value: null, error: null });

/** One sale, from the search to the printed tickets: a slice per step, one store. */
export type SaleState = FlowSlice & SearchSlice & SeatsSlice & PassengersSlice & PaymentSlice & SendingSlice & PrintingSlice;

/** A slice of the sale store, made for one store's runtime (zustand's slices pattern). */
export type SliceOf<T> = (rt: SaleRuntime) => StateCreator<SaleState, [], [], T>;

/** The fields of a slice that are data (what its `initial` function gives). */
export type DataOf<T> = { [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]: T[K] };
