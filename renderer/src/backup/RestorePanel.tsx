import { useState, type FormEvent } from 'react';
import type { RestoreResult } from '../../../contract/backup.ts';
import type { AppError } from '../../../contract/errors.ts';
import { formatNumber } from '../../../core/format.ts';
import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useLocale } from '../i18n/index.ts';
import { useTi } from '../settings/bidi.ts';
import { Field, Notice } from '../settings/parts.tsx';
import { reloadAfterIdentityChange } from './store.ts';
import '../settings/settings.css';

type Step = { phase: 'idle' } | { phase: 'busy' } | { phase: 'done'; value: RestoreResult } | { phase: 'failed'; error: AppError };

/**
 * "Restore this counter" on a new or emptied PC: a backup file's path, and/or the counter's id at
 * the linked station database. Main refuses it on a PC with work of its own, and while the old PC
 * still holds the counter at the station.
 */
export function RestorePanel({ fresh, onRestored, level = 3, intro = true }: { fresh: boolean; onRestored?: () => void; level?: 2 | 3; intro?: boolean }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const t = useTi();
  const { locale } = useLocale();
  const [file, setFile] = useState('');
  const [counterId, setCounterId] = useState('');
  const [step, setStep] = useState<Step>({ phase: 'idle' });

  function restore(e: FormEvent) {
    e.preventDefault();
    if (step.phase === 'busy') return;
    const arg = { ...(file.trim() ? { file: file.trim() } : {}), ...(counterId.trim() ? { stationCounterId: counterId.trim() } : {}) };
    setStep({ phase: 'busy' });
    void api.restoreCounter(arg).then((r) => {
      setStep(r.ok ? { phase: 'done', value: r.value } : { phase: 'failed', error: r.error });
      if (r.ok) {
        onRestored?.();
        reloadAfterIdentityChange();
      }
    });
  }

  return (
    <section aria-labelledby="st-restore" className="st-restore" data-testid="restore-panel">
      <Heading id="st-restore">{t('restore.heading')}</Heading>
      {intro && <p className="st-intro">{t(fresh ? 'restore.intro.fresh' : 'restore.intro')}</p>}
      {fresh && (
        <form className="st-form" onSubmit={restore} noValidate aria-labelledby="st-restore">
          <Field id="st-restore-file" label={t('restore.file')} hint={t('restore.file.hint')} wide>
            <input id="st-restore-file" className="mono" dir="ltr" value={file} onChange={(e) => setFile(e.target.value)} data-testid="restore-file" />
          </Field>
          <Field id="st-restore-counter" label={t('restore.counter')} hint={t('restore.counter.hint')} wide>
            <input id="st-restore-counter" className="mono" dir="ltr" value={counterId} onChange={(e) => setCounterId(e.target.value)} data-testid="restore-counter" />
          </Field>
          <div className="st-actions">
            <button type="submit" className="st-btn st-btn-primary" aria-disabled={step.phase === 'busy' || (!file.trim() && !counterId.trim()) || undefined} data-testid="restore-go">
              {t('restore.go')}
            </button>
          </div>
        </form>
      )}
      {step.phase === 'busy' && (
        <Notice kind="info" busy>
          {t('restore.running')}
        </Notice>
      )}
      {step.phase === 'done' && (
        <Notice kind="ok" testId="restore-done">
          {t('restore.done', { counter: step.value.counterId, seq: formatNumber(step.value.seq, locale), station: formatNumber(step.value.fromStation, locale) })}
        </Notice>
      )}
      {step.phase === 'failed' && <ErrorNotice error={step.error} />}
    </section>
  );
}
