import { useEffect, useState, type FormEvent } from 'react';
import type { AppError } from '../../../contract/errors.ts';
import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useT } from '../i18n/index.ts';
import { Notice } from '../settings/parts.tsx';
import { readRefundSettings, refundSettingsDraft, type RefundSettingsDraft } from './settings-input.ts';

type Kind = RefundSettingsDraft['kind'];

const INVALID = { percent: 'settings.prices.percent.invalid', fee: 'settings.prices.fixed.invalid', overdue: 'refunds.settings.overdue.invalid' } as const;

/** Settings → Counter (a supervisor saves): the station's refund policy and when a claim is overdue. */
export function RefundSettingsSection() {
  const t = useT();
  const [draft, setDraft] = useState<RefundSettingsDraft>({ kind: 'none', percent: '10', fee: '20.00', overdue: '14' });
  const [tried, setTried] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [changedOutside, setChangedOutside] = useState(false);
  const reading = readRefundSettings(draft);
  const wrong = tried && !reading.ok ? reading.field : null;
  const update = (patch: Partial<RefundSettingsDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const invalid = (field: keyof typeof INVALID) => (wrong === field ? { 'aria-invalid': true, 'aria-describedby': 'refund-settings-invalid' } : {});

  useEffect(() => {
    void api.refundSettings().then((r) => {
      if (!r.ok) return setError(r.error);
      setDraft((d) => refundSettingsDraft(r.value.policy, r.value.overdueDays, d));
      setChangedOutside(r.value.changedOutside === true);
    });
  }, []);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!reading.ok) return;
    void api.saveRefundSettings({ policy: reading.policy, overdueDays: reading.overdueDays }).then((r) => {
      setSaved(r.ok);
      if (r.ok) setChangedOutside(r.value.changedOutside === true);
      setError(r.ok ? null : r.error);
    });
  };

  return (
    <form className="st-form" onSubmit={onSubmit} aria-labelledby="st-refunds" data-testid="refund-settings">
      <h3 id="st-refunds">{t('refunds.settings.heading')}</h3>
      <p className="st-intro">{t('refunds.settings.intro')}</p>
      {changedOutside && (
        <Notice kind="bad" testId="refund-settings-changed">
          {t('refunds.settings.changedOutside')}
        </Notice>
      )}
      <label>
        {t('refunds.settings.kind')}{' '}
        <select value={draft.kind} onChange={(e) => update({ kind: e.target.value as Kind })} data-testid="refund-policy-kind">
          {(['none', 'percent', 'fixed'] as const).map((k) => (
            <option key={k} value={k}>
              {t(`refunds.settings.kind.${k}`)}
            </option>
          ))}
        </select>
      </label>
      {draft.kind === 'percent' && (
        <label>
          {t('refunds.settings.percent')} <input inputMode="decimal" value={draft.percent} onChange={(e) => update({ percent: e.target.value })} {...invalid('percent')} data-testid="refund-policy-percent" />
        </label>
      )}
      {draft.kind === 'fixed' && (
        <label>
          {t('refunds.settings.fee')} <input inputMode="decimal" value={draft.fee} onChange={(e) => update({ fee: e.target.value })} {...invalid('fee')} data-testid="refund-policy-fee" />
        </label>
      )}
      <label>
        {t('refunds.settings.overdue')} <input inputMode="numeric" value={draft.overdue} onChange={(e) => update({ overdue: e.target.value })} {...invalid('overdue')} data-testid="refund-overdue-days" />
      </label>
      <div className="st-actions">
        <button type="submit" className="st-btn st-btn-primary" data-testid="refund-settings-save">
          {t('refunds.settings.save')}
        </button>
      </div>
      {wrong && (
        <p id="refund-settings-invalid" role="alert">
          {t(INVALID[wrong])}
        </p>
      )}
      {saved && <p role="status">{t('refunds.settings.saved')}</p>}
      {error && <ErrorNotice error={error} />}
    </form>
  );
}
