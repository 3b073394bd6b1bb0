import { useEffect, useState } from 'react';
import type { DayReport } from '../../../contract/counter.ts';
import type { AppError } from '../../../contract/errors.ts';
import { api } from '../api.ts';
import { useLocale } from '../i18n/index.ts';
import { formatMoney, formatNumber } from '../../../core/format.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useTi } from './bidi.ts';
import { Loading } from './parts.tsx';

type State = { status: 'loading' } | { status: 'ready'; value: DayReport } | { status: 'error'; error: AppError };

/**
 * The day's figures for the station manager. Which date is "today" is main's to say (Africa/Cairo):
 * the first call is made without a date and the picker takes the date of the answer.
 */
export function DayPanel() {
  const t = useTi();
  const { locale } = useLocale();
  const [date, setDate] = useState<string | null>(null);
  const [today, setToday] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>({ status: 'loading' });
  const money = (minor: number) => formatMoney(minor, locale);

  useEffect(() => {
    let current = true;
    void api.dayReport(date === null ? undefined : { date }).then((r) => {
      if (!current) return;
      if (r.ok && date === null) setToday(r.value.date);
      setState(r.ok ? { status: 'ready', value: r.value } : { status: 'error', error: r.error });
    });
    return () => {
      current = false;
    };
  }, [date, attempt]);

  const report = state.status === 'ready' ? state.value : null;
  const shown = date ?? today ?? '';
  const cards: { key: string; label: string; value: string }[] = report
    ? [
        { key: 'sales', label: t('settings.day.sales'), value: formatNumber(report.counts.confirmed, locale) },
        { key: 'seats', label: t('settings.day.seats'), value: formatNumber(report.seats, locale) },
        { key: 'cash', label: t('settings.day.cash'), value: money(report.cashReceivedMinor) },
        { key: 'retail', label: t('settings.day.retail'), value: money(report.retailMinor) },
        { key: 'net', label: t('settings.day.net'), value: money(report.netMinor) },
        { key: 'margin', label: t('settings.day.margin'), value: money(report.marginMinor) },
      ]
    : [];

  return (
    <section aria-labelledby="st-day" className="st-day" data-testid="journal-day">
      <div className="st-tab-head">
        <h3 id="st-day">{t('settings.day.heading')}</h3>
        <div className="st-day-pick">
          <label htmlFor="st-day-date">{t('settings.day.date')}</label>
          <input
            id="st-day-date"
            type="date"
            className="mono"
            data-testid="journal-day-date"
            value={shown}
            max={today ?? undefined}
            onChange={(e) => {
              if (/^\d{4}-\d{2}-\d{2}$/.test(e.target.value)) setDate(e.target.value);
            }}
          />
          <button type="button" className="st-btn st-btn-quiet" onClick={() => setAttempt((n) => n + 1)}>
            {t('settings.day.reload')}
          </button>
        </div>
      </div>
      {state.status === 'loading' && <Loading />}
      {state.status === 'error' && <ErrorNotice error={state.error} onRetry={() => setAttempt((n) => n + 1)} />}
      {report && (
        <>
          <dl className="st-day-cards">
            {cards.map((c) => (
              <div key={c.key} className={`st-day-card st-day-card-${c.key}`} data-testid={`day-${c.key}`}>
                <dt>{c.label}</dt>
                <dd>{c.value}</dd>
              </div>
            ))}
          </dl>
          <p className="st-note" data-testid="day-counts">
            {t('settings.day.counts', {
              pending: formatNumber(report.counts.pending, locale),
              failed: formatNumber(report.counts.failed, locale),
              unknown: formatNumber(report.counts.unknown, locale),
            })}{' '}
            {t('settings.day.change', { change: money(report.changeGivenMinor) })}
          </p>
          {report.byOperator.length > 0 && (
            <div className="st-table-wrap">
              <table className="st-table st-day-operators" data-testid="day-operators">
                <thead>
                  <tr>
                    <th scope="col">{t('settings.day.col.operator')}</th>
                    <th scope="col" className="st-num">
                      {t('settings.day.col.sales')}
                    </th>
                    <th scope="col" className="st-num">
                      {t('settings.day.col.seats')}
                    </th>
                    <th scope="col" className="st-num">
                      {t('settings.journal.col.retail')}
                    </th>
                    <th scope="col" className="st-num">
                      {t('settings.journal.col.net')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {report.byOperator.map((o) => (
                    <tr key={`${o.operatorId ?? ''}\u0000${o.operatorName ?? ''}`}>
                      <td>{o.operatorName ?? <span className="st-any">{t('settings.day.operator.unknown')}</span>}</td>
                      <td className="st-num">{formatNumber(o.sales, locale)}</td>
                      <td className="st-num">{formatNumber(o.seats, locale)}</td>
                      <td className="st-num st-strong">{money(o.retailMinor)}</td>
                      <td className="st-num st-small">{money(o.netMinor)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
