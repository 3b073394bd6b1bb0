import { useEffect, useState } from 'react';
import type { AppError } from '../../../contract/errors.ts';
import type { SalesLine, StationReport } from '../../../contract/reports.ts';
import { formatMoney, formatNumber } from '../../../core/format.ts';
import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useLocale, useT } from '../i18n/index.ts';
import { useStation } from '../station/store.ts';
import { ReportActions } from './ReportActions.tsx';
import { UnmatchedTable } from './UnmatchedTable.tsx';

/** The whole station's day (every counter shipping to the station database), when there is one. */
export function StationSection({ date }: { date: string }) {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const configured = useStation((s) => s.status?.configured ?? false);
  const [report, setReport] = useState<StationReport | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  useEffect(() => void useStation.getState().refresh(), []);
  useEffect(() => {
    if (!configured) return;
    let current = true;
    void api.stationReport({ date }).then((r) => {
      if (!current) return;
      if (r.ok) setReport(r.value);
      else setError(r.error);
    });
    return () => {
      current = false;
    };
  }, [configured, date]);
  if (!configured) return null;
  const money = (minor: number) => formatMoney(minor, locale);
  const row = (key: string, label: string, l: SalesLine, mono = false) => (
    <tr key={key}>
      <th scope="row" className={mono ? 'mono' : undefined}>
        {label}
      </th>
      <td>{formatNumber(l.sales, locale)}</td>
      <td>{money(l.retailMinor)}</td>
      <td>{money(l.netMinor)}</td>
      <td>{money(l.cashMinor)}</td>
      <td>{formatNumber(l.failed, locale)}</td>
    </tr>
  );
  return (
    <section aria-labelledby="reports-station" data-testid="station-report">
      <h2 id="reports-station">{t('reports.station.title', { name: report?.station.name ?? '' })}</h2>
      {error && <ErrorNotice error={error} />}
      {report?.integrity && !report.integrity.verified && (
        <div className="error-notice" role="alert" data-testid="station-report-not-verified">
          <strong>{t('reports.station.notVerified', { count: formatNumber(report.integrity.problems.length, locale) })}</strong>
          <ul>
            {report.integrity.problems.map((p) => (
              <li key={`${p.counterId}-${p.kind}-${p.seq ?? ''}`} data-kind={p.kind}>
                <bdi className="mono">{p.counterId}</bdi> · {t(`reports.station.problem.${p.kind}`)}
                {p.seq !== null && <> · {t('reports.station.problem.entry', { seq: formatNumber(p.seq, locale) })}</>}
                <div>
                  <bdi className="mono" dir="ltr">
                    {p.detail}
                  </bdi>
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
      {report && (
        <>
          <table className="reports-table">
            <thead>
              <tr>
                <th scope="col">{t('reports.station.who')}</th>
                <th scope="col">{t('settings.day.sales')}</th>
                <th scope="col">{t('settings.day.retail')}</th>
                <th scope="col">{t('settings.day.net')}</th>
                <th scope="col">{t('settings.day.cash')}</th>
                <th scope="col">{t('reports.station.failed')}</th>
              </tr>
            </thead>
            <tbody>
              {row('total', t('reports.station.total'), report.totals)}
              {report.counters.map((c) => row(c.counterId, c.counterId.slice(0, 12), c, true))}
              {report.agents.map((a) => row(a.agentId, a.agentName, a))}
            </tbody>
          </table>
          <p data-testid="station-wallet">
            {t('reports.station.wallet', {
              debits: formatNumber(report.reconciliation.matchedDebits.length, locale),
              reversals: formatNumber(report.reconciliation.matchedReversals.length, locale),
              unmatched: formatNumber(report.reconciliation.unmatched.length, locale),
            })}
          </p>
          <UnmatchedTable lines={report.reconciliation.unmatched} testId="station-unmatched" />
          <ReportActions
            report="station"
            printLabel={t('reports.station.print')}
            print={(language) => api.printStationReport({ language, date })}
            exportAs={(format, language) => api.exportStationReport({ format: format === 'pdf' ? 'pdf' : 'csv', language, date })}
          />
        </>
      )}
    </section>
  );
}
