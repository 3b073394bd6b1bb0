import { useMemo, useState } from 'react';
import type { PricedOfferDetail } from '../../../contract/counter.ts';
import type { Seat } from '../../../contract/partner/resources.ts';
import { useLocale, useT, type MessageKey } from '../i18n/index.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { Spinner } from '../components/Icons.tsx';
import { Kbd } from '../shell/Kbd.tsx';
import { SeatMapView, classTints } from '../seatmap/SeatMapView.tsx';
import { classLegend, parseSeatInput, toggleSeat, type SeatInputProblem } from '../seatmap/grid.ts';
import { fareClassName } from '../search/OfferList.tsx';
import { formatNumber, formatPounds } from '../../../core/format.ts';
import { HoldStatus } from './HoldStatus.tsx';
import { JourneySummary } from './JourneySummary.tsx';
import { saleTotal, useSale } from './store.ts';
import { useFocusTarget } from './use-focus.ts';

/** Step 2: the live seat map (or the class, when the operator seats at boarding) and the hold. */
export function SeatsStep() {
  const t = useT();
  const detail = useSale((s) => s.detail);
  const offer = useSale((s) => s.offer);
  const { reloadDetail } = useSale.getState();

  if (!detail.value) {
    return (
      <div className="seats-step loading-state">
        {offer && <JourneySummary />}
        {detail.status === 'error' && detail.error ? (
          <div>
            <ErrorNotice error={detail.error} onRetry={detail.error.code === 'offer_expired' ? undefined : () => void reloadDetail()} />
            {detail.error.code === 'offer_expired' && <SearchAgainButton />}
          </div>
        ) : (
          <p className="progress" role="status">
            <Spinner /> {t('seats.loading')}
          </p>
        )}
      </div>
    );
  }
  return <SeatsLoaded detail={detail.value} />;
}

