import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useFocusReturn } from '../components/Modal.tsx';
import { Spinner } from '../components/Icons.tsx';
import { ZReportCard } from '../desk/ZReportCard.tsx';
import { formatCairo, formatMoney, formatNumber } from '../../../core/format.ts';
import { useLocale, useT } from '../i18n/index.ts';
import { DayFigures } from './DayFigures.tsx';
import { HourChart } from './HourChart.tsx';
import { ReportActions } from './ReportActions.tsx';
import { MatchedLines } from './MatchedLines.tsx';
import { StationSection } from './StationSection.tsx';
import { UnmatchedTable } from './UnmatchedTable.tsx';
import { JournalChoice, RetiredBanner } from './RetiredJournal.tsx';
import { useStation } from '../station/store.ts';
import { useReports } from './store.ts';
import './reports.css';
import { ClaimsSection } from '../refunds/ClaimsSection.tsx';
import { RefundsFigures } from '../refunds/RefundsFigures.tsx';

/** The station day report: figures, shifts and their Z-reports, sales by hour, the wallet reconciled. */
export function ReportsScreen() {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const { report, error, loading, date, z, retired, journal } = useReports();
  useFocusReturn();
  const { load, show, openZ } = useReports.getState();
  const chosen = retired.find((j) => j.id === journal) ?? null;
  const money = (minor: number | null) => (minor === null ? '—' : formatMoney(minor, locale));
  const f = report?.figures;
  const r = report?.reconciliation;
  // Linked to a station, the account's wallet is reconciled once, for the whole station (below):
  // this counter's own section would list the other counters' sales as not matched.
  const linked = useStation((st) => st.status?.configured ?? false);
  return (
    <main className="reports" data-testid="reports">
      <header className="reports-head">
        <h1>{t('reports.title')}</h1>
        <label htmlFor="reports-date">{t('reports.date')}</label>
        <input
          id="reports-date"
          type="date"
          className="mono"
          value={date ?? report?.date ?? ''}
          onChange={(e) => /^\d{4}-\d{2}-\d{2}$/.test(e.target.value) && void load(e.target.value)}
        />
        <button type="button" className="st-btn st-btn-quiet" onClick={() => void load()}>
          {t('reports.reload')}
        </button>
        <JournalChoice />
        <button type="button" className="st-btn" onClick={() => show(false)} autoFocus>
          {t('reports.close')}
        </button>
      </header>
      {chosen && <RetiredBanner journal={chosen} />}
      {report && !z && (
        <ReportActions
          report="day"
          printLabel={t('reports.print')}
          print={(language) => (chosen ? api.printRetiredDayReport({ journal: chosen.id, language, date: report.date }) : api.printDayReport({ language, date: report.date }))}
          exportAs={(format, language) =>
            chosen ? api.exportRetiredDayReport({ journal: chosen.id, format, language, date: report.date }) : api.exportDayReport({ format, language, date: report.date })
          }
          perSale
        />
      )}
      {loading && (
        <p className="progress" role="status">
          <Spinner /> {t('common.loading')}
        </p>
      )}
      {error && <ErrorNotice error={error} onRetry={() => void load()} />}
      {z && <ZReportCard view={z} print={chosen ? (language) => api.printRetiredZReport({ journal: chosen.id, zNumber: z.report.zNumber, language }) : undefined} />}
      {report && f && r && !z && (
        <>
          <DayFigures report={f} />
          {report.refunds && <RefundsFigures block={report.refunds.paid} day={report.refunds} />}
          <section aria-labelledby="reports-shifts">
            <h2 id="reports-shifts">{t('reports.shifts')}</h2>
            {report.shifts.length === 0 ? (
              <p className="st-empty">{t('reports.noShifts')}</p>
            ) : (
              <table className="reports-table" data-testid="report-shifts">
                <thead>
                  <tr>
                    <th scope="col">{t('reports.col.z')}</th>
                    <th scope="col">{t('reports.col.agent')}</th>
                    <th scope="col">{t('reports.col.opened')}</th>
                    <th scope="col">{t('reports.col.closed')}</th>
                    <th scope="col">{t('reports.col.float')}</th>
                    <th scope="col">{t('reports.col.counted')}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.shifts.map((s) => (
                    <tr key={s.shiftId}>
                      <td>
                        {s.zNumber === null ? (
                          s.implicit ? t('reports.legacy') : t('reports.open')
                        ) : (
                          <button type="button" className="st-btn st-btn-quiet" onClick={() => void openZ(s.zNumber)}>
                            {t('reports.openZ', { n: formatNumber(s.zNumber, locale) })}
                          </button>
                        )}
                      </td>
                      <td>{s.agent.name}</td>
                      <td>{formatCairo(s.openedAt, locale)}</td>
                      <td>{s.closedAt ? formatCairo(s.closedAt, locale) : '—'}</td>
                      <td>{money(s.floatMinor)}</td>
                      <td>{money(s.countedMinor)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <HourChart hours={report.byHour} />
          {linked ? (
            <section aria-labelledby="reports-wallet" data-testid="reconciliation-at-station">
              <h2 id="reports-wallet">{t('reports.wallet')}</h2>
              <p className="st-empty">{t('reports.wallet.atStation')}</p>
            </section>
          ) : (
            <section aria-labelledby="reports-wallet" data-testid="reconciliation">
              <h2 id="reports-wallet">{t('reports.wallet')}</h2>
              {!r.statementRead && r.error && <ErrorNotice error={r.error} onRetry={() => void load()} />}
              <dl className="reports-balances">
                <dt>{t('reports.opening')}</dt>
                <dd>{money(r.openingBalanceMinor)}</dd>
                <dt>{t('reports.closing')}</dt>
                <dd>{money(r.closingBalanceMinor)}</dd>
              </dl>
              <MatchedLines
                label={t('reports.matchedDebits')}
                testId="matched-debits"
                lines={r.matchedDebits.map((m) => ({ key: m.transactionId, bookingReference: m.bookingReference, amountMinor: m.amountMinor, counterId: m.counterId }))}
              />
              <MatchedLines
                label={t('reports.matchedReversals')}
                testId="matched-reversals"
                lines={r.matchedReversals.map((m) => ({ key: m.debitId, bookingReference: m.bookingReference, amountMinor: m.amountMinor, counterId: m.counterId }))}
              />
              {r.apart.length > 0 && (
                <>
                  <h3>{t('reports.apart')}</h3>
                  <ul className="reports-apart">
                    {r.apart.map((a) => (
                      <li key={a.id}>
                        {t(`reports.type.${a.type === 'TOPUP' ? 'topup' : 'adjustment'}`)} · {money(a.amount_minor)} · {formatCairo(a.created_at, locale)}
                        {a.reason ? ` · ${a.reason}` : ''}
                      </li>
                    ))}
                  </ul>
                </>
              )}
              <h3>{t('reports.unmatched')}</h3>
              <UnmatchedTable lines={r.unmatched} />
            </section>
          )}
          {/* the station and the claims are this counter's, whichever journal is reported on */}
          {!chosen && <StationSection date={report.date} />}
          {!chosen && <ClaimsSection />}
          <p className="reports-made">{t('reports.made', { at: formatCairo(report.madeAt, locale) })}</p>
        </>
      )}
    </main>
  );
}
