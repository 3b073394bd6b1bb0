import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { AppInfo } from '../../../contract/counter.ts';
import { api } from '../api.ts';
import { Spinner } from '../components/Icons.tsx';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { Modal } from '../components/Modal.tsx';
import { useT } from '../i18n/index.ts';
import { DeskFrame } from './DeskFrame.tsx';
import { FirstSupervisor, PinKeyLost, SignIn } from './SignIn.tsx';
import { OpenShift, ShiftClosed, ShiftPanel } from './ShiftScreens.tsx';
import { useShell } from '../shell/store.ts';
import { useIdleLock } from './idle-lock.ts';
import { useApprovalLapse } from './approval.ts';
import { deskOpenWithoutAgents, mayWorkWithoutShift } from './rules.ts';
import { useDesk } from './store.ts';
import { OverrideDialog } from './OverrideDialog.tsx';
import './desk.css';

// rare (a deleted journal), and it brings the restore form: loaded only when needed
const JournalLost = lazy(() => import('./JournalLost.tsx').then((m) => ({ default: m.JournalLost })));

/**
 * What stands between the door and the counter: the first supervisor on a new LIVE counter
 * (TRAINING and SANDBOX may skip it and sell as their demo agent), the sign-in, the opening float. A locked screen covers
 * the counter without unmounting it, so a sale in progress is there after the PIN.
 */
export function DeskGate({ children }: { children: ReactNode }) {
  const t = useT();
  const desk = useDesk((s) => s.desk);
  const error = useDesk((s) => s.error);
  const closed = useDesk((s) => s.closed);
  const [info, setInfo] = useState<AppInfo | null>(null);
  // Again when Settings close: a credential saved there may have switched the journal (and its agents).
  const settingsOpen = useShell((s) => s.settingsOpen);
  useEffect(() => {
    if (settingsOpen) return;
    void useDesk.getState().load();
    void api.appInfo().then((r) => r.ok && setInfo(r.value));
  }, [settingsOpen]);
  useIdleLock(desk);
  useApprovalLapse(desk);
  // A screen of the gate replaces the counter: whatever was open over it (Settings) is closed.
  const gated = desk !== null && info !== null && desk.agentsInUse && (!desk.signedIn || (!desk.locked && !desk.shift && (closed !== null || !mayWorkWithoutShift(desk))));
  useEffect(() => {
    if (gated && useShell.getState().settingsOpen) useShell.getState().openSettings(false);
  }, [gated]);

  if (!desk || !info) {
    return (
      <main className="desk-screen">
        {error ? (
          <ErrorNotice error={error} onRetry={() => void useDesk.getState().load()} />
        ) : (
          <p className="progress" role="status">
            <Spinner /> {t('common.loading')}
          </p>
        )}
      </main>
    );
  }
  const framed = (screen: ReactNode) => <DeskFrame info={info}>{screen}</DeskFrame>;
  if (desk.journalLost) {
    return framed(
      <Suspense fallback={null}>
        <JournalLost lost={desk.journalLost} />
      </Suspense>,
    );
  }
  if (!desk.agentsInUse) {
    if (!deskOpenWithoutAgents(desk, info.environment)) return framed(<FirstSupervisor />);
    return desk.keychainFailed ? (
      <>
        <p className="keychain-failed" role="alert" data-testid="keychain-failed">
          {t('desk.keychainFailed')}
        </p>
        {children}
      </>
    ) : (
      <>{children}</>
    );
  }
  if (desk.pinKeyLost && !desk.signedIn) return framed(<PinKeyLost />);
  if (!desk.signedIn) return framed(<SignIn />);
  if (!desk.locked && !desk.shift) {
    if (closed) return framed(<ShiftClosed />);
    // A supervisor sets the counter up (agents, printers, prices, reports) without a cash shift;
    // the counter's main area asks for the float only when they want to sell (App).
    if (!mayWorkWithoutShift(desk)) return framed(<OpenShift />);
  }
  // the same tree locked or not, so the counter under the lock keeps its state and its focus
  return (
    <>
      {children}
      {desk.locked ? <Modal className="desk-lock-overlay">{framed(<SignIn />)}</Modal> : desk.shift && <ShiftPanel />}
      {!desk.locked && <OverrideDialog />}
    </>
  );
}
