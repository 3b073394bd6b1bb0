import { create } from 'zustand';
import type { AppError } from '../../../contract/errors.ts';
import type { TripChange } from '../../../contract/worklist.ts';
import { api } from '../api.ts';

// Moved and cancelled trips of sales made here: who to call (main finds them; this shows them).

const POLL_MS = 60_000;

interface WorklistState {
  items: TripChange[];
  open: boolean;
  error: AppError | null;
  load(): Promise<void>;
  check(): Promise<void>;
  called(item: TripChange): Promise<void>;
  show(open: boolean): void;
}

export const useWorklist = create<WorklistState>((set, get) => ({
  items: [],
  open: false,
  error: null,
  async load() {
    const r = await api.worklist();
    if (r.ok) set({ items: r.value });
  },
  async check() {
    const r = await api.checkTrips();
    set(r.ok ? { items: r.value, error: null } : { error: r.error });
  },
  async called(item) {
    const r = await api.markCalled({ saleId: item.saleId, version: item.version });
    set(r.ok ? { items: r.value, error: null } : { error: r.error });
  },
  show(open) {
    set({ open, error: null });
    if (open) void get().check();
  },
}));

/** Travellers still to call. */
export const toCall = (items: TripChange[]) => items.filter((i) => i.calledAt === null).length;

export function watchWorklist(): () => void {
  void useWorklist.getState().load();
  const timer = setInterval(() => void useWorklist.getState().load(), POLL_MS);
  return () => clearInterval(timer);
}
