import { useEffect, useMemo } from 'react';
import { useLocale, useT } from '../i18n/index.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { Spinner } from '../components/Icons.tsx';
import { useDescription } from '../components/Description.tsx';
import { Kbd } from '../shell/Kbd.tsx';
import { fareClassName } from '../search/OfferList.tsx';
import { formatNumber, formatPounds } from '../../../core/format.ts';
import { HoldStatus } from './HoldStatus.tsx';
import { JourneySummary } from './JourneySummary.tsx';
import { useShell } from '../shell/store.ts';
import { changeDue, quickAmounts, walletShortfall } from './money.ts';
import { readAmount } from '../../../core/money.ts';
import { saleTotal, ticketLanguage, useSale } from './store.ts';
import type { CashCheck } from './store/payment.ts';
import { useFocusTarget } from './use-focus.ts';
import { useSettled } from './use-settled.ts';

/** Step 4: the retail total, the cash handed over, the change; confirm once. */
export function PaymentStep() {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const total = useSale(saleTotal);
  const cash = useSale((s) => s.cash);
  const sending = useSale((s) => s.sending);
  const sendError = useSale((s) => s.sendError);
  const hold = useSale((s) => s.hold);
  const names = useSale((s) => s.names);
  const passengers = useSale((s) => s.passengers);
  const detail = useSale((s) => s.detail.value);
  const language = useSale((s) => s.language);
  const contactName = useSale((s) => s.contactName);
  const phone = useSale((s) => s.phone);
  const cashCheck = useSale((s) => s.cashCheck);
  const { setCash, confirm, focusOn, retrySend } = useSale.getState();
  const cashRef = useFocusTarget<HTMLInputElement>('cash');
  const confirmRef = useFocusTarget<HTMLButtonElement>('confirm');

  const wallet = useShell((s) => s.wallet);
  // The balance as it is now: top-ups and other counters' sales move it.
  useEffect(() => void useShell.getState().refreshWallet(), []);
  const reading = readAmount(cash);
  const tendered = reading.ok ? reading.minor : null;
  const change = total === null ? null : changeDue(total, tendered);
  const covered = change !== null;
  const canConfirm = covered && hold.status === 'held' && !sending;
  const quick = useMemo(() => (total === null ? [] : quickAmounts(total)), [total]);
  const held = hold.status === 'held' ? hold.hold : null;
  const short = held ? walletShortfall(held.total.amount_minor, wallet) : null;
  // the seats stay listed when the hold has lapsed (the agent re-picks them from here)
  const seats = held?.seats_requested ?? (hold.status === 'expired' ? hold.seats : []);
  // What is wrong with the cash typed (unreadable, or short), null when nothing is (or nothing typed yet).
  const cashWrong =
    cash.trim() === ''
      ? null
      : !reading.ok
        ? t(reading.problem === 'ambiguous' ? 'pay.cash.ambiguous' : 'pay.cash.invalid')
        : covered
          ? null
          : t('pay.cash.short', { missing: formatPounds((total ?? 0) - (tendered ?? 0), locale) });
  const said = useSettled(cashWrong ?? (change === null ? '' : `${t('pay.change')} ${formatPounds(change, locale)}`));
  // short or unreadable, once the typing rests (not red at each digit on the way to 2000)
  const cashProblem = useSettled(cashWrong !== null);

  // Alt+1…Alt+6: the quick amounts, from anywhere on this step
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey) return;
      const m = /^Digit([1-6])$/.exec(e.code);
      if (!m) return;
      const amount = quick[Number(m[1]) - 1];
      if (amount === undefined) return;
      e.preventDefault();
      setCash(String(amount / 100));
      focusOn('confirm');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [quick, setCash, focusOn]);

  return (
    <div className="pay-step">
      <JourneySummary />
      <div className="pay-grid">
        <section className="card" aria-labelledby="pay-summary">
          <h2 id="pay-summary">{t('pay.summary')}</h2>
          <table className="pay-lines">
            <thead>
              <tr>
                <th scope="col">{t('pay.col.passenger')}</th>
                <th scope="col">{t('pay.col.seat')}</th>
                <th scope="col" className="num">
                  {t('pay.col.price')}
                </th>
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: passengers }, (_, i) => {
                const seat = seats[i];
                const price = (held ? detail?.retailByClass[held.fare_class] : undefined) ?? (seat ? detail?.retailBySeat[seat] : undefined);
                return (
                  <tr key={i}>
                    <td>{names[i]}</td>
                    <td>
                      {seat ? <span className="seat-chip">{seat}</span> : <span className="muted">{t('pay.seat.boarding')}</span>}
                      {held && <span className="muted"> {fareClassName(held.fare_class, locale)}</span>}
                    </td>
                    <td className="num">{price !== undefined ? formatPounds(price, locale) : '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="muted small">
            {t('pay.contact')} <bdi>{contactName}</bdi>
            {locale === 'ar' ? '، ' : ', '}
            <bdi dir="ltr">{phone}</bdi> · {t('pay.ticketLanguage', { language: ticketLanguage({ language }) === 'ar' ? 'العربية' : 'English' })}
          </p>
          {held && (
            <p className="muted small">
              {t('pay.net', { net: formatPounds(held.total.amount_minor, locale) })}
            </p>
          )}
          <HoldStatus />
        </section>
        <section className="card cash-card" aria-labelledby="pay-cash" aria-busy={sending}>
          <h2 id="pay-cash" className="sr-only">
            {t('pay.cash.title')}
          </h2>
          <div className="total-line">
            <span>{t('pay.total')}</span>
            <span className="amount huge" data-testid="pay-total">
              {total !== null ? formatPounds(total, locale) : '—'}
            </span>
          </div>
          {short !== null && (
            <p className="wallet-short" role="alert" data-testid="wallet-short">
              {t('pay.walletShort', { short: formatPounds(short, locale), balance: formatPounds(wallet?.balanceMinor ?? 0, locale) })}
            </p>
          )}
          <div className="field">
            <label htmlFor="cash">{t('pay.cash')}</label>
            <input
              id="cash"
              ref={cashRef}
              className="cash-input"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              dir="ltr"
              value={cash}
              disabled={sending}
              aria-describedby="cash-state"
              aria-invalid={cashProblem || undefined}
              onChange={(e) => setCash(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  // first Enter accepts the amount and shows the change; the second confirms
                  if (covered) focusOn('confirm');
                }
              }}
            />
          </div>
          <div className="quick" role="group" aria-label={t('pay.quick')}>
            {quick.map((amount, i) => (
              <QuickCash
                key={amount}
                label={i === 0 ? t('pay.quick.exactShort') : formatNumber(amount / 100, locale)}
                description={i === 0 ? t('pay.quick.exact', { amount: formatPounds(amount, locale) }) : formatPounds(amount, locale)}
                shortcut={`Alt+${i + 1}`}
                disabled={sending}
                onClick={() => {
                  setCash(String(amount / 100));
                  focusOn('confirm');
                }}
              />
            ))}
          </div>
          {/* not live: it changes with each digit; the region below says it once the typing rests */}
          <div className={`change-line${covered ? ' ok' : ''}`} id="cash-state">
            {cash.trim() === '' ? (
              <span className="muted">{t('pay.cash.enter')}</span>
            ) : cashWrong !== null ? (
              <span className="field-problem">{cashWrong}</span>
            ) : (
              change !== null && (
                <>
                  <span>{t('pay.change')}</span>
                  <span className="amount huge" data-testid="pay-change">
                    {formatPounds(change, locale)}
                  </span>
                </>
              )
            )}
          </div>
          <span className="sr-only" role="status" data-testid="change-announcer">
            {said}
          </span>
          {sendError && !sending && (
            <ErrorNotice error={sendError} onRetry={sendError.code === 'not_found' || sendError.retryable ? () => void retrySend() : undefined} />
          )}
          {cashCheck ? (
            <CashCheckPrompt check={cashCheck} />
          ) : (
            <button
              ref={confirmRef}
              type="button"
              className="primary confirm"
              disabled={!canConfirm}
              aria-busy={sending}
              aria-keyshortcuts="F10"
              data-testid="confirm"
              onClick={() => void confirm()}
            >
              {sending ? (
                <>
                  <Spinner /> {t('pay.sending')}
                </>
              ) : (
                <>
                  {t('pay.confirm')} <Kbd k="F10" />
                </>
              )}
            </button>
          )}
          {sending && (
            <p className="progress" role="status">
              {t('pay.sending.detail')}
            </p>
          )}
        </section>
      </div>
    </div>
  );
}

