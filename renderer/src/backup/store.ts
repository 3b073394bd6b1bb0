import { create } from 'zustand';
import type { BackupStatus } from '../../../contract/backup.ts';
import { api } from '../api.ts';
import { useDesk } from '../desk/store.ts';
import { useShell } from '../shell/store.ts';

/** How the automatic backups stand, for the top bar (asked again every minute). */
export const useBackup = create<{ status: BackupStatus | null; set(s: BackupStatus): void; load(): Promise<void> }>((set) => ({
  status: null,
  set: (status) => set({ status }),
  load: async () => {
    const r = await api.backupStatus();
    if (r.ok) set({ status: r.value });
  },
}));

/** After a restore or a new identity: the top bar, the desk (agents, shift) and the backups, read again. */
export function reloadAfterIdentityChange(): void {
  void useShell.getState().load();
  void useDesk.getState().load();
  void useBackup.getState().load();
}
