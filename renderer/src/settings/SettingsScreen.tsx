import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../i18n/index.ts';
import { useDesk } from '../desk/store.ts';
import { useShell } from '../shell/store.ts';
import { TrainingTab } from '../training/TrainingTab.tsx';
import { useFocusReturn } from '../components/Modal.tsx';
import { AgentsTab } from '../desk/AgentsTab.tsx';
import { StationTab } from '../station/StationTab.tsx';
import { CounterTab } from './CounterTab.tsx';
import { CredentialsTab } from './CredentialsTab.tsx';
import { PricesTab } from './PricesTab.tsx';
import { PrintersTab } from './PrintersTab.tsx';
import { WalletTab } from './WalletTab.tsx';
import { JournalTab } from './JournalTab.tsx';
import { UpdatesTab } from './UpdatesTab.tsx';
import './settings.css';

const ALL_TABS = ['credentials', 'prices', 'printers', 'counter', 'agents', 'station', 'wallet', 'updates', 'journal', 'training'] as const;
type Tab = (typeof ALL_TABS)[number];

/**
 * The supervisor's settings, one tab per concern. Tabs follow the WAI-ARIA tabs pattern
 * (arrow keys / Home / End move between them); Esc closes the screen.
 */
export function SettingsScreen(props: { onClose(): void }) {
  const t = useT();
  const [tab, setTab] = useState<Tab>('credentials');
  const tabRefs = useRef(new Map<Tab, HTMLButtonElement>());
  const headingRef = useRef<HTMLHeadingElement>(null);
  // An agent sees the supervisor's forms as they are, saying that changes need a supervisor's approval.
  const asAgent = useDesk((s) => s.desk?.signedIn?.role === 'agent');
  // The trainer's panel exists only on play money with the embedded sandbox.
  const training = useShell((s) => s.info?.environment === 'TRAINING');
  const TABS: readonly Tab[] = training ? ALL_TABS : ALL_TABS.filter((x) => x !== 'training');
  useFocusReturn();

  // Focus lands on the screen's title when it opens, so the keyboard starts here.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  // Esc closes the screen wherever the focus is (also on <body> after a button it was on went
  // away); anything inside that handles Esc itself (a confirmation, an edit) prevents this.
  const { onClose } = props;
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented && !e.isComposing) {
        e.preventDefault();
        onClose();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  function select(next: Tab) {
    setTab(next);
    tabRefs.current.get(next)?.focus();
  }

  function onTabKey(e: KeyboardEvent<HTMLDivElement>) {
    const i = TABS.indexOf(tab);
    const move: Record<string, number> = { ArrowDown: i + 1, ArrowUp: i - 1, Home: 0, End: TABS.length - 1 };
    const to = move[e.key];
    if (to === undefined) return;
    e.preventDefault();
    select(TABS[(to + TABS.length) % TABS.length] as Tab);
  }

  return (
    <section className="settings" aria-labelledby="settings-title" data-testid="settings">
      <header className="settings-head">
        <h1 id="settings-title" ref={headingRef} tabIndex={-1}>
          {t('settings.title')}
        </h1>
        <span className="settings-role" data-testid="settings-role">
          {t(asAgent ? 'settings.subtitle.agent' : 'settings.subtitle')}
        </span>
        <button type="button" className="settings-close" onClick={props.onClose} aria-keyshortcuts="Escape">
          {t('settings.close')} <kbd aria-hidden="true">{t('settings.close.key')}</kbd>
        </button>
      </header>
      <div className="settings-body">
        <div role="tablist" aria-orientation="vertical" aria-label={t('settings.tabs')} className="settings-tabs" onKeyDown={onTabKey}>
          {TABS.map((id) => (
            <button
              key={id}
              ref={(el) => {
                if (el) tabRefs.current.set(id, el);
                else tabRefs.current.delete(id);
              }}
              type="button"
              role="tab"
              id={`settings-tab-${id}`}
              aria-controls={`settings-panel-${id}`}
              aria-selected={tab === id}
              tabIndex={tab === id ? 0 : -1}
              className="settings-tab"
              onClick={() => select(id)}
            >
              {t(`settings.tab.${id}`)}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`} className="settings-panel">
          {tab === 'credentials' && <CredentialsTab />}
          {tab === 'prices' && <PricesTab />}
          {tab === 'printers' && <PrintersTab />}
          {tab === 'counter' && <CounterTab />}
          {tab === 'agents' && <AgentsTab />}
          {tab === 'station' && <StationTab />}
          {tab === 'wallet' && <WalletTab />}
          {tab === 'journal' && <JournalTab />}
          {tab === 'training' && <TrainingTab />}
          {tab === 'updates' && <UpdatesTab />}
        </div>
      </div>
    </section>
  );
}