function SeatsLoaded({ detail }: { detail: PricedOfferDetail }) {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const state = useSale((s) => s.detail);
  const seats = useSale((s) => s.seats);
  const seatNote = useSale((s) => s.seatNote);
  const passengers = useSale((s) => s.passengers);
  const classFilter = useSale((s) => s.classFilter);
  const hold = useSale((s) => s.hold);
  const fareClass = useSale((s) => s.fareClass);
  const total = useSale(saleTotal);
  const { pickSeats, setClassFilter, toPassengers, reloadDetail, holdWithoutSeats } = useSale.getState();
  const offer = detail.offer;
  const held = hold.status === 'held' ? hold.hold.seats_requested : [];
  const legend = useMemo(() => classLegend(offer), [offer]);
  const tints = useMemo(() => classTints(offer), [offer]);
  const continueRef = useFocusTarget<HTMLButtonElement>('seat-continue');
  const refreshError = state.status === 'error' ? state.error : null;

  function onToggle(seat: Seat) {
    const pick = toggleSeat(seats, seat, passengers, offer.seats);
    void pickSeats(pick.seats, pick.note);
  }

  const legendBlock = (
    <div className="legend" aria-label={t('seatmap.legend')} role="group">
      {legend.map((c) => (
        <button
          key={c.name}
          type="button"
          className={`legend-class tint-${tints.get(c.name) ?? 0}${classFilter === c.name ? ' on' : ''}`}
          aria-pressed={classFilter === c.name}
          onClick={() => setClassFilter(c.name)}
          title={t('seatmap.legend.filter')}
        >
          <span className="swatch" aria-hidden="true" />
          <span className="legend-name">{fareClassName(c.name, locale)}</span>
          <span className="legend-price">{detail.retailByClass[c.name] !== undefined ? formatPounds(detail.retailByClass[c.name] as number, locale) : ''}</span>
          <span className="legend-free">{t('seatmap.legend.free', { count: formatNumber(c.free, locale) })}</span>
        </button>
      ))}
      <div className="legend-keys">
        <span className="legend-key">
          <span className="mini seat taken" aria-hidden="true" /> {t('seatmap.taken')}
        </span>
        <span className="legend-key">
          <span className="mini seat picked" aria-hidden="true">
            •
          </span>{' '}
          {t('seatmap.picked')}
        </span>
        <span className="legend-key">
          <span className="mini seat held" aria-hidden="true">
            ✓
          </span>{' '}
          {t('seatmap.heldShort')}
        </span>
        <span className="legend-key">♿ {t('seatmap.accessible')}</span>
        <span className="legend-key">★ {t('seatmap.premium')}</span>
      </div>
    </div>
  );

  return (
    <div className="seats-step">
      <JourneySummary />
      <div className="seats-main">
        {offer.seat_selection && offer.seat_map ? (
          <div className="seatmap-scroll">
            {state.status === 'loading' && (
              <p className="map-refreshing" role="status">
                <Spinner /> {t('seats.refreshing')}
              </p>
            )}
            <SeatMapView
              offer={offer}
              retailBySeat={detail.retailBySeat}
              locale={locale}
              picked={seats}
              held={held}
              classFilter={classFilter}
              disabled={hold.status === 'holding'}
              onToggle={onToggle}
            />
          </div>
        ) : (
          <NoSeatSelection detail={detail} />
        )}
      </div>
      <aside className="seats-side card" aria-label={t('seats.side')}>
        {offer.seat_selection && offer.seat_map ? (
          <>
            <SeatInput />
            {legendBlock}
          </>
        ) : (
          <div className="class-picked">
            <p className="muted">{passengers === 1 ? t('seats.boarding.side.one') : t('seats.boarding.side', { count: formatNumber(passengers, locale) })}</p>
            {fareClass && <p className="strong">{fareClassName(fareClass, locale)}</p>}
            {hold.status !== 'held' && hold.status !== 'holding' && (
              <button type="button" className="primary" onClick={() => void holdWithoutSeats()}>
                {passengers === 1 ? t('seats.boarding.hold.one') : t('seats.boarding.hold', { count: formatNumber(passengers, locale) })} <Kbd k="Enter" />
              </button>
            )}
          </div>
        )}
        {seatNote && (
          <p className="note" role="status">
            {t(`seats.note.${seatNote}` as MessageKey)}
          </p>
        )}
        {refreshError && (
          <div>
            <ErrorNotice error={refreshError} onRetry={refreshError.code === 'offer_expired' ? undefined : () => void reloadDetail()} />
            {refreshError.code === 'offer_expired' && <SearchAgainButton />}
          </div>
        )}
        <HoldStatus />
        <dl className="totals">
          <dt>{t('seats.total', { count: formatNumber(passengers, locale) })}</dt>
          <dd className="total-amount" data-testid="seats-total">
            {total !== null && (hold.status === 'held' || seats.length === passengers || !offer.seat_selection) ? formatPounds(total, locale) : '—'}
          </dd>
        </dl>
        <button
          ref={continueRef}
          type="button"
          className="primary wide"
          disabled={hold.status !== 'held'}
          onClick={() => toPassengers()}
          aria-keyshortcuts="F8"
        >
          {t('seats.continue')} <Kbd k="F8" />
        </button>
        <button type="button" className="link" onClick={() => void reloadDetail()} disabled={state.status === 'loading'}>
          {t('seats.refresh')}
        </button>
      </aside>
    </div>
  );
}

/** The offer's price lapsed (60 minutes): a fresh search of the same journey. */
function SearchAgainButton() {
  const t = useT();
  const ref = useFocusTarget<HTMLButtonElement>('search-again');
  return (
    <button ref={ref} type="button" className="primary" onClick={() => void useSale.getState().searchAgain()} data-testid="search-again">
      {t('results.searchAgain')}
    </button>
  );
}

