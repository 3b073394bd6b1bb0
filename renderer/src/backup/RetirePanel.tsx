import { useState, type FormEvent } from 'react';
import type { RetireResult } from '../../../contract/backup.ts';
import type { AppError } from '../../../contract/errors.ts';
import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useTi } from '../settings/bidi.ts';
import { Field, InlineConfirm, Notice } from '../settings/parts.tsx';
import { reloadAfterIdentityChange } from './store.ts';

type Step = { phase: 'idle' } | { phase: 'confirm' } | { phase: 'busy' } | { phase: 'done'; value: RetireResult } | { phase: 'failed'; error: AppError };

/** Replace: this PC's counter identity retired (its journals kept read-only), a new one started. */
export function RetirePanel() {
  const t = useTi();
  const [reason, setReason] = useState('');
  const [step, setStep] = useState<Step>({ phase: 'idle' });

  function ask(e: FormEvent) {
    e.preventDefault();
    if (reason.trim()) setStep({ phase: 'confirm' });
  }

  function retire() {
    setStep({ phase: 'busy' });
    void api.retireCounter({ reason: reason.trim() }).then((r) => {
      setStep(r.ok ? { phase: 'done', value: r.value } : { phase: 'failed', error: r.error });
      if (r.ok) {
        reloadAfterIdentityChange();
      }
    });
  }

  return (
    <section aria-labelledby="st-retire" className="st-retire" data-testid="retire-panel">
      <h3 id="st-retire">{t('retire.heading')}</h3>
      <p className="st-intro">{t('retire.intro')}</p>
      <form className="st-form" onSubmit={ask} noValidate aria-labelledby="st-retire">
        <Field id="st-retire-reason" label={t('retire.reason')} wide>
          <input id="st-retire-reason" value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} data-testid="retire-reason" />
        </Field>
        {step.phase !== 'confirm' && step.phase !== 'busy' && (
          <div className="st-actions">
            <button type="submit" className="st-btn st-btn-danger" aria-disabled={!reason.trim() || undefined} data-testid="retire-go">
              {t('retire.go')}
            </button>
          </div>
        )}
      </form>
      {(step.phase === 'confirm' || step.phase === 'busy') && (
        <InlineConfirm message={t('retire.confirm')} confirmLabel={t('retire.go')} onConfirm={retire} onCancel={() => setStep({ phase: 'idle' })} busy={step.phase === 'busy'} />
      )}
      {step.phase === 'done' && (
        <Notice kind="ok" testId="retire-done">
          {t('retire.done', { old: step.value.oldCounterId, next: step.value.newCounterId, kept: step.value.keptIn })}
          {!step.value.stationRetired && <> {t('retire.done.noStation', { old: step.value.oldCounterId })}</>}
        </Notice>
      )}
      {step.phase === 'failed' && <ErrorNotice error={step.error} />}
    </section>
  );
}
