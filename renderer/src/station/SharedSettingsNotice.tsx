import { cairoDateAndTime } from '../../../core/format.ts';
import type { StationSettingSide } from '../../../contract/station.ts';
import { useLocale, useT } from '../i18n/index.ts';
import { Notice } from '../settings/parts.tsx';
import { useStation } from './store.ts';

/**
 * Above the settings the whole station shares (agents, markup rules, the station's name): that a
 * change here reaches every counter, or that the station database is unreachable and these are
 * the settings last received; and, after two supervisors changed one thing at once, which stands.
 */
export function SharedSettingsNotice() {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const status = useStation((s) => s.status);
  const settings = status?.settings;
  if (!status?.configured || !settings || settings.state === 'other_environment') return null;
  const when = (at: string | null) => {
    if (!at) return t('station.shared.never');
    const { date, time } = cairoDateAndTime(at, locale);
    return `${date} ${time}`;
  };
  const side = (s: StationSettingSide) => t('station.shared.side', { agent: s.agentName ?? '—', counter: s.counterId.slice(0, 12), when: when(s.at) });
  return (
    <div className="st-shared" data-testid="station-shared">
      {settings.state === 'offline' ? (
        <Notice kind="warn" testId="station-shared-state">
          {t('station.shared.offline', { when: when(settings.lastReceivedAt) })}
        </Notice>
      ) : (
        <Notice kind="info" testId="station-shared-state">
          {t('station.shared.current', { station: status.station?.name ?? '' })}
        </Notice>
      )}
      {settings.notices.map((n) => (
        <Notice key={`${n.standing.seq}-${n.replaced.seq}`} kind={n.yours === 'replaced' ? 'warn' : 'info'} testId="station-shared-concurrent">
          {t('station.shared.concurrent', { subject: n.subject, standing: side(n.standing) })} {t(`station.shared.yours.${n.yours}`)}
        </Notice>
      ))}
    </div>
  );
}
