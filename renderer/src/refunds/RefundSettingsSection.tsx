import { useEffect, useState, type FormEvent } from 'react';
import type { AppError } from '../../../contract/errors.ts';
import type { RefundPolicy } from '../../../contract/refunds.ts';
import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useT } from '../i18n/index.ts';

type Kind = RefundPolicy['kind'];

/** Settings → Counter (a supervisor saves): the station's refund policy and when a claim is overdue. */
export function RefundSettingsSection() {
  const t = useT();
  const [kind, setKind] = useState<Kind>('none');
  const [percent, setPercent] = useState('10');
  const [fee, setFee] = useState('20');
  const [overdue, setOverdue] = useState('14');
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<AppError | null>(null);

  useEffect(() => {
    void api.refundSettings().then((r) => {
      if (!r.ok) return setError(r.error);
      const p = r.value.policy;
      setKind(p.kind);
      if (p.kind === 'percent') setPercent(String(p.percent));
      if (p.kind === 'fixed') setFee(String(p.feeMinor / 100));
      setOverdue(String(r.value.overdueDays));
    });
  }, []);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const policy: RefundPolicy =
      kind === 'percent' ? { kind, percent: Number(percent) } : kind === 'fixed' ? { kind, feeMinor: Math.round(Number(fee) * 100) } : { kind: 'none' };
    void api.saveRefundSettings({ policy, overdueDays: Number(overdue) }).then((r) => {
      setSaved(r.ok);
      setError(r.ok ? null : r.error);
    });
  };

  return (
    <form className="st-form" onSubmit={onSubmit} aria-labelledby="st-refunds" data-testid="refund-settings">
      <h3 id="st-refunds">{t('refunds.settings.heading')}</h3>
      <p className="st-intro">{t('refunds.settings.intro')}</p>
      <label>
        {t('refunds.settings.kind')}{' '}
        <select value={kind} onChange={(e) => setKind(e.target.value as Kind)} data-testid="refund-policy-kind">
          {(['none', 'percent', 'fixed'] as const).map((k) => (
            <option key={k} value={k}>
              {t(`refunds.settings.kind.${k}`)}
            </option>
          ))}
        </select>
      </label>
      {kind === 'percent' && (
        <label>
          {t('refunds.settings.percent')} <input type="number" min={0} max={100} step="0.5" value={percent} onChange={(e) => setPercent(e.target.value)} data-testid="refund-policy-percent" />
        </label>
      )}
      {kind === 'fixed' && (
        <label>
          {t('refunds.settings.fee')} <input type="number" min={0} step="0.25" value={fee} onChange={(e) => setFee(e.target.value)} data-testid="refund-policy-fee" />
        </label>
      )}
      <label>
        {t('refunds.settings.overdue')} <input type="number" min={1} max={365} value={overdue} onChange={(e) => setOverdue(e.target.value)} data-testid="refund-overdue-days" />
      </label>
      <div className="st-actions">
        <button type="submit" className="st-btn st-btn-primary" data-testid="refund-settings-save">
          {t('refunds.settings.save')}
        </button>
      </div>
      {saved && <p role="status">{t('refunds.settings.saved')}</p>}
      {error && <ErrorNotice error={error} />}
    </form>
  );
}
