import { create } from 'zustand';
import type { AppError } from '../../../contract/errors.ts';
import type { CashCount, CashMoveKind, CountResult, DeskState, ZReportView } from '../../../contract/shifts.ts';
import type { Result } from '../../../contract/errors.ts';
import { api, setAfterUnlock } from '../api.ts';

// Who is at the counter and their shift, as main says: the sign-in, lock and shift screens read
// it and every change comes back from main (never guessed here). The blind count's answer and
// the closed shift's Z-report are kept until the agent moves on.

export type ShiftPanel = null | 'cash' | 'close';

interface DeskStore {
  desk: DeskState | null;
  error: AppError | null;
  busy: boolean;
  panel: ShiftPanel;
  counted: CountResult | null;
  closed: ZReportView | null;
  load(): Promise<void>;
  run<T>(call: () => Promise<Result<T>>, after?: (value: T) => void): Promise<boolean>;
  signIn(agentId: string, pin: string): Promise<boolean>;
  createFirstSupervisor(name: string, pin: string, stationSecret?: string): Promise<boolean>;
  unlockAgent(agentId: string, supervisorId: string, pin: string): Promise<boolean>;
  importStationSecret(secret: string, supervisorId: string, pin: string): Promise<boolean>;
  lock(): Promise<void>;
  signOut(): Promise<void>;
  openShift(float: CashCount): Promise<boolean>;
  moveCash(kind: CashMoveKind, amountMinor: number, reason: string): Promise<boolean>;
  count(count: CashCount): Promise<boolean>;
  close(comment: string | null): Promise<boolean>;
  showPanel(panel: ShiftPanel): void;
  clearError(): void;
}

export const useDesk = create<DeskStore>((set, get) => {
  const deskCall = (call: () => Promise<Result<DeskState>>) => get().run(call, (desk) => set({ desk }));
  return {
    desk: null,
    error: null,
    busy: false,
    panel: null,
    counted: null,
    closed: null,

    async load() {
      const r = await api.desk();
      set(r.ok ? { desk: r.value, error: null } : { error: r.error });
    },

    async run(call, after) {
      set({ busy: true, error: null });
      const r = await call();
      set({ busy: false });
      if (!r.ok) {
        set({ error: r.error });
        return false;
      }
      after?.(r.value);
      return true;
    },

    signIn: (agentId, pin) => deskCall(() => api.signIn({ agentId, pin })),
    createFirstSupervisor: (name, pin, stationSecret) => deskCall(() => api.createFirstSupervisor({ name, pin, ...(stationSecret !== undefined ? { stationSecret } : {}) })),
    unlockAgent: (agentId, supervisorId, pin) => deskCall(() => api.unlockAgent({ agentId, supervisorId, pin })),
    importStationSecret: (secret, supervisorId, pin) => deskCall(() => api.importStationSecret({ secret, supervisorId, pin })),
    async lock() {
      await deskCall(() => api.lockScreen());
    },
    async signOut() {
      set({ panel: null, counted: null, closed: null });
      await deskCall(() => api.signOut());
    },
    openShift: (float) => deskCall(() => api.openShift({ float })),
    async moveCash(kind, amountMinor, reason) {
      return deskCall(() => api.moveCash({ kind, amountMinor, reason }));
    },
    count: (count) => get().run(() => api.countDrawer({ count }), (counted) => set({ counted })),
    async close(comment) {
      const ok = await get().run(() => api.closeShift({ comment }), (closed) => set({ closed, panel: null, counted: null }));
      if (ok) await get().load();
      return ok;
    },
    showPanel(panel) {
      set({ panel, error: null, ...(panel === null ? { closed: null } : {}) });
    },
    clearError: () => set({ error: null }),
  };
});

// Main locked the screen by itself (idle) while this page still showed the agent at work: the
// lock screen shows, and what was refused is made again once their own PIN opens it.
setAfterUnlock(async () => {
  const before = useDesk.getState().desk?.signedIn?.id;
  if (!before) return false;
  if (!useDesk.getState().desk?.locked) {
    await useDesk.getState().load();
    if (!useDesk.getState().desk?.locked) return false; // not locked after all: refused for another reason
  }
  return new Promise<boolean>((resolve) => {
    const stop = useDesk.subscribe(({ desk }) => {
      if (desk?.locked && desk.signedIn?.id === before) return;
      stop();
      resolve(desk?.signedIn?.id === before);
    });
  });
});
