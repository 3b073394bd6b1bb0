import { useState } from 'react';
import type { AppError } from '../../../contract/errors.ts';
import type { Claim, ClaimsView } from '../../../contract/refunds.ts';
import { formatCairo, formatMoney, formatNumber } from '../../../core/format.ts';
import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useLocale, useT, type MessageKey } from '../i18n/index.ts';
import './refunds.css';

const FILTERS = ['all', 'open', 'short', 'settled', 'over', 'overdue'] as const;
type Filter = (typeof FILTERS)[number];
const shown = (c: Claim, f: Filter) => f === 'all' || (f === 'overdue' ? c.overdue : c.status === f);

/**
 * The claims view (a supervisor's, in Reports): every claim with what settled it, filtered by
 * state; the adjustments without a booking matched by hand; the statement for the account manager.
 */
export function ClaimsSection() {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const [view, setView] = useState<ClaimsView | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [filter, setFilter] = useState<Filter>('all');
  const [matchTo, setMatchTo] = useState<Record<string, string>>({});
  const [exported, setExported] = useState<string | null>(null);
  const money = (minor: number) => formatMoney(minor, locale);
  const answer = (r: { ok: true; value: ClaimsView } | { ok: false; error: AppError }) => (r.ok ? (setView(r.value), setError(null)) : setError(r.error));
  const load = async (status: Filter = filter) => {
    setFilter(status);
    answer(await api.claims({ status }));
  };
  const exportAs = async (format: 'csv' | 'pdf') => {
    const r = await api.exportClaims({ format, language: locale });
    if (r.ok) setExported(r.value.path);
    else setError(r.error);
  };
  const list = view?.claims.filter((c) => shown(c, filter)) ?? [];
  const owedRefs = view?.claims.filter((c) => c.status === 'open' || c.status === 'short').map((c) => c.bookingReference) ?? [];

  return (
    <section className="claims" aria-labelledby="claims-title" data-testid="claims">
      <h2 id="claims-title">{t('claims.title')}</h2>
      <p>{t('claims.intro')}</p>
      <div className="refund-actions">
        <button type="button" className="st-btn st-btn-primary" onClick={() => void load()} data-testid="claims-load">
          {t('claims.load')}
        </button>
        <button type="button" className="st-btn" onClick={() => void exportAs('csv')} data-testid="claims-csv">
          {t('claims.export.csv')}
        </button>
        <button type="button" className="st-btn" onClick={() => void exportAs('pdf')} data-testid="claims-pdf">
          {t('claims.export.pdf')}
        </button>
      </div>
      {exported && (
        <p role="status" data-testid="claims-exported">
          {t('claims.exported', { path: exported })}
        </p>
      )}
      {error && <ErrorNotice error={error} />}
      {view && (
        <>
          {view.statementError ? <p role="status">{t('claims.notRead', { code: view.statementError })}</p> : view.statementReadAt && <p>{t('claims.readAt', { at: formatCairo(view.statementReadAt, locale) })}</p>}
          {view.station && <p data-testid="claims-station">{view.station.stationError ? t('claims.station.notRead', { code: view.station.stationError }) : t('claims.station')}</p>}
          {view.station?.leftOut && (
            <p role="status" data-testid="claims-left-out">
              {t('claims.station.leftOut', { counter: view.station.leftOut.counterId, seq: formatNumber(view.station.leftOut.seq, locale) })}
            </p>
          )}
          <p data-testid="claims-totals">
            {t('claims.totals', { claimed: money(view.totals.claimedMinor), settled: money(view.totals.settledMinor), owed: money(view.totals.owedMinor) })}
          </p>
          <div className="claims-filters" role="group" aria-label={t('claims.status')}>
            {FILTERS.map((f) => (
              <button key={f} type="button" className="st-btn st-btn-quiet" aria-pressed={filter === f} onClick={() => void load(f)} data-testid={`claims-filter-${f}`}>
                {t(`claims.filter.${f}` as MessageKey)} ({formatNumber(f === 'all' ? view.totals.open + view.totals.short + view.totals.settled + view.totals.over : f === 'overdue' ? view.totals.overdue : view.totals[f], locale)})
              </button>
            ))}
          </div>
          {list.length === 0 ? (
            <p className="st-empty">{t('claims.none')}</p>
          ) : (
            <table data-testid="claims-table">
              <thead>
                <tr>
                  <th scope="col">{t('claims.booking')}</th>
                  <th scope="col">{t('claims.opened')}</th>
                  <th scope="col">{t('claims.claimed')}</th>
                  <th scope="col">{t('claims.settled')}</th>
                  <th scope="col">{t('claims.status')}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((c) => (
                  <tr key={c.bookingReference} data-status={c.status} data-testid="claim-row">
                    <td className="mono">{c.bookingReference}</td>
                    <td>{formatCairo(c.openedAt, locale)}</td>
                    <td className="num">{money(c.claimedMinor)}</td>
                    <td className="num">{money(c.settledMinor)}</td>
                    <td>
                      {t(`claims.status.${c.status}` as MessageKey)}
                      {c.overdue && <strong> · {t('claims.overdue')}</strong>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <h3>{t('claims.unmatched')}</h3>
          {view.unmatched.length === 0 ? (
            <p className="st-empty">{t('claims.unmatchedNone')}</p>
          ) : (
            <ul data-testid="claims-unmatched">
              {view.unmatched.map((u) => (
                <li key={u.transactionId}>
                  {money(u.amountMinor)} · {formatCairo(u.at, locale)} {u.reason ? `· ${u.reason}` : ''} {u.bookingReference ? <span className="mono">· {u.bookingReference}</span> : null}{' '}
                  <label>
                    {t('claims.matchTo')}{' '}
                    <select value={matchTo[u.transactionId] ?? ''} onChange={(e) => setMatchTo({ ...matchTo, [u.transactionId]: e.target.value })} data-testid="claims-match-to">
                      <option value="">—</option>
                      {owedRefs.map((ref) => (
                        <option key={ref} value={ref}>
                          {ref}
                        </option>
                      ))}
                    </select>
                  </label>{' '}
                  <button
                    type="button"
                    className="st-btn"
                    aria-disabled={!matchTo[u.transactionId] || undefined}
                    onClick={() => {
                      const ref = matchTo[u.transactionId];
                      if (ref) void api.matchAdjustment({ transactionId: u.transactionId, bookingReference: ref, note: null }).then(answer);
                    }}
                    data-testid="claims-match"
                  >
                    {t('claims.match')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