/** Seat numbers typed by the agent: "12 14" + Enter picks (and holds) them; Enter again goes on. */
function SeatInput() {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const seats = useSale((s) => s.seats);
  const passengers = useSale((s) => s.passengers);
  const hold = useSale((s) => s.hold);
  const offerSeats = useSale((s) => s.detail.value?.offer.seats ?? []);
  const { pickSeats, toPassengers } = useSale.getState();
  const ref = useFocusTarget<HTMLInputElement>('seat-input');
  const [draft, setDraft] = useState(seats.join(' '));
  const [problem, setProblem] = useState<SeatInputProblem | null>(null);
  // a pick made on the map shows in the field (state adjusted while rendering, not in an effect)
  const [shownPick, setShownPick] = useState(seats);
  if (shownPick !== seats) {
    setShownPick(seats);
    setDraft(seats.join(' '));
  }

  function submit() {
    const same = draft.trim().split(/\s+/).filter(Boolean).join(' ') === seats.join(' ');
    if (same && hold.status === 'held') {
      toPassengers();
      return;
    }
    const r = parseSeatInput(draft, passengers, offerSeats);
    if (!r.ok) {
      setProblem(r.problem);
      return;
    }
    setProblem(null);
    void pickSeats(r.seats);
  }

  const problemText = problem
    ? problem.kind === 'count'
      ? t('seats.input.count', { expected: formatNumber(problem.expected, locale), got: formatNumber(problem.got, locale) })
      : problem.kind === 'classes'
        ? t('seats.input.classes')
        : t(`seats.input.${problem.kind}` as MessageKey, { seat: problem.seat })
    : null;

  return (
    <div className="seat-input">
      <label htmlFor="seat-numbers">{t('seats.input.label', { count: formatNumber(passengers, locale) })}</label>
      <input
        id="seat-numbers"
        ref={ref}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        dir="ltr"
        placeholder={passengers > 1 ? '12 14' : '12'}
        value={draft}
        aria-invalid={problem ? true : undefined}
        aria-describedby="seat-input-hint"
        onChange={(e) => {
          setDraft(e.target.value);
          setProblem(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            submit();
          }
        }}
      />
      <p id="seat-input-hint" className={problemText ? 'field-problem' : 'hint'} role={problemText ? 'alert' : undefined}>
        {problemText ?? (hold.status === 'held' ? t('seats.input.hint.held') : t('seats.input.hint'))}
      </p>
      {seats.length > 0 && (
        <ul className="picked-list" aria-label={t('seats.picked')}>
          {seats.map((n) => {
            const seat = offerSeats.find((s) => s.number === n);
            return (
              <li key={n}>
                <span className="seat-chip">{n}</span>
                <span>{seat?.class ? fareClassName(seat.class, locale) : ''}</span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** Operators that seat passengers at boarding: no map, choose the class and hold a count. */
function NoSeatSelection({ detail }: { detail: PricedOfferDetail }) {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const fareClass = useSale((s) => s.fareClass);
  const passengers = useSale((s) => s.passengers);
  const hold = useSale((s) => s.hold);
  const { chooseFareClass, holdWithoutSeats, toPassengers } = useSale.getState();
  const ref = useFocusTarget<HTMLInputElement>('class', 0);
  const classes = [...detail.offer.fare_classes].sort((a, b) => a.price.amount_minor - b.price.amount_minor);

  return (
    <div className="no-seats card" data-testid="no-seat-selection">
      <h2>{t('seats.boarding.title')}</h2>
      <p>{t('seats.boarding.text')}</p>
      <fieldset className="class-choice">
        <legend>{t('seats.boarding.class')}</legend>
        {classes.map((c) => (
          <label key={c.name} className={fareClass === c.name ? 'on' : undefined}>
            <input
              type="radio"
              name="fare-class"
              checked={fareClass === c.name}
              ref={(el) => {
                if (el && fareClass === c.name) ref.current = el;
              }}
              disabled={c.seats_available < passengers}
              onChange={() => chooseFareClass(c.name)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  if (hold.status === 'held') toPassengers();
                  else void holdWithoutSeats();
                }
              }}
            />
            <span className="class-name">{fareClassName(c.name, locale)}</span>
            <span className="class-price">{detail.retailByClass[c.name] !== undefined ? formatPounds(detail.retailByClass[c.name] as number, locale) : ''}</span>
            <span className="muted">{t('seatmap.legend.free', { count: formatNumber(c.seats_available, locale) })}</span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}
