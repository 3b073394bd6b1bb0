import { useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import type { CashMoveKind } from '../../../contract/shifts.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { Modal } from '../components/Modal.tsx';
import { formatMoney } from '../../../core/format.ts';
import { useLocale, useT } from '../i18n/index.ts';
import { parseAmount } from '../../../core/money.ts';
import { CashCountForm } from './CashCountForm.tsx';
import { useDesk } from './store.ts';
import { ZReportCard } from './ZReportCard.tsx';
import { VarianceRow } from './VarianceRow.tsx';
import { varianceNeedsComment } from '../../../core/variance.ts';

/** No sale without an open shift: the agent counts the opening float into the drawer. */
export function OpenShift({ withinCounter = false }: { withinCounter?: boolean }) {
  const t = useT();
  const desk = useDesk((s) => s.desk)!;
  const error = useDesk((s) => s.error);
  const busy = useDesk((s) => s.busy);
  return (
    <main className="desk-screen" data-testid="open-shift">
      <div className="desk-card desk-wide">
        <h1>{t('desk.open.title')}</h1>
        <p className="desk-intro">{t('desk.open.intro', { name: desk.signedIn?.name ?? '' })}</p>
        {withinCounter && (
          <p className="desk-intro" data-testid="no-shift-needed">
            {t('desk.open.supervisorWork')}
          </p>
        )}
        <CashCountForm id="float" busy={busy} submitLabel={t('desk.open.submit')} onSubmit={(c) => void useDesk.getState().openShift(c)}>
          {error && <ErrorNotice error={error} />}
        </CashCountForm>
        <button type="button" className="st-btn st-btn-quiet" onClick={() => void useDesk.getState().signOut()}>
          {t('desk.signOut')}
        </button>
      </div>
    </main>
  );
}

/** Right after the close: the frozen Z-report to read and print, then the next shift (or sign out). */
export function ShiftClosed() {
  const t = useT();
  const closed = useDesk((s) => s.closed)!;
  return (
    <main className="desk-screen" data-testid="shift-closed">
      <div className="desk-card desk-wide">
        <ZReportCard view={closed} screen />
        <div className="st-actions">
          <button type="button" className="st-btn" onClick={() => useDesk.getState().showPanel(null)} data-testid="shift-closed-done">
            {t('desk.shift.done')}
          </button>
          <button type="button" className="st-btn st-btn-quiet" onClick={() => void useDesk.getState().signOut()}>
            {t('desk.signOut')}
          </button>
        </div>
      </div>
    </main>
  );
}

const KINDS: CashMoveKind[] = ['pay_in', 'pay_out', 'safe_drop'];

/** Cash in and out of the drawer during the shift, each with its reason. */
function CashMoves() {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const error = useDesk((s) => s.error);
  const busy = useDesk((s) => s.busy);
  const [kind, setKind] = useState<CashMoveKind>('pay_out');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const minor = parseAmount(amount);
  const ready = minor !== null && minor > 0 && reason.trim().length > 0;
  return (
    <form
      className="cash-moves"
      data-testid="cash-moves"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!ready || busy) return;
        if (await useDesk.getState().moveCash(kind, minor, reason.trim())) {
          setDone(t('desk.cash.done', { kind: t(`desk.cash.${kind}`), amount: formatMoney(minor, locale) }));
          setAmount('');
          setReason('');
          // ready for the next one (the status line says this one is recorded)
          amountRef.current?.focus();
        }
      }}
    >
      <h2>{t('desk.cash.title')}</h2>
      <fieldset className="st-seg">
        <legend>{t('desk.cash.kind')}</legend>
        {KINDS.map((k) => (
          <label key={k} className={kind === k ? 'chosen' : undefined}>
            <input type="radio" name="cash-kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
            {t(`desk.cash.${k}`)}
          </label>
        ))}
      </fieldset>
      <label htmlFor="cash-amount">{t('desk.cash.amount')}</label>
      <input id="cash-amount" ref={amountRef} inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} />
      <label htmlFor="cash-reason">{t('desk.cash.reason')}</label>
      <input id="cash-reason" maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} dir="auto" />
      {error && <ErrorNotice error={error} />}
      {done && <p role="status">{done}</p>}
      {/* focusable while busy or not ready: a disabled button would drop the keyboard's focus to the page */}
      <button type="submit" className="st-btn st-btn-primary" aria-disabled={busy || !ready || undefined}>
        {t('desk.cash.submit')}
      </button>
    </form>
  );
}

