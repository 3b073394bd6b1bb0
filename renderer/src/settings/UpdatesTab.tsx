import { useState, type FormEvent } from 'react';
import type { AppError } from '../../../contract/errors.ts';
import { UpdateFeedUrl, type UpdateStatus } from '../../../contract/updates.ts';
import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useTi } from './bidi.ts';
import { describedBy, Field, Loading, Notice } from './parts.tsx';
import { useLoad } from './use-load.ts';
import { useSupervisorForm } from './SupervisorLock.tsx';

type Saving = { phase: 'idle' } | { phase: 'saving' } | { phase: 'saved' } | { phase: 'failed'; error: AppError };

/**
 * Updates of the app: off until a supervisor gives the station's or head office's HTTPS feed. An
 * agent sees even the state of the updates once a supervisor approved it (main refuses it before).
 */
export function UpdatesTab() {
  const t = useTi();
  const { locked, notice } = useSupervisorForm('updates');
  return (
    <div className="st-tab" data-testid="settings-updates">
      <h2>{t('updates.heading')}</h2>
      <p className="st-intro">{t('updates.intro')}</p>
      {notice}
      {!locked && <UpdatesForm />}
    </div>
  );
}

function UpdatesForm() {
  const t = useTi();
  const [status, reload, setStatus] = useLoad(api.updateStatus);
  const [draft, setDraft] = useState<{ enabled: boolean; feedUrl: string } | null>(null);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState<Saving>({ phase: 'idle' });

  const current = status.status === 'ready' ? status.value : null;
  const form = draft ?? { enabled: current?.enabled ?? false, feedUrl: current?.feedUrl ?? '' };
  const url = form.feedUrl.trim();
  const urlError = url === '' ? (form.enabled ? t('updates.feed.empty') : null) : UpdateFeedUrl.safeParse(url).success ? null : t('updates.feed.invalid');
  const shownError = tried ? urlError : null;
  const busy = saving.phase === 'saving';

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (busy || urlError) return;
    setSaving({ phase: 'saving' });
    void api.saveUpdateSettings({ enabled: form.enabled, feedUrl: url === '' ? null : url }).then((r) => {
      if (!r.ok) return setSaving({ phase: 'failed', error: r.error });
      setStatus(r.value);
      setDraft(null);
      setTried(false);
      setSaving({ phase: 'saved' });
    });
  }

  return (
    <>
      {status.status === 'loading' && <Loading />}
      {status.status === 'error' && <ErrorNotice error={status.error} onRetry={reload} />}
      {current && (
        <>
          <Notice kind={current.phase === 'failed' || current.phase === 'held' ? 'warn' : 'info'} testId="updates-status">
            {statusLine(current, t)}
          </Notice>
          <form className="st-form" onSubmit={onSubmit} aria-labelledby="st-updates-form" noValidate>
            <h3 id="st-updates-form" className="st-sr">
              {t('updates.heading')}
            </h3>
            <label>
              <input
                type="checkbox"
                checked={form.enabled}
                onChange={(e) => {
                  setDraft({ ...form, enabled: e.target.checked });
                  setSaving({ phase: 'idle' });
                }}
                disabled={busy}
              />
              {t('updates.enabled')}
            </label>
            <Field id="st-updates-feed" label={t('updates.feed')} hint={t('updates.feed.hint')} error={shownError} wide>
              <input
                id="st-updates-feed"
                dir="ltr"
                inputMode="url"
                placeholder="https://"
                value={form.feedUrl}
                onChange={(e) => {
                  setDraft({ ...form, feedUrl: e.target.value });
                  setSaving({ phase: 'idle' });
                }}
                disabled={busy}
                aria-invalid={shownError ? true : undefined}
                aria-describedby={describedBy('st-updates-feed', true, !!shownError)}
              />
            </Field>
            <div className="st-actions">
              <button type="submit" className="st-btn st-btn-primary" aria-disabled={busy || undefined}>
                {busy ? t('settings.saving') : t('updates.save')}
              </button>
            </div>
            {saving.phase === 'saved' && (
              <Notice kind="ok" testId="updates-saved">
                {t('updates.saved')}
              </Notice>
            )}
            {saving.phase === 'failed' && <ErrorNotice error={saving.error} />}
          </form>
        </>
      )}
    </>
  );
}

function statusLine(s: UpdateStatus, t: ReturnType<typeof useTi>): string {
  const version = { version: s.currentVersion };
  if (s.phase === 'downloaded' && s.waitingFor) return t(`updates.waiting.${s.waitingFor}`, { version: s.availableVersion ?? '' });
  if (s.phase === 'downloading' || s.phase === 'downloaded' || s.phase === 'installing') return t(`updates.phase.${s.phase}`, { version: s.availableVersion ?? '' });
  if (s.phase === 'failed') return t('updates.phase.failed', { error: s.lastError ?? '' });
  return t(`updates.phase.${s.phase}`, version);
}
