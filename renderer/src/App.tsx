import { useEffect, useState } from 'react';
import type { AppInfo } from '../../contract/counter.ts';
import type { City } from '../../contract/partner/resources.ts';
import type { AppError } from '../../contract/errors.ts';
import { api } from './api.ts';
import { useLocale, useT } from './i18n/index.ts';
import { EnvironmentBadge } from './components/EnvironmentBadge.tsx';
import { ErrorNotice } from './components/ErrorNotice.tsx';

export function App() {
  const t = useT();
  const { locale, toggle } = useLocale();
  const [info, setInfo] = useState<AppInfo | null>(null);
  const [cities, setCities] = useState<City[] | null>(null);
  const [error, setError] = useState<AppError | null>(null);

  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    void Promise.all([api.appInfo(), api.listCities()]).then(([i, c]) => {
      if (!current) return;
      setError(i.ok ? (c.ok ? null : c.error) : i.error);
      if (i.ok) setInfo(i.value);
      if (c.ok) setCities(c.value);
    });
    return () => {
      current = false;
    };
  }, [attempt]);

  return (
    <div className="app">
      <header className="topbar">
        <div className="brand">
          <span className="brand-name">{t('app.name')}</span>
          <span className="brand-tagline">{t('app.tagline')}</span>
        </div>
        {info && <EnvironmentBadge environment={info.environment} />}
        <button type="button" className="lang-switch" onClick={toggle} aria-label={t('lang.switch.label')}>
          {t('lang.switch')}
        </button>
      </header>
      <main className="content">
        {error && <ErrorNotice error={error} onRetry={() => setAttempt((n) => n + 1)} />}
        {info && (
          <p className="muted" data-testid="app-version">
            {t('home.version', { version: info.version })} · {t('home.api', { url: info.apiBaseUrl })}
          </p>
        )}
        <section aria-labelledby="cities-title">
          <h1 id="cities-title">{t('home.cities')}</h1>
          {cities === null && !error && <p aria-busy="true">{t('common.loading')}</p>}
          {cities && (
            <>
              <p className="muted">{t('home.cities.count', { count: cities.length })}</p>
              <ul className="city-grid" data-testid="city-list">
                {cities.map((c) => (
                  <li key={c.id} lang={locale}>
                    {locale === 'ar' ? (c.name_ar ?? c.name) : c.name}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      </main>
    </div>
  );
}
