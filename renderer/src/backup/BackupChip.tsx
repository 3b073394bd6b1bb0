import { useEffect } from 'react';
import { useT } from '../i18n/index.ts';
import { useBackup } from './store.ts';

const EVERY_MS = 60_000;

/** The top bar's warning when backups are not safe: the folder missing, the last good one too old, the last attempt failed. */
export function BackupChip() {
  const t = useT();
  const status = useBackup((s) => s.status);
  useEffect(() => {
    void useBackup.getState().load();
    const timer = setInterval(() => void useBackup.getState().load(), EVERY_MS);
    return () => clearInterval(timer);
  }, []);
  if (status?.fresh && !status.warning) {
    return (
      <span className="sync-chip sync-synced" role="status" data-testid="restore-chip" title={t('backup.chip.fresh.where')}>
        {t('backup.chip.fresh')}
      </span>
    );
  }
  if (!status?.warning) return null;
  return (
    <span className="sync-chip sync-stopped" role="alert" data-testid="backup-chip" data-warning={status.warning} title={status.lastFailure?.error.message ?? status.folder}>
      {t(`backup.chip.${status.warning}`)}
    </span>
  );
}
