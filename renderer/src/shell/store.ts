import { create } from 'zustand';
import type { AppInfo, ReferenceData, WalletView } from '../../../contract/counter.ts';
import type { AppError } from '../../../contract/errors.ts';
import { api } from '../api.ts';
import { useLocale } from '../i18n/index.ts';

// The counter's frame: who and where we are, the cached reference data, the wallet.

interface ShellState {
  info: AppInfo | null;
  reference: ReferenceData | null;
  wallet: WalletView | null;
  walletError: AppError | null;
  loadError: AppError | null;
  settingsOpen: boolean;
  load(): Promise<void>;
  refreshWallet(): Promise<void>;
  openSettings(open: boolean): void;
}

export const useShell = create<ShellState>((set, get) => ({
  info: null,
  reference: null,
  wallet: null,
  walletError: null,
  loadError: null,
  settingsOpen: false,

  async load() {
    set({ loadError: null });
    const [info, reference] = await Promise.all([api.appInfo(), api.referenceData()]);
    if (info.ok) useLocale.getState().setDigits(info.value.arabicDigits);
    set({
      info: info.ok ? info.value : get().info,
      reference: reference.ok ? reference.value : get().reference,
      loadError: !info.ok ? info.error : !reference.ok ? reference.error : null,
    });
    void get().refreshWallet();
  },

  async refreshWallet() {
    const r = await api.wallet();
    set(r.ok ? { wallet: r.value, walletError: null } : { walletError: r.error });
  },

  openSettings(open) {
    set({ settingsOpen: open });
    // the supervisor may have changed credentials, prices or top-ups: refresh what we show
    if (!open) void get().load();
  },
}));
