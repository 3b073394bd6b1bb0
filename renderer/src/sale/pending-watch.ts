import { create } from 'zustand';
import type { PrintResult, SaleOutcome } from '../../../contract/counter.ts';
import type { AppError } from '../../../contract/errors.ts';
import { api } from '../api.ts';
import { useShell } from '../shell/store.ts';

// Sales the agent left while the operator was still confirming them (F12 on a pending outcome).
// The outcome screen hands such a sale over when it lets go of it, and from then on this watcher
// is its only owner: it asks main what became of it every few seconds, prints the tickets then
// the receipt once when it is confirmed, and tells the agent what to do when it failed.

export type WatchPrint = { status: 'idle' | 'printing' } | { status: 'sent'; result: PrintResult } | { status: 'failed'; error: AppError };

export interface WatchedSale {
  saleId: string;
  /** The last answer main gave (null: the sale was never answered, e.g. a lost reply). */
  outcome: SaleOutcome | null;
  /** The cash the agent took for it (to give back if it fails). */
  cashTenderedMinor: number;
  /** watching: still pending; confirmed: booked (printing or printed); failed: not booked. */
  status: 'watching' | 'confirmed' | 'failed';
  prints: { tickets: WatchPrint; receipt: WatchPrint };
}

interface WatchState {
  sales: WatchedSale[];
  /** Takes over a sale the outcome screen is leaving; polling starts at once. */
  adopt(saleId: string, outcome: SaleOutcome | null, cashTenderedMinor: number): void;
  retryPrint(saleId: string, kind: 'tickets' | 'receipt'): Promise<void>;
  dismiss(saleId: string): void;
}

export const WATCH_POLL_MS = 3_000;

let timer: ReturnType<typeof setTimeout> | undefined;
let polling = false;
let started = false;

export const usePendingWatch = create<WatchState>((set, get) => {
  function update(saleId: string, patch: Partial<WatchedSale> | ((w: WatchedSale) => Partial<WatchedSale>)) {
    set((s) => ({ sales: s.sales.map((w) => (w.saleId === saleId ? { ...w, ...(typeof patch === 'function' ? patch(w) : patch) } : w)) }));
  }

  return {
    sales: [],

    adopt(saleId, outcome, cashTenderedMinor) {
      if (get().sales.some((w) => w.saleId === saleId)) return;
      const prints = { tickets: { status: 'idle' }, receipt: { status: 'idle' } } as const;
      set((s) => ({ sales: [...s.sales, { saleId, outcome, cashTenderedMinor, status: 'watching', prints }] }));
      schedule(WATCH_POLL_MS);
    },

    async retryPrint(saleId, kind) {
      const w = get().sales.find((x) => x.saleId === saleId);
      if (!w || w.status !== 'confirmed' || w.prints[kind].status === 'printing' || w.prints[kind].status === 'sent') return;
      await printOne(saleId, kind);
    },

    dismiss(saleId) {
      // a sale still being confirmed stays watched (and shown) until it settles
      set((s) => ({ sales: s.sales.filter((w) => w.saleId !== saleId || w.status === 'watching') }));
    },
  };

  async function printOne(saleId: string, kind: 'tickets' | 'receipt') {
    update(saleId, (w) => ({ prints: { ...w.prints, [kind]: { status: 'printing' } } }));
    const r = kind === 'tickets' ? await api.printTickets({ saleId }) : await api.printReceipt({ saleId });
    const next: WatchPrint = r.ok
      ? r.value.status === 'sent'
        ? { status: 'sent', result: r.value }
        : { status: 'failed', error: r.value.error ?? { code: 'print_failed', message: 'print failed' } }
      : { status: 'failed', error: r.error };
    update(saleId, (w) => ({ prints: { ...w.prints, [kind]: next } }));
  }

  /** The sale turned confirmed: this is the one place its tickets and receipt are printed. */
  async function printConfirmed(saleId: string) {
    await printOne(saleId, 'tickets');
    await printOne(saleId, 'receipt');
  }

  function schedule(ms: number) {
    if (timer || polling) return;
    timer = setTimeout(() => {
      timer = undefined;
      void pollAll();
    }, ms);
  }

  async function pollAll() {
    polling = true;
    try {
      const watching = get().sales.filter((w) => w.status === 'watching');
      await Promise.all(watching.map((w) => pollOne(w.saleId)));
    } finally {
      polling = false;
    }
    if (get().sales.some((w) => w.status === 'watching')) schedule(WATCH_POLL_MS);
  }

  async function pollOne(saleId: string) {
    const r = await api.getSale({ saleId });
    const w = get().sales.find((x) => x.saleId === saleId);
    if (!w || w.status !== 'watching') return;
    if (!r.ok) {
      if (r.error.code === 'not_found') {
        // main never recorded it: nothing was sent, nothing charged
        update(saleId, { status: 'failed', outcome: w.outcome && { ...w.outcome, status: 'failed', charged: false, cashRecorded: false, error: r.error } });
        void useShell.getState().refreshWallet();
      }
      return; // network trouble: ask again next round
    }
    const outcome = r.value;
    if (outcome.status === 'confirmed') {
      // claimed synchronously, before any await: a later round cannot print it a second time
      update(saleId, { status: 'confirmed', outcome });
      void useShell.getState().refreshWallet();
      await printConfirmed(saleId);
    } else if (outcome.status === 'failed') {
      update(saleId, { status: 'failed', outcome });
      void useShell.getState().refreshWallet();
    } else {
      update(saleId, { outcome });
    }
  }
});

const OPEN = new Set(['pending', 'unknown', 'sending']);

/**
 * Started once by the shell when the counter opens: sales a previous session left while the
 * operator was confirming them are watched again (nothing of them was printed: printing only
 * follows a confirmation, and a confirmed sale is not picked up here).
 */
export async function startPendingWatch(): Promise<void> {
  if (started) return;
  started = true;
  const r = await api.listSales({ limit: 50 });
  if (!r.ok) return;
  for (const s of r.value) if (OPEN.has(s.status)) usePendingWatch.getState().adopt(s.saleId, null, 0);
}

/** Sales being confirmed now (what the top bar counts). */
export const watchingCount = (s: WatchState) => s.sales.filter((w) => w.status === 'watching').length;