/** Closing: the blind count first, then expected and variance with a comment, then the frozen Z-report. */
function CloseShift() {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const counted = useDesk((s) => s.counted);
  const error = useDesk((s) => s.error);
  const busy = useDesk((s) => s.busy);
  const [comment, setComment] = useState('');
  if (!counted) {
    return (
      <section data-testid="blind-count">
        <h2>{t('desk.close.count')}</h2>
        <p className="desk-intro">{t('desk.close.blind')}</p>
        <CashCountForm id="count" busy={busy} submitLabel={t('desk.close.countSubmit')} onSubmit={(c) => void useDesk.getState().count(c)}>
          {error && <ErrorNotice error={error} />}
        </CashCountForm>
      </section>
    );
  }
  const needsComment = varianceNeedsComment(counted.varianceMinor) && comment.trim() === '';
  return (
    <form
      data-testid="variance"
      onSubmit={(e) => {
        e.preventDefault();
        if (needsComment) return;
        void useDesk.getState().close(comment.trim() || null);
      }}
    >
      <h2>{t('desk.close.result')}</h2>
      <table className="z-cash">
        <tbody>
          <tr>
            <th scope="row">{t('desk.z.counted')}</th>
            <td>{formatMoney(counted.countedMinor, locale)}</td>
          </tr>
          <tr>
            <th scope="row">{t('desk.z.expected')}</th>
            <td>{formatMoney(counted.expectedMinor, locale)}</td>
          </tr>
          <VarianceRow minor={counted.varianceMinor} />
        </tbody>
      </table>
      <label htmlFor="close-comment">{t('desk.close.comment')}</label>
      <input
        id="close-comment"
        autoFocus
        maxLength={200}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        dir="auto"
        required={varianceNeedsComment(counted.varianceMinor)}
        aria-describedby={needsComment ? 'close-comment-needed' : undefined}
      />
      {needsComment && (
        <p id="close-comment-needed" className="desk-intro" data-testid="comment-needed">
          {t('desk.close.commentRequired')}
        </p>
      )}
      {error && <ErrorNotice error={error} />}
      <button type="submit" className="st-btn st-btn-primary" disabled={busy || needsComment}>
        {t('desk.close.submit')}
      </button>
    </form>
  );
}

const PANELS = ['cash', 'close'] as const;

/**
 * The panel's tabs as a tab list: one Tab stop, the arrows (along the reading direction), Home
 * and End move to a tab and show it.
 */
function onTabKey(e: KeyboardEvent<HTMLDivElement>, panel: (typeof PANELS)[number]) {
  const i = PANELS.indexOf(panel);
  const forward = document.documentElement.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
  const back = forward === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft';
  const to = e.key === forward ? i + 1 : e.key === back ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? PANELS.length - 1 : null;
  if (to === null) return;
  e.preventDefault();
  const next = PANELS[(to + PANELS.length) % PANELS.length]!;
  flushSync(() => useDesk.getState().showPanel(next));
  document.getElementById(`shift-tab-${next}`)?.focus();
}

/** The shift panel over the counter (F11): cash movements, or closing the shift. Esc closes it (shell/shortcuts.ts). */
export function ShiftPanel() {
  const t = useT();
  const panel = useDesk((s) => s.panel);
  const { showPanel } = useDesk.getState();
  if (panel === null) return null;
  return (
    <Modal className="shift-panel-backdrop">
      <section
        className="desk-card desk-wide shift-panel"
        role="dialog"
        aria-modal="true"
        aria-label={t('desk.shift.title')}
        data-testid="shift-panel"
      >
        <div className="shift-panel-head">
          <div role="tablist" className="settings-tabs" aria-label={t('desk.shift.title')} onKeyDown={(e) => onTabKey(e, panel)}>
            {PANELS.map((p) => (
              <button
                key={p}
                type="button"
                role="tab"
                id={`shift-tab-${p}`}
                aria-controls="shift-tabpanel"
                aria-selected={panel === p}
                tabIndex={panel === p ? 0 : -1}
                className="settings-tab"
                onClick={() => showPanel(p)}
              >
                {t(`desk.shift.${p}`)}
              </button>
            ))}
          </div>
          <button type="button" className="st-btn st-btn-quiet" onClick={() => showPanel(null)}>
            {t('desk.shift.hide')}
          </button>
        </div>
        <div role="tabpanel" id="shift-tabpanel" aria-labelledby={`shift-tab-${panel}`}>
          {panel === 'cash' ? <CashMoves /> : <CloseShift />}
        </div>
      </section>
    </Modal>
  );
}
