import { useEffect, type ReactNode } from 'react';
import type { AppInfo } from '../../../contract/counter.ts';
import { EnvironmentBadge } from '../components/EnvironmentBadge.tsx';
import { useLocale, useT } from '../i18n/index.ts';
import { LanguageSwitch } from '../shell/LanguageSwitch.tsx';

/**
 * The frame of the screens before the counter (first supervisor, sign-in, float, closed shift):
 * the brand, the station, the environment (always on screen) and the language, with F3.
 */
export function DeskFrame({ info, children }: { info: AppInfo; children: ReactNode }) {
  const t = useT();
  const toggle = useLocale((s) => s.toggle);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'F3' || e.defaultPrevented) return;
      e.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);
  return (
    <div className="app">
      <header className="topbar">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            ش
          </span>
          <span className="brand-name">{t('app.name')}</span>
          <span className="brand-station" dir="auto">
            {info.stationName}
          </span>
        </div>
        <EnvironmentBadge environment={info.environment} />
        <span className="topbar-spacer" />
        <LanguageSwitch />
      </header>
      {children}
    </div>
  );
}
