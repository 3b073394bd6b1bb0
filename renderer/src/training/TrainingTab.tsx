import { useEffect, useState } from 'react';
import type { SaleSummary } from '../../../contract/counter.ts';
import type { AppError } from '../../../contract/errors.ts';
import type { TrainingAction, TrainingDone } from '../../../contract/training.ts';
import { formatCairo, formatMoney, formatNumber, localDigits } from '../../../core/format.ts';
import { wallClockDate, wallClockTime } from '../../../core/wall-clock.ts';
import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useLocale, useT } from '../i18n/index.ts';
import { parseAmount } from '../../../core/money.ts';
import { useShell } from '../shell/store.ts';
import './training.css';
import { useRouteName } from '../shell/place-names.ts';
import { LockedFields, useSupervisorForm } from '../settings/SupervisorLock.tsx';

/**
 * TRAINING only: the trainer's buttons. What the operator, the account manager or time would do,
 * staged on the embedded sandbox, so a class practises the worklist, a refund, a low wallet and a
 * settled claim without waiting for them to happen.
 */
export function TrainingTab() {
  const t = useT();
  const routeName = useRouteName();
  const locale = useLocale((s) => s.locale);
  const [sales, setSales] = useState<SaleSummary[]>([]);
  const [reference, setReference] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<TrainingDone | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const { locked, notice } = useSupervisorForm('training');
  useEffect(() => {
    void api.listSales({ limit: 50 }).then((r) => {
      if (!r.ok) return;
      const confirmed = r.value.filter((s) => s.status === 'confirmed' && s.bookingReference);
      setSales(confirmed);
      setReference((ref) => ref || (confirmed[0]?.bookingReference ?? ''));
    });
  }, []);
  const run = async (action: TrainingAction) => {
    if (busy) return;
    setBusy(true);
    setDone(null);
    setError(null);
    const r = await api.trainingAction(action);
    setBusy(false);
    if (!r.ok) return setError(r.error);
    setDone(r.value);
    void useShell.getState().refreshWallet();
  };
  const adjustMinor = parseAmount(amount.replace(/^[-−]/, ''));
  const adjustSigned = adjustMinor === null ? null : /^[-−]/.test(amount.trim()) ? -adjustMinor : adjustMinor;
  return (
    <div className="st-tab training-tab" data-testid="settings-training">
      <h2>{t('training.heading')}</h2>
      <p className="st-intro">{t('training.intro')}</p>
      {notice}
      <LockedFields action="training" locked={locked}>

        <section aria-labelledby="training-trip">
          <h3 id="training-trip">{t('training.trip')}</h3>
          {sales.length === 0 ? (
            <p className="st-empty">{t('training.noSales')}</p>
          ) : (
            <div className="st-field">
              <label htmlFor="training-booking">{t('training.booking')}</label>
              <select id="training-booking" value={reference} onChange={(e) => setReference(e.target.value)}>
                {sales.map((s) => (
                  <option key={s.saleId} value={s.bookingReference!}>
                    {s.bookingReference} · {routeName(s.route)} · {s.departureAt ? localDigits(`${wallClockDate(s.departureAt)} ${wallClockTime(s.departureAt)}`, locale) : '—'}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="st-actions">
            <button type="button" className="st-btn" disabled={!reference} aria-disabled={busy || undefined} onClick={() => void run({ kind: 'reschedule', bookingReference: reference, hours: 2 })} data-testid="training-move">
              {t('training.move')}
            </button>
            <button type="button" className="st-btn" disabled={!reference} aria-disabled={busy || undefined} onClick={() => void run({ kind: 'cancel-trip', bookingReference: reference })} data-testid="training-cancel">
              {t('training.cancel')}
            </button>
          </div>
        </section>

        <section aria-labelledby="training-wallet">
          <h3 id="training-wallet">{t('training.wallet')}</h3>
          <div className="st-actions">
            <button type="button" className="st-btn" aria-disabled={busy || undefined} onClick={() => void run({ kind: 'topup', amountMinor: 1_000_000 })} data-testid="training-topup">
              {t('training.topup', { amount: formatMoney(1_000_000, locale) })}
            </button>
            <button type="button" className="st-btn" aria-disabled={busy || undefined} onClick={() => void run({ kind: 'drain' })} data-testid="training-drain">
              {t('training.drain', { amount: formatMoney(5_000, locale) })}
            </button>
          </div>
          <form
            className="training-adjust"
            onSubmit={(e) => {
              e.preventDefault();
              if (adjustSigned && reason.trim()) void run({ kind: 'adjust', amountMinor: adjustSigned, reason: reason.trim(), ...(reference ? { bookingReference: reference } : {}) });
            }}
          >
            <div className="st-field">
              <label htmlFor="training-amount">{t('training.adjustAmount')}</label>
              <input id="training-amount" inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} />
            </div>
            <div className="st-field">
              <label htmlFor="training-reason">{t('training.adjustReason')}</label>
              <input id="training-reason" maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} dir="auto" />
            </div>
            <button type="submit" className="st-btn" disabled={!adjustSigned || !reason.trim()} aria-disabled={busy || undefined} data-testid="training-adjust">
              {reference ? t('training.adjustFor', { reference }) : t('training.adjust')}
            </button>
          </form>
        </section>

        <section aria-labelledby="training-clock">
          <h3 id="training-clock">{t('training.clock')}</h3>
          <div className="st-actions">
            {[30, 24 * 60].map((minutes) => (
              <button key={minutes} type="button" className="st-btn" aria-disabled={busy || undefined} onClick={() => void run({ kind: 'advance', minutes })} data-testid={`training-advance-${minutes}`}>
                {minutes === 30 ? t('training.advance30', { n: formatNumber(30, locale) }) : t('training.advanceDay')}
              </button>
            ))}
          </div>
        </section>
      </LockedFields>

      {done && (
        <p role="status" data-testid="training-done">
          {t(`training.done.${done.kind}`, {
            departure: done.departureAt ? localDigits(`${wallClockDate(done.departureAt)} ${wallClockTime(done.departureAt)}`, locale) : '',
            balance: done.balanceMinor === undefined ? '' : formatMoney(done.balanceMinor, locale),
          })}{' '}
          {t('training.now', { at: formatCairo(done.sandboxNow, locale) })}
        </p>
      )}
      {error && <ErrorNotice error={error} />}
    </div>
  );
}
