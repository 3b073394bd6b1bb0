import { useState, type FormEvent } from 'react';
import type { AppError } from '../../../contract/errors.ts';
import type { PrintResult } from '../../../contract/counter.ts';
import { PrintButton } from '../components/PrintButton.tsx';
import type { RefundPolicy, RefundQuote, RefundView } from '../../../contract/refunds.ts';
import { formatMoney, formatNumber } from '../../../core/format.ts';
import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useDesk } from '../desk/store.ts';
import { useLocale, useT, type Translate } from '../i18n/index.ts';
import './refunds.css';

type Target = { saleId: string } | { bookingReference: string };

function policyLine(t: Translate, policy: RefundPolicy, money: (minor: number) => string, locale: 'ar' | 'en'): string {
  if (policy.kind === 'percent') return t('refunds.policy.percent', { percent: formatNumber(policy.percent, locale) });
  if (policy.kind === 'fixed') return t('refunds.policy.fixed', { fee: money(policy.feeMinor) });
  return t('refunds.policy.none');
}

/**
 * Money back at the window, from the booking view or the trip-changes list: the tickets of the
 * booking with what each paid, chosen one by one or all; a trip that was not cancelled asks for a
 * supervisor (their PIN and a reason) under the station's policy. Keyboard: Tab through, Space
 * toggles a ticket, Enter pays, Esc closes.
 */
export function RefundPanel({ target, language }: { target: Target; language: 'ar' | 'en' }) {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  // The list as the store holds it (a stable reference), filtered here.
  const agents = useDesk((s) => s.desk?.agents);
  const supervisors = (agents ?? []).filter((a) => a.role === 'supervisor' && a.active);
  const [quote, setQuote] = useState<RefundQuote | null>(null);
  const [open, setOpen] = useState(false);
  // Once closed, the focus goes back to the button that opened it (keyboard first).
  const [closedOnce, setClosedOnce] = useState(false);
  const close = () => {
    setOpen(false);
    setClosedOnce(true);
  };
  const [chosen, setChosen] = useState<number[]>([]);
  const [approval, setApproval] = useState({ supervisorId: '', pin: '', reason: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [done, setDone] = useState<{ refund: RefundView; print: PrintResult | null } | null>(null);
  const money = (minor: number) => formatMoney(minor, locale, quote?.currency ?? 'EGP');

  const load = async () => {
    setOpen(true);
    setError(null);
    const r = await api.refundQuote(target);
    if (!r.ok) return setError(r.error);
    show(r.value);
  };
  const show = (q: RefundQuote) => {
    setQuote(q);
    setChosen(q.tickets.filter((x) => !x.refunded).map((x) => x.passengerIndex));
  };

  const pay = async (whole: boolean) => {
    if (!quote || busy) return;
    setBusy(true);
    setError(null);
    const r = await api.refund({
      ...target,
      language,
      ...(whole ? {} : { passengerIndexes: chosen }),
      ...(quote.cancelled ? {} : { approval }),
    });
    setBusy(false);
    if (!r.ok) return setError(r.error);
    setDone(r.value);
    setApproval({ supervisorId: approval.supervisorId, pin: '', reason: '' });
    const again = await api.refundQuote(target);
    if (again.ok) show(again.value);
  };

  if (!open) {
    return (
      <button type="button" className="st-btn" data-testid="refund-open" onClick={() => void load()} autoFocus={closedOnce}>
        {t('refunds.open')}
      </button>
    );
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void pay(false);
  };
  const open_ = quote?.tickets.filter((x) => !x.refunded) ?? [];
  const chosenAmount = quote ? quote.tickets.filter((x) => chosen.includes(x.passengerIndex)).reduce((n, x) => n + x.retailMinor, 0) : 0;
  return (
    <section
      className="refund-panel"
      data-testid="refund-panel"
      aria-labelledby="refund-title"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          close();
        }
      }}
    >
      <h2 id="refund-title">{t('refunds.title')}</h2>
      {error && <ErrorNotice error={error} />}
      {quote && (
        <form onSubmit={onSubmit}>
          <p className={quote.cancelled ? 'refund-cancelled' : 'refund-not-cancelled'} data-testid="refund-cause">
            {t(quote.cancelled ? 'refunds.cancelled' : 'refunds.notCancelled')}
          </p>
          {quote.otherCounter && <p>{t('refunds.otherCounter')}</p>}
          {!quote.cancelled && <p>{policyLine(t, quote.policy, money, locale)}</p>}
          <fieldset className="refund-tickets">
            {quote.tickets.map((x) => (
              <label key={x.passengerIndex} data-testid={`refund-ticket-${x.passengerIndex}`}>
                <input
                  type="checkbox"
                  disabled={x.refunded || busy}
                  checked={x.refunded ? false : chosen.includes(x.passengerIndex)}
                  onChange={(e) => setChosen(e.target.checked ? [...chosen, x.passengerIndex] : chosen.filter((i) => i !== x.passengerIndex))}
                  autoFocus={x.passengerIndex === open_[0]?.passengerIndex}
                />
                <bdi>{t('refunds.ticket', { name: x.name, seat: x.seat ? t('refunds.seat', { seat: x.seat }) : t('refunds.seatAtBoarding'), amount: money(x.retailMinor) })}</bdi>
                {x.refunded && <strong> · {t('refunds.refunded')}</strong>}
              </label>
            ))}
          </fieldset>
          <p>{t('refunds.chosen', { n: formatNumber(chosen.length, locale), amount: money(chosenAmount) })}</p>
          {!quote.cancelled && (
            <div className="refund-approval">
              <label>
                {t('refunds.supervisor')}
                <select value={approval.supervisorId} onChange={(e) => setApproval({ ...approval, supervisorId: e.target.value })} data-testid="refund-supervisor">
                  <option value="">{t('refunds.pickSupervisor')}</option>
                  {supervisors.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {t('refunds.pin')}
                <input type="password" inputMode="numeric" autoComplete="off" value={approval.pin} onChange={(e) => setApproval({ ...approval, pin: e.target.value })} data-testid="refund-pin" />
              </label>
              <label>
                {t('refunds.reason')}
                <input dir="auto" maxLength={200} value={approval.reason} onChange={(e) => setApproval({ ...approval, reason: e.target.value })} data-testid="refund-reason" />
              </label>
            </div>
          )}
          <div className="refund-actions">
            <button type="submit" className="st-btn st-btn-primary" aria-disabled={busy || chosen.length === 0 || undefined} data-testid="refund-pay">
              {busy ? t('refunds.paying') : t('refunds.pay')}
            </button>
            <button type="button" className="st-btn" aria-disabled={busy || open_.length === 0 || undefined} onClick={() => void pay(true)} data-testid="refund-pay-all">
              {t('refunds.payAll')}
            </button>
            <button type="button" className="st-btn st-btn-quiet" onClick={close}>
              {t('refunds.close')}
            </button>
          </div>
        </form>
      )}
      {done && (
        <div className="refund-done">
          <p role="status" data-testid="refund-done" data-job-id={done.print?.jobId ?? ''}>
            {t('refunds.done', {
              amount: money(done.refund.amountMinor),
              print: done.print?.status === 'sent' ? t('refunds.printSent', { printer: done.print.printer }) : t('refunds.printFailed'),
            })}
          </p>
          <PrintButton label={t('refunds.reprint')} print={() => api.printRefundReceipt({ refundId: done.refund.refundId, language })} testId="refund-reprint" autoFocus />
        </div>
      )}
    </section>
  );
}
