import { useEffect, useState } from 'react';
import type { SaleSummary } from '../../../contract/counter.ts';
import type { AppError } from '../../../contract/errors.ts';
import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useT } from '../i18n/index.ts';
import { useRouteName } from '../shell/place-names.ts';

/**
 * Sales still without a final answer (a supervisor's): ask the API again, or abandon one the API
 * never received, with why. Shown only when there is one.
 */
export function OpenSales() {
  const t = useT();
  const routeName = useRouteName();
  const [sales, setSales] = useState<SaleSummary[]>([]);
  const [reason, setReason] = useState<Record<string, string>>({});
  const [error, setError] = useState<AppError | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    void api.openSales().then((r) => current && r.ok && setSales(r.value));
    return () => {
      current = false;
    };
  }, [attempt]);
  if (sales.length === 0) return null;
  const resolve = async (saleId: string, action: 'ask' | 'abandon') => {
    setError(null);
    const r = await api.resolveSale({ saleId, action, reason: reason[saleId]?.trim() || (action === 'ask' ? 'asked again' : '') });
    if (!r.ok) setError(r.error);
    setAttempt((n) => n + 1);
  };
  return (
    <section aria-labelledby="st-open-sales" data-testid="open-sales">
      <h3 id="st-open-sales">{t('settings.open.heading')}</h3>
      <p className="st-intro">{t('settings.open.intro')}</p>
      {error && <ErrorNotice error={error} />}
      <ul className="st-open-sales">
        {sales.map((s) => (
          <li key={s.saleId} data-status={s.status}>
            <span className="mono">{s.bookingReference ?? s.saleId.slice(0, 8)}</span> · {t(`settings.journal.status.${s.status}`)} · {routeName(s.route)}
            <input
              aria-label={t('settings.open.reason')}
              placeholder={t('settings.open.reason')}
              value={reason[s.saleId] ?? ''}
              onChange={(e) => setReason((r) => ({ ...r, [s.saleId]: e.target.value }))}
            />
            <button type="button" className="st-btn" onClick={() => void resolve(s.saleId, 'ask')}>
              {t('settings.open.ask')}
            </button>
            <button type="button" className="st-btn st-btn-danger" disabled={!reason[s.saleId]?.trim()} onClick={() => void resolve(s.saleId, 'abandon')}>
              {t('settings.open.abandon')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
