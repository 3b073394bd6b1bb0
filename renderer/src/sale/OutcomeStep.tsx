import type { SaleOutcome } from '../../../contract/counter.ts';
import { useLocale, useT, type MessageKey } from '../i18n/index.ts';
import { CheckIcon, Spinner } from '../components/Icons.tsx';
import { Kbd } from '../shell/Kbd.tsx';
import { fareClassName } from '../search/OfferList.tsx';
import { formatPounds, partsSeparator } from '../../../core/format.ts';
import { clockTime, formatDay } from './display.ts';
import { PrintLine } from './PrintLine.tsx';
import { PRINT_KINDS, printView } from './prints.ts';
import { useSale } from './store.ts';
import { useFocusTarget } from './use-focus.ts';
import { readingArrow } from '../../../core/route.ts';

/** Step 5: one clear outcome: booked (and printing), waiting for the operator, or not booked. */
export function OutcomeStep() {
  const t = useT();
  const outcome = useSale((s) => s.outcome);
  const sendError = useSale((s) => s.sendError);
  if (!outcome) {
    return (
      <div className="outcome-step">
        <div className="outcome card pending" role="status">
          <Spinner /> {sendError ? t(`error.${sendError.code}` as MessageKey) : t('outcome.checking')}
        </div>
      </div>
    );
  }
  return (
    <div className="outcome-step">
      {outcome.status === 'confirmed' && <Confirmed outcome={outcome} />}
      {(outcome.status === 'pending' || outcome.status === 'sending' || outcome.status === 'unknown') && <Pending outcome={outcome} />}
      {outcome.status === 'failed' && <Failed outcome={outcome} />}
    </div>
  );
}

/**
 * The outcome takes the focus itself (not its "Next customer" button): an Enter pressed twice
 * on Confirm must not skip past the change due and the reference. Next customer is F12 or Esc.
 */
function useOutcomeFocus() {
  return useFocusTarget<HTMLElement>('outcome');
}

function NextButton() {
  const t = useT();
  const { newCustomer } = useSale.getState();
  return (
    <button type="button" className="primary next" onClick={() => newCustomer()} aria-keyshortcuts="F12 Escape">
      {t('outcome.next')} <Kbd k="F12" />
    </button>
  );
}

function BookingFacts({ outcome }: { outcome: SaleOutcome }) {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const b = outcome.booking;
  if (!b) return null;
  const operator = locale === 'ar' ? (b.operator.name_ar ?? b.operator.name) : b.operator.name;
  const dep = b.departure_at ?? b.origin.departs_at;
  return (
    <dl className="facts">
      <div>
        <dt>{t('outcome.reference')}</dt>
        <dd className="mono big" data-testid="booking-reference">
          {b.id}
        </dd>
      </div>
      {b.boarding.operator_reference && (
        <div>
          <dt>{t('outcome.operatorReference')}</dt>
          <dd className="mono" data-testid="operator-reference">
            {b.boarding.operator_reference}
          </dd>
        </div>
      )}
      <div>
        <dt>{t('outcome.journey')}</dt>
        <dd>
          {(locale === 'ar' ? b.origin.station_ar : null) ?? b.origin.station ?? b.origin.name} {readingArrow(locale)}{' '}
          {(locale === 'ar' ? b.destination.station_ar : null) ?? b.destination.station ?? b.destination.name}
          {dep && (
            <>
              {' · '}
              {formatDay(dep.slice(0, 10), locale)} <span dir="ltr">{clockTime(dep, locale)}</span>
            </>
          )}
          {/* after the time: a middle dot beside its digits reads as the Arabic zero */}
          {dep ? partsSeparator(locale) : ' · '}
          {operator}
          {b.seat_class && <> · {fareClassName(b.seat_class, locale)}</>}
        </dd>
      </div>
      <div>
        <dt>{t('outcome.passengers')}</dt>
        <dd>
          <ul className="outcome-pax">
            {b.passengers.map((p, i) => (
              <li key={i}>
                <span className="seat-chip">{p.seat ?? t('outcome.seat.boarding')}</span> <bdi>{p.full_name}</bdi>
              </li>
            ))}
          </ul>
        </dd>
      </div>
    </dl>
  );
}

function Money({ outcome }: { outcome: SaleOutcome }) {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  return (
    <div className="money-box">
      <div>
        <span>{t('outcome.total')}</span>
        <strong data-testid="outcome-total">{formatPounds(outcome.retailTotalMinor, locale)}</strong>
      </div>
      <div>
        <span>{t('outcome.cash')}</span>
        <strong>{formatPounds(outcome.cashTenderedMinor, locale)}</strong>
      </div>
      <div className="change">
        <span>{t('outcome.change')}</span>
        <strong className="huge" data-testid="outcome-change">
          {formatPounds(outcome.changeMinor, locale)}
        </strong>
      </div>
    </div>
  );
}

