import { useState, type FormEvent } from 'react';
import type { AppError } from '../../../contract/errors.ts';
import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useShell } from '../shell/store.ts';
import { formatNumber } from '../../../core/format.ts';
import { useLocale } from '../i18n/index.ts';
import { useTi } from './bidi.ts';
import { describedBy, Field, Loading, Notice } from './parts.tsx';
import { useLoad } from './use-load.ts';
import { DigitsSection } from './DigitsSection.tsx';
import { RefundSettingsSection } from '../refunds/RefundSettingsSection.tsx';
import { LockedFields, useSupervisorForm } from './SupervisorLock.tsx';

/** As the contract has it: trimmed, 1 to 80 characters. */
const MAX_NAME = 80;

type Saving = { phase: 'idle' } | { phase: 'saving' } | { phase: 'saved'; name: string } | { phase: 'failed'; error: AppError };

/** The counter itself: its name in the top bar and on receipts. */
export function CounterTab() {
  const t = useTi();
  const maxName = formatNumber(MAX_NAME, useLocale((s) => s.locale));
  const [info, reload, setInfo] = useLoad(api.appInfo);
  const [draft, setDraft] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState<Saving>({ phase: 'idle' });
  const { locked, notice } = useSupervisorForm('counter');

  const current = info.status === 'ready' ? info.value.stationName : null;
  const value = draft ?? current ?? '';
  const name = value.trim();
  const error = name.length === 0 ? t('settings.counter.name.empty') : name.length > MAX_NAME ? t('settings.counter.name.long', { max: maxName }) : null;
  const shownError = tried ? error : null;
  const busy = saving.phase === 'saving';
  const dirty = current !== null && name !== current;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (busy || error || !dirty) return;
    setSaving({ phase: 'saving' });
    void api.saveStationName({ stationName: name }).then((r) => {
      if (!r.ok) {
        setSaving({ phase: 'failed', error: r.error });
        return;
      }
      setInfo(r.value);
      setDraft(null);
      setTried(false);
      setSaving({ phase: 'saved', name: r.value.stationName });
      void useShell.getState().load(); // the top bar shows the new name at once
    });
  }

  return (
    <div className="st-tab" data-testid="settings-counter">
      <h2>{t('settings.counter.heading')}</h2>
      <p className="st-intro">{t('settings.counter.intro')}</p>
      {notice}
      {info.status === 'loading' && <Loading />}
      {info.status === 'error' && <ErrorNotice error={info.error} onRetry={reload} />}
      <LockedFields action="counter" locked={locked}>
        {info.status === 'ready' && (
          <form className="st-form" onSubmit={onSubmit} aria-labelledby="st-counter-form" noValidate>
            <h3 id="st-counter-form" className="st-sr">
              {t('settings.counter.heading')}
            </h3>
            <Field id="st-counter-name" label={t('settings.counter.name')} hint={t('settings.counter.name.hint', { max: maxName })} error={shownError}>
              <input
                id="st-counter-name"
                dir="auto"
                value={value}
                onChange={(e) => {
                  setDraft(e.target.value);
                  setSaving({ phase: 'idle' });
                }}
                disabled={busy}
                aria-invalid={shownError ? true : undefined}
                aria-describedby={describedBy('st-counter-name', true, !!shownError)}
              />
            </Field>
            <div className="st-actions">
              <button type="submit" className="st-btn st-btn-primary" aria-disabled={busy || !dirty || undefined}>
                {busy ? t('settings.saving') : t('settings.counter.save')}
              </button>
            </div>
            {saving.phase === 'saved' && (
              <Notice kind="ok" testId="counter-saved">
                {t('settings.counter.saved', { name: saving.name })}
              </Notice>
            )}
            {saving.phase === 'failed' && <ErrorNotice error={saving.error} />}
          </form>
        )}
        <DigitsSection />
        <RefundSettingsSection />
      </LockedFields>
    </div>
  );
}
