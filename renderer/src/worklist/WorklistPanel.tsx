import type { TripChange } from '../../../contract/worklist.ts';
import { formatCairo, formatNumber } from '../../../core/format.ts';
import { wallClockDate } from '../../../core/wall-clock.ts';
import { clockTime, formatDay } from '../sale/display.ts';
import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { PrintButton } from '../components/PrintButton.tsx';
import { TravellerSeat } from '../components/TravellerSeat.tsx';
import { Modal } from '../components/Modal.tsx';
import { useLocale, useT, type Locale } from '../i18n/index.ts';
import { toCall, useWorklist } from './store.ts';
import './worklist.css';
import { RefundPanel } from '../refunds/RefundPanel.tsx';
import { useRouteName } from '../shell/place-names.ts';

// the departure's own wall clock, as the operator gives it: "Mon, 30 Nov 00:15"
const when = (iso: string | null, locale: Locale) => (iso ? `${formatDay(wallClockDate(iso), locale)} ${clockTime(iso, locale)}` : '—');

/** The top bar's count of travellers to call about a moved or cancelled trip; opens the list. */
export function WorklistChip() {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const n = useWorklist((s) => toCall(s.items));
  if (n === 0) return null;
  return (
    <button type="button" className="worklist-chip" data-testid="worklist-chip" onClick={() => useWorklist.getState().show(true)}>
      {t('worklist.chip', { n: formatNumber(n, locale) })}
    </button>
  );
}

/**
 * Marks the call; the button goes (who called and when takes its place), so the focus moves to
 * the same traveller's print button rather than fall to the page.
 */
async function markCalled(button: HTMLElement, item: TripChange) {
  const row = button.closest('li');
  await useWorklist.getState().called(item);
  if (!button.isConnected) row?.querySelector<HTMLElement>('[data-testid=worklist-print] button')?.focus();
}

/** Who to call, what changed, a "called" mark with who and when, and a fresh ticket to print. */
export function WorklistPanel() {
  const t = useT();
  const routeName = useRouteName();
  const locale = useLocale((s) => s.locale);
  const { items, open, error } = useWorklist();
  if (!open) return null;
  return (
    <Modal className="shift-panel-backdrop">
      <section className="desk-card desk-wide worklist" role="dialog" aria-modal="true" aria-labelledby="worklist-title" data-testid="worklist">
        <div className="shift-panel-head">
          <h2 id="worklist-title">{t('worklist.title')}</h2>
          <button type="button" className="st-btn st-btn-quiet" onClick={() => useWorklist.getState().show(false)}>
            {t('worklist.close')}
          </button>
        </div>
        {error && <ErrorNotice error={error} />}
        {items.length === 0 && <p className="st-empty">{t('worklist.empty')}</p>}
        <ul className="worklist-items">
          {items.map((i) => (
            <li key={`${i.saleId}-${i.version}`} data-kind={i.kind} data-called={i.calledAt !== null} data-testid="worklist-item">
              <strong>
                {i.travellers.map((p, k) => (
                  <span key={k}>
                    {k > 0 && (locale === 'ar' ? '، ' : ', ')}
                    <TravellerSeat name={p.name} seat={p.seat} />
                  </span>
                ))}
              </strong>
              <span className="mono" dir="ltr">
                {i.contact.phone ?? '—'}
              </span>
              <span>
                {t(`worklist.kind.${i.kind}`)} · {routeName(i.route)} · <bdi className="mono">{i.bookingReference}</bdi>
              </span>
              {i.kind === 'rescheduled' && (
                <span data-testid="worklist-moved">
                  {t('worklist.moved', { from: when(i.oldDepartureAt, locale), to: when(i.newDepartureAt, locale) })}
                </span>
              )}
              {i.notice && i.kind !== 'rescheduled' && (
                // the operator's words, in the language the API gave them: isolated so their full
                // stop stays at their end on an Arabic screen
                <span className="worklist-notice">
                  <bdi>{i.notice}</bdi>
                </span>
              )}
              <span className="worklist-actions">
                {i.calledAt ? (
                  <span data-testid="worklist-called">{t('worklist.calledBy', { name: i.calledBy ?? '', at: formatCairo(i.calledAt, locale) })}</span>
                ) : (
                  <button type="button" className="st-btn st-btn-primary" onClick={(e) => void markCalled(e.currentTarget, i)}>
                    {t('worklist.markCalled')}
                  </button>
                )}
                <PrintButton label={t('worklist.print')} print={() => api.printTickets({ saleId: i.saleId })} testId="worklist-print" />
              </span>
              {!i.validForTravel && <RefundPanel target={{ saleId: i.saleId }} language={locale} />}
            </li>
          ))}
        </ul>
      </section>
    </Modal>
  );
}
