import { useState } from 'react';
import type { AppError } from '../../../contract/errors.ts';
import type { TransactionsPage } from '../../../contract/counter.ts';
import type { Transaction } from '../../../contract/partner/resources.ts';
import { api } from '../api.ts';
import { useLookup } from '../lookup/store.ts';
import { useShell } from '../shell/store.ts';
import { useLocale } from '../i18n/index.ts';
import { useTi } from './bidi.ts';
import { formatCairo, formatMoney, formatNumber, formatSignedMoney } from '../../../core/format.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { Loading, Notice } from './parts.tsx';
import { useLoad } from './use-load.ts';

const PAGE = 25;
const loadFirstPage = () => api.walletTransactions({ limit: PAGE });

type Older = { phase: 'idle' } | { phase: 'loading' } | { phase: 'failed'; error: AppError };

/** A statement line's booking, in the booking view (Settings closes over it). */
function openBooking(reference: string) {
  useShell.getState().openSettings(false);
  void useLookup.getState().openReference(reference);
}

export function WalletTab() {
  const t = useTi();
  const { locale } = useLocale();
  const [wallet, reloadWallet] = useLoad(api.wallet);
  const [first, reloadFirst] = useLoad(loadFirstPage);
  // Older pages fetched with the `before` cursor, appended below the first page.
  const [older, setOlder] = useState<TransactionsPage[]>([]);
  const [olderState, setOlderState] = useState<Older>({ phase: 'idle' });

  const money = (minor: number) => formatMoney(minor, locale);
  const pages = first.status === 'ready' ? [first.value, ...older] : [];
  const rows: Transaction[] = pages.flatMap((p) => p.data);
  const last = pages.at(-1);
  const nextBefore = last?.meta.has_more ? last.meta.next_before : null;

  function reload() {
    setOlder([]);
    setOlderState({ phase: 'idle' });
    reloadWallet();
    reloadFirst();
  }

  function loadOlder(before: number) {
    setOlderState({ phase: 'loading' });
    void api.walletTransactions({ limit: PAGE, before }).then((r) => {
      if (!r.ok) {
        setOlderState({ phase: 'failed', error: r.error });
        return;
      }
      setOlder((pages) => [...pages, r.value]);
      setOlderState({ phase: 'idle' });
    });
  }

  return (
    <div className="st-tab" data-testid="settings-wallet">
      <div className="st-tab-head">
        <h2>{t('settings.wallet.heading')}</h2>
        <button type="button" className="st-btn st-btn-quiet" onClick={reload}>
          {t('settings.reload')}
        </button>
      </div>

      {wallet.status === 'loading' && <Loading />}
      {wallet.status === 'error' && <ErrorNotice error={wallet.error} onRetry={reloadWallet} />}
      {wallet.status === 'ready' && (
        <>
          <div className={`st-balance${wallet.value.low ? ' st-balance-low' : ''}`}>
            <span className="st-balance-label" id="st-balance-label">
              {t('settings.wallet.balance')}
            </span>
            <strong className="st-balance-amount" aria-labelledby="st-balance-label" data-testid="wallet-balance">
              {money(wallet.value.balanceMinor)}
            </strong>
            <dl className="st-facts">
              <div>
                <dt>{t('settings.wallet.creditLimit')}</dt>
                <dd>
                  {wallet.value.creditLimitMinor === 0
                    ? t('settings.wallet.creditLimit.none')
                    : money(wallet.value.creditLimitMinor)}
                </dd>
              </div>
              <div>
                <dt>{t('settings.wallet.threshold')}</dt>
                <dd>{money(wallet.value.lowBalanceThresholdMinor)}</dd>
              </div>
              {wallet.value.updatedAt && (
                <div>
                  <dt>{t('settings.wallet.updatedAt')}</dt>
                  <dd>{formatCairo(wallet.value.updatedAt, locale)}</dd>
                </div>
              )}
            </dl>
          </div>
          {wallet.value.low && (
            <Notice kind="warn" testId="wallet-low">
              {t('settings.wallet.low', { threshold: money(wallet.value.lowBalanceThresholdMinor) })}
            </Notice>
          )}
        </>
      )}

      <section aria-labelledby="st-statement">
        <h3 id="st-statement">{t('settings.wallet.statement')}</h3>
        {first.status === 'loading' && <Loading />}
        {first.status === 'error' && <ErrorNotice error={first.error} onRetry={reloadFirst} />}
        {first.status === 'ready' && rows.length === 0 && <p className="st-empty">{t('settings.wallet.statement.none')}</p>}
        {rows.length > 0 && (
          <div className="st-table-wrap">
            <table className="st-table" data-testid="wallet-statement">
              <thead>
                <tr>
                  <th scope="col">{t('settings.wallet.col.date')}</th>
                  <th scope="col">{t('settings.wallet.col.type')}</th>
                  <th scope="col" className="st-num">
                    {t('settings.wallet.col.amount')}
                  </th>
                  <th scope="col" className="st-num">
                    {t('settings.wallet.col.balanceAfter')}
                  </th>
                  <th scope="col">{t('settings.wallet.col.booking')}</th>
                  <th scope="col">{t('settings.wallet.col.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((tx) => (
                  <tr key={tx.id} data-type={tx.type}>
                    <td>{formatCairo(tx.created_at, locale)}</td>
                    <td>{t(`settings.wallet.type.${tx.type}`)}</td>
                    <td className={`st-num ${tx.amount_minor < 0 ? 'st-debit' : tx.amount_minor > 0 ? 'st-credit' : ''}`}>
                      <bdi>{formatSignedMoney(tx.amount_minor, locale)}</bdi>
                    </td>
                    <td className="st-num">{money(tx.balance_after_minor)}</td>
                    <td>
                      {tx.booking_ref ? (
                        <button type="button" className="st-btn st-btn-quiet mono" onClick={() => openBooking(tx.booking_ref!)} data-testid="statement-booking">
                          <bdi>{tx.booking_ref}</bdi>
                        </button>
                      ) : (
                        ''
                      )}
                    </td>
                    <td className="st-reason">{tx.reason ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {first.status === 'ready' && rows.length > 0 && (
          <div className="st-actions st-paging">
            <span className="st-hint">{t('settings.wallet.count', { count: formatNumber(rows.length, locale) })}</span>
            {nextBefore !== null && nextBefore !== undefined ? (
              <button type="button" className="st-btn" onClick={() => olderState.phase !== 'loading' && loadOlder(nextBefore)} aria-disabled={olderState.phase === 'loading' || undefined} aria-busy={olderState.phase === 'loading' || undefined}>
                {olderState.phase === 'loading' ? t('common.loading') : t('settings.wallet.older')}
              </button>
            ) : (
              <span className="st-hint">{t('settings.wallet.end')}</span>
            )}
          </div>
        )}
        {olderState.phase === 'failed' && nextBefore != null && <ErrorNotice error={olderState.error} onRetry={() => loadOlder(nextBefore)} />}
      </section>
    </div>
  );
}
