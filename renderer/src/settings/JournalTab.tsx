import { useState } from 'react';
import type { AppError } from '../../../contract/errors.ts';
import type { JournalCheck, PrintResult, SaleSummary } from '../../../contract/counter.ts';
import { api } from '../api.ts';
import { useLocale, useT } from '../i18n/index.ts';
import { useTi } from './bidi.ts';
import { cairoDateAndTime, formatMoney, formatNumber } from '../../../core/format.ts';
import { wallClockDate, wallClockTime } from '../../../core/wall-clock.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { DateTime, Loading, Notice } from './parts.tsx';
import { OpenSales } from './OpenSales.tsx';
import { useLoad } from './use-load.ts';
import { printFailureText } from '../components/print-failure.ts';
import { BackupSection } from '../backup/BackupSection.tsx';
import { useRouteName } from '../shell/place-names.ts';
import { LockedFields, useSupervisorForm } from './SupervisorLock.tsx';

const loadSales = () => api.listSales({ limit: 50 });

type Step<T> = { phase: 'idle' } | { phase: 'busy' } | { phase: 'done'; value: T } | { phase: 'failed'; error: AppError };

export function JournalTab() {
  const t = useTi();
  const routeName = useRouteName();
  const { locale } = useLocale();
  const [sales, reloadSales] = useLoad(loadSales);
  const [check, setCheck] = useState<Step<JournalCheck>>({ phase: 'idle' });
  const money = (minor: number) => formatMoney(minor, locale);
  // an agent checks the journal and reprints; stuck sales and backups need a supervisor's approval
  const { locked, notice } = useSupervisorForm('journal');

  function verify() {
    if (check.phase === 'busy') return;
    setCheck({ phase: 'busy' });
    void api.verifyJournal().then((r) => setCheck(r.ok ? { phase: 'done', value: r.value } : { phase: 'failed', error: r.error }));
  }

  return (
    <div className="st-tab" data-testid="settings-journal">
      <h2>{t('settings.journal.heading')}</h2>
      <p className="st-intro">{t('settings.journal.intro')}</p>
      {notice}
      {!locked && <OpenSales />}

      <section aria-labelledby="st-integrity" className="st-journal-tools">
        <h3 id="st-integrity" className="st-sr">
          {t('settings.journal.integrity')}
        </h3>
        <div className="st-tool">
          <button type="button" className="st-btn" onClick={verify} aria-disabled={check.phase === 'busy' || undefined}>
            {t('settings.journal.verify')}
          </button>
          <div data-testid="journal-verify-result">
            {check.phase === 'busy' && (
              <Notice kind="info" busy>
                {t('settings.journal.verifying')}
              </Notice>
            )}
            {check.phase === 'done' &&
              (check.value.ok ? (
                <Notice kind="ok" testId="journal-ok">
                  {t('settings.journal.verify.ok', { count: formatNumber(check.value.entries, locale) })}
                </Notice>
              ) : (
                <Notice kind="bad" testId="journal-broken">
                  {t('settings.journal.verify.bad', { seq: formatNumber(check.value.firstBadSeq ?? 0, locale) })}
                </Notice>
              ))}
            {check.phase === 'failed' && <ErrorNotice error={check.error} onRetry={verify} />}
          </div>
        </div>
      </section>

      <LockedFields action="journal" locked={locked}>
        <BackupSection />
      </LockedFields>

      <section aria-labelledby="st-sales">
        <div className="st-tab-head">
          <h3 id="st-sales">{t('settings.journal.sales')}</h3>
          <button type="button" className="st-btn st-btn-quiet" onClick={reloadSales}>
            {t('settings.reload')}
          </button>
        </div>
        {sales.status === 'loading' && <Loading />}
        {sales.status === 'error' && <ErrorNotice error={sales.error} onRetry={reloadSales} />}
        {sales.status === 'ready' && sales.value.length === 0 && <p className="st-empty">{t('settings.journal.sales.none')}</p>}
        {sales.status === 'ready' && sales.value.length > 0 && (
          <div className="st-table-wrap">
            <table className="st-table st-journal-sales" data-testid="journal-sales">
              <thead>
                <tr>
                  <th scope="col">{t('settings.journal.col.time')}</th>
                  <th scope="col">{t('settings.journal.col.reference')}</th>
                  <th scope="col">{t('settings.journal.col.route')}</th>
                  <th scope="col">{t('settings.journal.col.departure')}</th>
                  <th scope="col" className="st-num">
                    {t('settings.journal.col.passengers')}
                  </th>
                  <th scope="col" className="st-num">
                    {t('settings.journal.col.retail')}
                  </th>
                  <th scope="col" className="st-num">
                    {t('settings.journal.col.net')}
                  </th>
                  <th scope="col">{t('settings.journal.col.status')}</th>
                  <th scope="col">{t('settings.journal.col.prints')}</th>
                </tr>
              </thead>
              <tbody>
                {sales.value.map((s) => (
                  <tr key={s.saleId} data-status={s.status}>
                    <td className="st-wrap">
                      <DateTime {...cairoDateAndTime(s.createdAt, locale)} />
                    </td>
                    <td>{s.bookingReference ? <bdi className="mono">{s.bookingReference}</bdi> : <span className="st-any">{t('settings.journal.noReference')}</span>}</td>
                    <td className="st-wrap st-route">{routeName(s.route)}</td>
                    <td className="st-wrap">{s.departureAt ? <DateTime date={wallClockDate(s.departureAt)} time={wallClockTime(s.departureAt)} mono /> : ''}</td>
                    <td className="st-num">{formatNumber(s.passengers, locale)}</td>
                    <td className="st-num st-strong">{money(s.retailTotalMinor)}</td>
                    <td className="st-num st-small">{money(s.netTotalMinor)}</td>
                    <td>
                      <span className={`st-status st-status-${s.status}`}>{t(`settings.journal.status.${s.status}`)}</span>
                    </td>
                    <td className="st-wrap">{s.status === 'confirmed' && <Reprints sale={s} />}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

type PrintKind = 'tickets' | 'receipt';

/**
 * A confirmed sale's tickets or receipt printed again (main marks a repeat as a COPY and
 * journals it), each with its own line of news and a retry when it failed.
 */
function Reprints({ sale }: { sale: SaleSummary }) {
  const t = useTi();
  const plainT = useT();
  const [state, setState] = useState<Record<PrintKind, Step<PrintResult>>>({ tickets: { phase: 'idle' }, receipt: { phase: 'idle' } });
  const ref = sale.bookingReference ?? '';

  function reprint(kind: PrintKind) {
    if (state[kind].phase === 'busy') return;
    setState((s) => ({ ...s, [kind]: { phase: 'busy' } }));
    const call = kind === 'tickets' ? api.printTickets({ saleId: sale.saleId }) : api.printReceipt({ saleId: sale.saleId });
    void call.then((r) => {
      const next: Step<PrintResult> = !r.ok
        ? { phase: 'failed', error: r.error }
        : r.value.status === 'sent'
          ? { phase: 'done', value: r.value }
          : { phase: 'failed', error: r.value.error ?? { code: 'print_failed', message: 'print failed' } };
      setState((s) => ({ ...s, [kind]: next }));
    });
  }

  return (
    <div className="st-reprints" data-testid="journal-reprints" data-reference={ref}>
      {(['tickets', 'receipt'] as const).map((kind) => {
        const st = state[kind];
        const what = plainT(`print.${kind}`);
        return (
          <div key={kind} className="st-reprint" data-testid={`reprint-${kind}`} data-phase={st.phase} data-job-id={st.phase === 'done' ? (st.value.jobId ?? undefined) : undefined}>
            <button
              type="button"
              className="st-btn st-btn-quiet"
              onClick={() => reprint(kind)}
              aria-disabled={st.phase === 'busy' || undefined}
              aria-label={t(`settings.journal.reprint.${kind}.label`, { ref })}
            >
              {t(`settings.journal.reprint.${kind}`)}
            </button>
            <span role="status" className="st-reprint-state">
              {st.phase === 'busy' && t('settings.journal.reprint.sending')}
              {st.phase === 'done' && t('settings.journal.reprint.sent', { printer: st.value.printer })}
            </span>
            {st.phase === 'failed' && (
              <span role="alert" className="st-reprint-failed">
                {plainT('settings.journal.reprint.failed', { what, reason: printFailureText(plainT, st.error) })}{' '}
                <button type="button" className="st-btn st-btn-quiet" onClick={() => reprint(kind)} aria-label={t('settings.journal.reprint.retry.label', { what, ref })}>
                  {plainT('common.retry')}
                </button>
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
}
