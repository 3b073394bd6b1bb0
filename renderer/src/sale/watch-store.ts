import type { StateCreator } from 'zustand';
import type { ShubbakApi } from '../../../contract/api.ts';
import type { SaleOutcome } from '../../../contract/counter.ts';
import {
  PRINT_KINDS,
  PRINT_POLL_MS,
  newerOutcome,
  noManualPrints,
  printAgain,
  printAnswered,
  printStarted,
  printView,
  printsUnderWay,
  type ManualPrints,
  type PrintKind,
} from './prints.ts';

// Sales the agent left before main had finished with them (F12 on a pending outcome, or on a
// confirmed one still printing). The outcome screen hands such a sale over when it lets go of it,
// and from then on this watcher is the only one to follow it: it asks main what became of it and
// shows what main did (confirmed or failed; printed, or a print failed with a Retry). It never
// prints by itself: main prints a confirmed sale's tickets and receipt.

export interface WatchedSale {
  saleId: string;
  /** The last answer main gave (null: the sale was never answered, e.g. a lost reply). */
  outcome: SaleOutcome | null;
  /** The cash the agent took for it (to give back if it fails). */
  cashTenderedMinor: number;
  /** watching: not confirmed yet; confirmed: booked (main prints it); failed: not booked. */
  status: 'watching' | 'confirmed' | 'failed';
  /** The agent saw it confirmed before moving on: there is something to say only if a print fails. */
  seen: boolean;
  manualPrints: ManualPrints;
}

export interface WatchState {
  sales: WatchedSale[];
  /** Takes over a sale the outcome screen is leaving; polling starts at once. */
  adopt(saleId: string, outcome: SaleOutcome | null, cashTenderedMinor: number): void;
  /** The agent prints one kind of a confirmed sale again (after a failure). */
  retryPrint(saleId: string, kind: PrintKind): Promise<void>;
  dismiss(saleId: string): void;
}

export interface WatchDeps {
  api: Pick<ShubbakApi, 'getSale' | 'printTickets' | 'printReceipt'>;
  refreshWallet(): void;
}

/** How often main is asked about a sale the operator is still confirming. */
export const WATCH_POLL_MS = 3_000;

const printFailed = (w: WatchedSale) => PRINT_KINDS.some((k) => printView(w.outcome?.prints[k], w.manualPrints[k]).status === 'failed');
const printing = (w: WatchedSale) => w.status === 'confirmed' && printsUnderWay(w.outcome?.prints);
/** Main has not finished with it: worth asking again. */
const followed = (w: WatchedSale) => w.status === 'watching' || printing(w);
/** A notice is shown for it: it settled after the agent moved on, or one of its prints failed. */
export const noticeShown = (w: WatchedSale) => w.status !== 'watching' && (!w.seen || printFailed(w));
/** Sales being confirmed now (what the top bar counts). */
export const watchingCount = (s: Pick<WatchState, 'sales'>) => s.sales.filter((w) => w.status === 'watching').length;

export function watchStore(deps: WatchDeps): StateCreator<WatchState> {
  return (set, get) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let polling = false;
    /** Bumped when the agent prints: an answer about prints asked for before it is older. */
    let printEpoch = 0;

    const find = (saleId: string) => get().sales.find((x) => x.saleId === saleId);
    function update(saleId: string, patch: (w: WatchedSale) => Partial<WatchedSale>) {
      set((s) => ({ sales: s.sales.map((w) => (w.saleId === saleId ? { ...w, ...patch(w) } : w)) }));
    }
    const drop = (saleId: string) => set((s) => ({ sales: s.sales.filter((w) => w.saleId !== saleId) }));

    function schedule() {
      const sales = get().sales;
      if (timer || polling || !sales.some(followed)) return;
      timer = setTimeout(
        () => {
          timer = undefined;
          void pollAll();
        },
        sales.some(printing) ? PRINT_POLL_MS : WATCH_POLL_MS,
      );
    }

    async function pollAll() {
      polling = true;
      try {
        await Promise.all(get().sales.filter(followed).map((w) => pollOne(w.saleId)));
      } finally {
        polling = false;
      }
      schedule();
    }

    async function pollOne(saleId: string) {
      const epoch = printEpoch;
      const r = await deps.api.getSale({ saleId });
      const w = find(saleId);
      if (!w || !followed(w)) return;
      if (!r.ok) {
        if (r.error.code === 'not_found' && w.status === 'watching') {
          // main never recorded it: nothing was sent, nothing charged
          update(saleId, () => ({ status: 'failed', outcome: w.outcome && { ...w.outcome, status: 'failed', charged: false, cashRecorded: false, error: r.error } }));
          deps.refreshWallet();
        }
        return; // network trouble: ask again next round
      }
      const outcome = newerOutcome(r.value, w.outcome, epoch !== printEpoch);
      if (outcome.status === 'confirmed') {
        if (w.status === 'watching') deps.refreshWallet();
        update(saleId, () => ({ status: 'confirmed', outcome }));
        const now = find(saleId);
        // seen confirmed and printed without trouble: nothing to tell the agent
        if (now && now.seen && !printing(now) && !printFailed(now)) drop(saleId);
      } else if (outcome.status === 'failed') {
        update(saleId, () => ({ status: 'failed', outcome }));
        deps.refreshWallet();
      } else {
        update(saleId, () => ({ outcome }));
      }
    }

    return {
      sales: [],

      adopt(saleId, outcome, cashTenderedMinor) {
        if (find(saleId)) return;
        const confirmed = outcome?.status === 'confirmed';
        const sale: WatchedSale = {
          saleId,
          outcome,
          cashTenderedMinor,
          status: confirmed ? 'confirmed' : 'watching',
          seen: confirmed,
          manualPrints: noManualPrints(),
        };
        set((s) => ({ sales: [...s.sales, sale] }));
        schedule();
      },

      async retryPrint(saleId, kind) {
        const w = find(saleId);
        if (!w || w.status !== 'confirmed') return;
        const now = printView(w.outcome?.prints[kind], w.manualPrints[kind]).status;
        if (now !== 'failed' && now !== 'none') return;
        ++printEpoch;
        update(saleId, (x) => printStarted(x, kind));
        const r = await printAgain(deps.api, saleId, kind);
        ++printEpoch;
        update(saleId, (x) => printAnswered(x, kind, r));
      },

      dismiss(saleId) {
        // a sale still being confirmed stays watched (and counted) until it settles
        if (find(saleId)?.status !== 'watching') drop(saleId);
      },
    };
  };
}
