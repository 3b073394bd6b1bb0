import { formatNumber } from '../../../core/format.ts';
import { useLocale, useT } from '../i18n/index.ts';
import { useStation } from './store.ts';

/** The top bar's word on the station database: synced, or offline with the backlog, or stopped (an alarm); its link changed outside the app (an alarm). */
export function SyncChip() {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const status = useStation((s) => s.status);
  if (status?.changedOutside) {
    return (
      <span className="sync-chip sync-stopped" role="alert" data-testid="sync-chip" data-state="changed_outside" title={t('station.changedOutside')}>
        {t('station.sync.changedOutside')}
      </span>
    );
  }
  if (!status?.configured) return null;
  const state = status.shipping;
  // Another window's journal refused by the station database is an alarm here too.
  // So is a forged or unsigned row of the station's settings stream (refused here).
  const refused = status.settings?.refused ?? null;
  const elsewhere = state !== 'stopped' && (status.stoppedCounters.length > 0 || refused !== null);
  const shown = elsewhere ? 'stopped' : state;
  const alarm =
    status.stoppedCounters.length === 0
      ? t('station.sync.settingsRefused')
      : t('station.sync.alarm', { count: formatNumber(status.stoppedCounters.length + (refused ? 1 : 0), locale) });
  return (
    <span
      className={`sync-chip sync-${shown}`}
      role={shown === 'stopped' ? 'alert' : 'status'}
      data-testid="sync-chip"
      data-state={elsewhere ? 'alarm' : state}
      title={
        elsewhere
          ? [...status.stoppedCounters.map((c) => `${c.counterId}: ${c.reason}`), ...(refused ? [`${refused.counterId}: ${refused.reason}`, refused.command] : [])].join('\n')
          : (status.lastError ?? undefined)
      }
    >
      {elsewhere ? alarm : t(`station.sync.${state}`, { backlog: formatNumber(status.backlog, locale) })}
    </span>
  );
}
