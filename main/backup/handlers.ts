import type { HandlerGroup } from '../deps.ts';
import type { BackupService } from './service.ts';

export function backupHandlers(backups: BackupService): HandlerGroup<'backupJournal' | 'backupStatus' | 'saveBackupSettings'> {
  return {
    backupJournal: async () => {
      const file = await backups.backUp();
      return { path: file.path, bytes: file.bytes };
    },
    backupStatus: () => backups.status(),
    saveBackupSettings: (input) => backups.saveSettings(input),
  };
}
