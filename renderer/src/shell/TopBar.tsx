import { useLocale, useT } from '../i18n/index.ts';
import { EnvironmentBadge } from '../components/EnvironmentBadge.tsx';
import { GearIcon, LockIcon } from '../components/Icons.tsx';
import { formatPounds } from '../../../core/format.ts';
import { PendingIndicator } from '../sale/PendingWatch.tsx';
import { useDesk } from '../desk/store.ts';
import { useReports } from '../reports/store.ts';
import { SyncChip } from '../station/SyncChip.tsx';
import { BackupChip } from '../backup/BackupChip.tsx';
import { WorklistChip } from '../worklist/WorklistPanel.tsx';
import { Kbd } from './Kbd.tsx';
import { useDescription } from '../components/Description.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { useShell } from './store.ts';

/**
 * F7 Reports. An agent sees it too, marked as needing a supervisor's approval (a lock, and said
 * in its description): pressing it asks for the supervisor's PIN at the agent's side.
 */
function ReportsButton({ locked }: { locked: boolean }) {
  const t = useT();
  const { describedBy, description } = useDescription(locked ? t('shell.needsApproval') : null);
  return (
    <button
      type="button"
      className={`topbar-button${locked ? ' locked' : ''}`}
      onClick={() => useReports.getState().show(true)}
      aria-keyshortcuts="F7"
      aria-describedby={describedBy}
      data-testid="open-reports"
    >
      {locked && <LockIcon />}
      {t('reports.key')} <Kbd k="F7" />
      {description}
    </button>
  );
}

/** Brand, station and agent, the environment (always), the wallet, language and settings. */
export function TopBar() {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const info = useShell((s) => s.info);
  const wallet = useShell((s) => s.wallet);
  const settingsOpen = useShell((s) => s.settingsOpen);
  const { openSettings } = useShell.getState();
  const desk = useDesk((s) => s.desk);
  const signedIn = desk?.signedIn ?? null;
  const supervisor = desk ? !desk.agentsInUse || signedIn?.role === 'supervisor' : false;
  // Signed in, the bar carries the agent's own buttons (Shift, Lock): on a narrow screen it makes room (shell.css).
  return (
    <header className={signedIn ? 'topbar topbar-signed-in' : 'topbar'}>
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">
          ش
        </span>
        <span className="brand-name">{t('app.name')}</span>
        {info?.stationName && (
          <span className="brand-station" data-testid="station" dir="auto" title={info.stationName}>
            {info.stationName}
          </span>
        )}
      </div>
      {info && <EnvironmentBadge environment={info.environment} />}
      <PendingIndicator />
      <SyncChip />
      <BackupChip />
      <WorklistChip />
      <span className={`wallet${wallet?.low ? ' low' : ''}`} data-testid="wallet" title={wallet?.low ? t('shell.wallet.low') : undefined}>
        <span className="wallet-label">{t('shell.wallet')}</span>
        <strong>{wallet ? formatPounds(wallet.balanceMinor, locale) : '—'}</strong>
        {wallet?.low && <span className="wallet-warn">{t('shell.wallet.lowShort')}</span>}
      </span>
      {info?.agent && (
        <span className="agent" data-testid="agent">
          <span className="wallet-label">{t('shell.agent')}</span>
          <strong title={info.agent.name}>{info.agent.name}</strong>
        </span>
      )}
      {(supervisor || signedIn) && <ReportsButton locked={!supervisor} />}
      {signedIn && desk?.shift && (
        <button type="button" className="topbar-button" onClick={() => useDesk.getState().showPanel('cash')} aria-keyshortcuts="F11" data-testid="open-shift-panel">
          {t('desk.shift')} <Kbd k="F11" />
        </button>
      )}
      {signedIn && (
        <button type="button" className="topbar-button" onClick={() => void useDesk.getState().lock()} aria-keyshortcuts="Control+L" data-testid="lock">
          {t('desk.lock')} <Kbd k="Ctrl+L" />
        </button>
      )}
      <LanguageSwitch />
      <button
        type="button"
        className="settings-button"
        onClick={() => openSettings(!settingsOpen)}
        aria-pressed={settingsOpen}
        aria-label={t('shell.settings')}
        title={t('shell.settings')}
      >
        <GearIcon />
        <span>{t('shell.settings')}</span>
      </button>
    </header>
  );
}
