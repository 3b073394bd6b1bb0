import { noManualPrints, printAgain, printAnswered, printStarted, type ManualPrints, type PrintKind } from '../prints.ts';
import type { DataOf, SliceOf } from './types.ts';

// The confirmed sale's tickets and receipt. Main prints them by itself (the outcome's `prints`
// say where that stands); this slice only holds a print the agent asks for (Retry after a
// failure), which main journals like any other.

export interface PrintingSlice {
  manualPrints: ManualPrints;
  /** The agent prints one kind again (a retry after a failure is not a copy; after a sent one it is). */
  print(kind: PrintKind): Promise<void>;
}

export const printingInitial = (): DataOf<PrintingSlice> => ({ manualPrints: noManualPrints() });

export const printingSlice: SliceOf<PrintingSlice> = (rt) => (set, get) => ({
  ...printingInitial(),

  async print(kind) {
    const s = get();
    if (!s.saleId || s.outcome?.status !== 'confirmed' || s.manualPrints[kind]?.status === 'printing') return;
    const saleId = s.saleId;
    const generation = rt.generation;
    ++rt.printEpoch;
    set((x) => printStarted(x, kind));
    const r = await printAgain(rt.api, saleId, kind);
    if (generation !== rt.generation) return;
    ++rt.printEpoch;
    set((x) => printAnswered(x, kind, r));
  },
});
