import { formatNumber } from '../../../core/format.ts';
import { useLocale, useT } from '../i18n/index.ts';
import { useStation } from './store.ts';

/** The top bar's word on the station database: synced, or offline with the backlog, or stopped (an alarm). */
export function SyncChip() {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const status = useStation((s) => s.status);
  if (!status?.configured) return null;
  const state = status.shipping;
  return (
    <span
      className={`sync-chip sync-${state}`}
      role={state === 'stopped' ? 'alert' : 'status'}
      data-testid="sync-chip"
      data-state={state}
      title={status.lastError ?? undefined}
    >
      {t(`station.sync.${state}`, { backlog: formatNumber(status.backlog, locale) })}
    </span>
  );
}
