import { create } from 'zustand';
import { api } from '../api.ts';
import { useShell } from '../shell/store.ts';
import { watchStore } from './watch-store.ts';

// The app's background watcher of the sales the agent left before main had finished with them
// (./watch-store.ts), wired to the contract calls and the wallet in the top bar.

export { noticeShown, watchingCount, type WatchedSale } from './watch-store.ts';

export const usePendingWatch = create(watchStore({ api, refreshWallet: () => void useShell.getState().refreshWallet() }));

const OPEN = new Set(['pending', 'unknown', 'sending']);
let started = false;

/**
 * Started once by the shell when the counter opens: sales a previous session left while the
 * operator was confirming them are watched again, except the one the sale screen took back
 * (`onScreen`). Main prints them when they are confirmed, whoever watches.
 */
export async function startPendingWatch(onScreen: string | null): Promise<void> {
  if (started) return;
  started = true;
  const r = await api.listSales({ limit: 50 });
  if (!r.ok) return;
  for (const s of r.value) if (OPEN.has(s.status) && s.saleId !== onScreen) usePendingWatch.getState().adopt(s.saleId, null, 0);
}
