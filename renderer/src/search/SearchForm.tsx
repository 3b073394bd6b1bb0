import { useMemo, type KeyboardEvent } from 'react';
import type { City } from '../../../contract/partner/resources.ts';
import { useLocale, useT } from '../i18n/index.ts';
import { useShell } from '../shell/store.ts';
import { useSale } from '../sale/store.ts';
import { useFocusTarget } from '../sale/use-focus.ts';
import { apiNow } from '../sale/clock.ts';
import { formatDay } from '../sale/display.ts';
import { SwapIcon, Spinner } from '../components/Icons.tsx';
import { Kbd } from '../shell/Kbd.tsx';
import { CityField } from './CityField.tsx';
import { addDays, cairoDate } from '../../../core/cairo-time.ts';
import { searchWindow } from './dates.ts';

/** From, to, date and passengers on one line; Enter runs the search from the passengers field. */
export function SearchForm() {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const reference = useShell((s) => s.reference);
  const origin = useSale((s) => s.origin);
  const destination = useSale((s) => s.destination);
  const date = useSale((s) => s.date);
  const passengers = useSale((s) => s.passengers);
  const loading = useSale((s) => s.results.status === 'loading');
  const { setOrigin, setDestination, swap, setDate, setPassengers, runSearch, focusOn } = useSale.getState();

  const dateRef = useFocusTarget<HTMLInputElement>('date', 0);
  const paxRef = useFocusTarget<HTMLInputElement>('passengers');

  const { origins, destinations } = useMemo(() => servedCities(reference?.cities ?? [], reference?.routes ?? [], origin), [reference, origin]);
  const noRoute = origin && destination && !destinations.some((c) => c.id === destination.id);

  // the station's day, read at render (it changes at midnight)
  const now = new Date(apiNow());
  const today = cairoDate(now);
  const tomorrow = addDays(today, 1);
  const window = searchWindow(now);
  const dateChoice = date === today ? 'today' : date === tomorrow ? 'tomorrow' : 'other';

  const advanceOnEnter = (next: () => void) => (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      next();
    }
  };

  return (
    <form
      className="search-form card"
      aria-label={t('search.form')}
      onSubmit={(e) => {
        e.preventDefault();
        void runSearch();
      }}
    >
      <CityField
        label={t('search.from')}
        placeholder={t('search.from.placeholder')}
        value={origin}
        cities={origins}
        focusTarget="from"
        onPick={(c) => setOrigin(c)}
        onAdvance={() => focusOn(destination ? 'date' : 'to')}
        testId="from"
      />
      <button type="button" className="swap" onClick={swap} title={t('search.swap')} aria-keyshortcuts="F4">
        <SwapIcon />
        <span className="sr-only">{t('search.swap')}</span>
        <Kbd k="F4" />
      </button>
      <CityField
        label={t('search.to')}
        placeholder={t('search.to.placeholder')}
        value={destination}
        cities={destinations}
        focusTarget="to"
        onPick={(c) => setDestination(c)}
        onAdvance={() => focusOn('date')}
        invalid={Boolean(noRoute)}
        testId="to"
      />
      <fieldset className="date-field">
        <legend>
          {t('search.date')} · <span className="date-label">{formatDay(date, locale, true)}</span>
        </legend>
        <div className="date-row">
          <div className="segmented" role="radiogroup" aria-label={t('search.date.quick')}>
            {(['today', 'tomorrow'] as const).map((which) => (
              <label key={which} className={dateChoice === which ? 'on' : undefined}>
                <input
                  type="radio"
                  name="date-quick"
                  checked={dateChoice === which}
                  onChange={() => setDate(which === 'today' ? today : tomorrow)}
                  onKeyDown={advanceOnEnter(() => focusOn('passengers'))}
                  ref={(el) => {
                    // the date field's focus goes to the checked quick choice, else the picker
                    if (el && dateChoice === which) dateRef.current = el;
                  }}
                />
                <span>{t(`search.date.${which}`)}</span>
              </label>
            ))}
          </div>
          <input
            type="date"
            className="date-input"
            aria-label={t('search.date.pick')}
            min={window.min}
            max={window.max}
            value={date}
            ref={(el) => {
              if (el && dateChoice === 'other') dateRef.current = el;
            }}
            onChange={(e) => {
              const v = e.target.value;
              if (v && v >= window.min && v <= window.max) setDate(v);
            }}
            onKeyDown={advanceOnEnter(() => focusOn('passengers'))}
          />
        </div>
      </fieldset>
      <div className="pax-field">
        <label htmlFor="pax">{t('search.passengers')}</label>
        <div className="stepper">
          <button type="button" tabIndex={-1} aria-label={t('search.passengers.fewer')} onClick={() => setPassengers(passengers - 1)} disabled={passengers <= 1}>
            −
          </button>
          <input
            id="pax"
            ref={paxRef}
            type="number"
            inputMode="numeric"
            min={1}
            max={10}
            value={passengers}
            onChange={(e) => setPassengers(Number(e.target.value))}
            onFocus={(e) => e.target.select()}
          />
          <button type="button" tabIndex={-1} aria-label={t('search.passengers.more')} onClick={() => setPassengers(passengers + 1)} disabled={passengers >= 10}>
            +
          </button>
        </div>
      </div>
      <button type="submit" className="primary search-button" disabled={loading} aria-busy={loading}>
        {loading ? <Spinner /> : null}
        {t('search.go')} <Kbd k="Enter" />
      </button>
      {noRoute && (
        <p className="form-note" role="alert">
          {t('search.noRoute', {
            from: locale === 'ar' ? (origin.name_ar ?? origin.name) : origin.name,
            to: locale === 'ar' ? (destination.name_ar ?? destination.name) : destination.name,
          })}
        </p>
      )}
    </form>
  );
}

/** Origins with any departures; destinations served from the chosen origin (routes list). */
function servedCities(cities: readonly City[], routes: readonly { origin_id: string; destination_id: string }[], origin: City | null) {
  if (routes.length === 0) return { origins: cities, destinations: cities };
  const fromIds = new Set(routes.map((r) => r.origin_id));
  const toIds = new Set(routes.filter((r) => !origin || r.origin_id === origin.id).map((r) => r.destination_id));
  return {
    origins: cities.filter((c) => fromIds.has(c.id)),
    destinations: cities.filter((c) => toIds.has(c.id)),
  };
}
