import { lazy, Suspense, useEffect } from 'react';
import { useDesk } from './desk/store.ts';
import { needsShiftToSell } from './desk/rules.ts';
import { OpenShift } from './desk/ShiftScreens.tsx';
import { useT } from './i18n/index.ts';
import { ErrorNotice } from './components/ErrorNotice.tsx';
import { Spinner } from './components/Icons.tsx';
import { useReports } from './reports/store.ts';
import { LookupScreen } from './lookup/LookupScreen.tsx';
import { useLookup } from './lookup/store.ts';
import { SaleScreen } from './sale/SaleScreen.tsx';
import { watchStation } from './station/store.ts';
import { WorklistPanel } from './worklist/WorklistPanel.tsx';
import { watchWorklist } from './worklist/store.ts';
import { useSale } from './sale/store.ts';
import { PendingNotices } from './sale/PendingWatch.tsx';
import { startPendingWatch } from './sale/pending-watch.ts';
import { KeyBar } from './shell/KeyBar.tsx';
import { TopBar } from './shell/TopBar.tsx';
import { useShortcuts } from './shell/shortcuts.ts';
import { useShell } from './shell/store.ts';

const WALLET_REFRESH_MS = 60_000;
import './shell/shell.css';

// The supervisor's screens load when first opened: the sale screen an agent starts on stays light.
const SettingsScreen = lazy(() => import('./settings/SettingsScreen.tsx').then((m) => ({ default: m.SettingsScreen })));
const ReportsScreen = lazy(() => import('./reports/ReportsScreen.tsx').then((m) => ({ default: m.ReportsScreen })));

/** The counter: top bar, the sale flow (or the settings), the key bar. */
export function App() {
  const t = useT();
  const reference = useShell((s) => s.reference);
  const loadError = useShell((s) => s.loadError);
  const settingsOpen = useShell((s) => s.settingsOpen);
  const reportsOpen = useReports((s) => s.open);
  const lookupOpen = useLookup((s) => s.open);
  const { load, openSettings } = useShell.getState();
  useShortcuts();

  // A new shift (or another agent's) starts with a fresh sale: nothing of the last one stays on screen.
  const shiftId = useDesk((s) => s.desk?.shift?.shiftId ?? null);
  const needsShift = useDesk((s) => needsShiftToSell(s.desk));
  useEffect(() => {
    if (shiftId) useSale.getState().newCustomer();
  }, [shiftId]);

  useEffect(() => {
    void load().then(async () => {
      const sale = useSale.getState();
      sale.prefillOrigin();
      sale.focusOn('from');
      // the sale that was on screen before a reload, as main knows it now
      await sale.resumeSale();
      // sales a previous session left while the operator was confirming them
      void startPendingWatch(useSale.getState().saleId);
    });
  }, [load]);

  // Shipping to the station database (when there is one) is shown in the top bar.
  useEffect(() => watchStation(), []);
  useEffect(() => watchWorklist(), []);

  // Top-ups and adjustments happen outside the counter (the account manager): keep the balance
  // in the top bar current even when no sale is made.
  useEffect(() => {
    const timer = setInterval(() => void useShell.getState().refreshWallet(), WALLET_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <div className="app">
      <TopBar />
      {settingsOpen ? (
        <main className="settings-host">
          <Suspense fallback={<Loading />}>
            <SettingsScreen onClose={() => openSettings(false)} />
          </Suspense>
        </main>
      ) : reportsOpen ? (
        <Suspense fallback={<Loading />}>
          <ReportsScreen />
        </Suspense>
      ) : lookupOpen ? (
        <LookupScreen />
      ) : reference ? (
        needsShift ? <OpenShift withinCounter /> : <SaleScreen />
      ) : (
        <main className="sale boot">
          {loadError ? (
            <ErrorNotice error={loadError} onRetry={() => void load()} />
          ) : (
            <p className="progress" role="status">
              <Spinner /> {t('common.loading')}
            </p>
          )}
        </main>
      )}
      <PendingNotices />
      <WorklistPanel />
      {!settingsOpen && !reportsOpen && !lookupOpen && <KeyBar />}
    </div>
  );
}

function Loading() {
  const t = useT();
  return (
    <p className="progress" role="status">
      <Spinner /> {t('common.loading')}
    </p>
  );
}