/**
 * Cash far over the total (money.ts, CASH_CHECK_OVER_MINOR) is read back before the sale is
 * sent. Enter (the focus is on "Correct") sends it, Esc goes back to the amount.
 */
/** A quick amount of cash: named by what it shows ("Exact", "500"), the amount in pounds as its description. */
function QuickCash(props: { label: string; description: string; shortcut: string; disabled: boolean; onClick(): void }) {
  const { describedBy, description } = useDescription(props.description);
  return (
    <button type="button" disabled={props.disabled} aria-keyshortcuts={props.shortcut} aria-describedby={describedBy} onClick={props.onClick}>
      <span>{props.label}</span>
      <Kbd k={props.shortcut} />
      {description}
    </button>
  );
}

function CashCheckPrompt({ check }: { check: CashCheck }) {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const { confirmCash, cancelCashCheck } = useSale.getState();
  const yesRef = useFocusTarget<HTMLButtonElement>('cash-check');
  return (
    <div
      role="alertdialog"
      className="cash-check"
      aria-labelledby="cash-check-title"
      aria-describedby="cash-check-text"
      data-testid="cash-check"
      onKeyDown={(e) => {
        // an Enter held down on Confirm must not answer this question too
        if (e.key === 'Enter' && e.repeat) e.preventDefault();
      }}
    >
      <h3 id="cash-check-title">{t('pay.check.title')}</h3>
      <p id="cash-check-text">
        {t('pay.check.text', {
          cash: formatPounds(check.cashMinor, locale),
          total: formatPounds(check.totalMinor, locale),
          change: formatPounds(check.changeMinor, locale),
        })}
      </p>
      <div className="cash-check-actions">
        <button ref={yesRef} type="button" className="primary" data-testid="cash-check-yes" onClick={() => void confirmCash()} aria-keyshortcuts="Enter">
          {t('pay.check.yes')} <Kbd k="Enter" />
        </button>
        <button type="button" data-testid="cash-check-no" onClick={() => cancelCashCheck()} aria-keyshortcuts="Escape">
          {t('pay.check.no')} <Kbd k="Esc" />
        </button>
      </div>
    </div>
  );
}