function Confirmed({ outcome }: { outcome: SaleOutcome }) {
  const t = useT();
  const ref = useOutcomeFocus();
  return (
    <section ref={ref} tabIndex={-1} className="outcome card confirmed" aria-labelledby="outcome-title" data-testid="outcome" data-status="confirmed">
      <header>
        <span className="outcome-mark" aria-hidden="true">
          <CheckIcon size={34} />
        </span>
        <div>
          <h2 id="outcome-title">{t('outcome.confirmed')}</h2>
          <p>{t('outcome.confirmed.text')}</p>
        </div>
      </header>
      <div className="outcome-body">
        <BookingFacts outcome={outcome} />
        <div>
          <Money outcome={outcome} />
          <Prints />
        </div>
      </div>
      <footer>
        <NextButton />
      </footer>
    </section>
  );
}

function Prints() {
  const t = useT();
  const outcome = useSale((s) => s.outcome);
  const manual = useSale((s) => s.manualPrints);
  const { print } = useSale.getState();
  return (
    <ul className="prints" aria-label={t('print.title')} data-testid="prints">
      {PRINT_KINDS.map((kind) => (
        <PrintLine
          key={kind}
          kind={kind}
          view={printView(outcome?.prints[kind], manual[kind])}
          testId={`print-${kind}`}
          retryLabel={t('print.retry', { what: t(`print.${kind}`) })}
          onPrint={() => void print(kind)}
        />
      ))}
    </ul>
  );
}

function Pending({ outcome }: { outcome: SaleOutcome }) {
  const t = useT();
  const ref = useOutcomeFocus();
  return (
    <section ref={ref} tabIndex={-1} className="outcome card pending" aria-labelledby="outcome-title" data-testid="outcome" data-status={outcome.status}>
      <header>
        <span className="outcome-mark" aria-hidden="true">
          <Spinner />
        </span>
        <div>
          <h2 id="outcome-title">{t(outcome.status === 'pending' ? 'outcome.pending' : 'outcome.unknown')}</h2>
          <p>{t(outcome.status === 'pending' ? 'outcome.pending.text' : 'outcome.unknown.text')}</p>
          <p className="progress" role="status">
            {t('outcome.pending.checking')}
          </p>
        </div>
      </header>
      <div className="outcome-body">
        <BookingFacts outcome={outcome} />
        <Money outcome={outcome} />
      </div>
      <footer>
        <p className="muted">{t('outcome.pending.wait')}</p>
      </footer>
    </section>
  );
}

const NEXT_STEP: Record<string, MessageKey> = {
  seats_unavailable: 'outcome.failed.next.seats',
  provider_rejected: 'outcome.failed.next.operator',
  service_unavailable: 'outcome.failed.next.retry',
  timeout: 'outcome.failed.next.retry',
  network: 'outcome.failed.next.retry',
  insufficient_funds: 'outcome.failed.next.funds',
  offer_expired: 'outcome.failed.next.expired',
  invalid_reference: 'outcome.failed.next.expired',
};

function Failed({ outcome }: { outcome: SaleOutcome }) {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const { repick, searchAgain, tryAgain } = useSale.getState();
  // after a reload the departure is no longer on screen: only a new search is offered
  const onScreen = useSale((s) => s.offer !== null);
  const code = outcome.error?.code ?? 'internal';
  const reference = outcome.booking?.id ?? outcome.error?.bookingReference ?? null;
  const retryable = onScreen && (code === 'service_unavailable' || code === 'timeout' || code === 'network' || code === 'insufficient_funds' || code === 'rate_limited');
  const repickable = onScreen && (code === 'seats_unavailable' || code === 'offer_expired' || code === 'invalid_reference');
  const ref = useOutcomeFocus();
  return (
    <section ref={ref} tabIndex={-1} className="outcome card failed" aria-labelledby="outcome-title" data-testid="outcome" data-status="failed" data-code={code}>
      <header>
        <span className="outcome-mark" aria-hidden="true">
          ✕
        </span>
        <div>
          <h2 id="outcome-title">{t('outcome.failed')}</h2>
          <p role="alert" data-testid="failure-reason">
            {t(`error.${code}` as MessageKey)}
          </p>
        </div>
      </header>
      <div className="outcome-body">
        <div className="failed-facts">
          {!outcome.charged && (
            <p className="not-charged" data-testid="not-charged">
              <CheckIcon /> {t('outcome.notCharged')}
            </p>
          )}
          <p className="give-back">
            {t('outcome.giveBack', { cash: formatPounds(outcome.cashTenderedMinor, locale) })}
          </p>
          <p>
            <strong>{t('outcome.whatNext')}</strong> {t(NEXT_STEP[code] ?? 'outcome.failed.next.other')}
          </p>
          {reference && (
            <p>
              {t('outcome.failedReference')} <span className="mono" data-testid="booking-reference">{reference}</span>
            </p>
          )}
        </div>
        <div className="failed-actions">
          {repickable && (
            <button type="button" onClick={() => void repick()}>
              {t('outcome.action.repick')}
            </button>
          )}
          {retryable && (
            <button type="button" onClick={() => void tryAgain()}>
              {t('outcome.action.retry')}
            </button>
          )}
          <button type="button" onClick={() => void searchAgain()}>
            {t('outcome.action.search')}
          </button>
        </div>
      </div>
      <footer>
        <NextButton />
      </footer>
    </section>
  );
}
