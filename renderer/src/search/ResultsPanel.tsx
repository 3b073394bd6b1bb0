import { useCallback, useMemo } from 'react';
import type { PricedOffer } from '../../../contract/counter.ts';
import { useLocale, useT } from '../i18n/index.ts';
import { useSale } from '../sale/store.ts';
import { useFocusTarget } from '../sale/use-focus.ts';
import { useRemaining } from '../sale/clock.ts';
import { formatNumber } from '../../../core/format.ts';
import { formatCountdown, formatDay } from '../sale/display.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { Spinner } from '../components/Icons.tsx';
import { Kbd } from '../shell/Kbd.tsx';
import { cityName } from './CityField.tsx';
import { OfferList, fareClassName } from './OfferList.tsx';
import { earliestExpiry, offerFacets, visibleOffers } from './offers.ts';
import { readingArrow } from '../../../core/route.ts';

/** The departures of the last search: sort, filters, the prices' validity, and the list. */
export function ResultsPanel() {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const results = useSale((s) => s.results);
  const searchedFor = useSale((s) => s.searchedFor);
  const sort = useSale((s) => s.sort);
  const filter = useSale((s) => s.filter);
  const { setSort, setFilter, runSearch } = useSale.getState();
  const firstRef = useFocusTarget<HTMLButtonElement>('results');

  const offers = useMemo(() => results.value?.offers ?? [], [results.value]);
  const facets = useMemo(() => offerFacets(offers), [offers]);
  const shown = useMemo(() => visibleOffers(offers, sort, filter), [offers, sort, filter]);
  const expiry = useMemo(() => earliestExpiry(offers), [offers]);
  const remaining = useRemaining(expiry);
  const expired = remaining !== null && remaining <= 0;

  const onChoose = useCallback(
    (o: PricedOffer) => {
      if (expired) void useSale.getState().searchAgain();
      else void useSale.getState().chooseOffer(o);
    },
    [expired],
  );

  if (results.status === 'idle') {
    return (
      <section className="results empty-state" aria-label={t('results.title')}>
        <p className="hint">{t('results.start')}</p>
      </section>
    );
  }
  if (results.status === 'error' && results.error) {
    return (
      <section className="results" aria-label={t('results.title')}>
        <ErrorNotice error={results.error} onRetry={() => void runSearch()} />
      </section>
    );
  }
  const loading = results.status === 'loading';

  return (
    <section className="results" aria-label={t('results.title')} aria-busy={loading}>
      <div className="results-bar">
        <h2 className="results-title">
          {searchedFor && (
            <>
              {cityName(searchedFor.origin, locale)} {readingArrow(locale)} {cityName(searchedFor.destination, locale)}
              <span className="muted">
                {' · '}
                {formatDay(searchedFor.date, locale)} ·{' '}
                {searchedFor.passengers === 1 ? t('results.passengers.one') : t('results.passengers', { count: formatNumber(searchedFor.passengers, locale) })}
              </span>
            </>
          )}
        </h2>
        <span className="results-count" role="status">
          {loading ? (
            <>
              <Spinner /> {t('results.searching')}
            </>
          ) : (
            t('results.count', { shown: formatNumber(shown.length, locale), total: formatNumber(offers.length, locale) })
          )}
        </span>
        <div className="segmented small" role="radiogroup" aria-label={t('results.sort')}>
          {(['time', 'price'] as const).map((k) => (
            <label key={k} className={sort === k ? 'on' : undefined}>
              <input type="radio" name="sort" checked={sort === k} onChange={() => setSort(k)} />
              <span>{t(`results.sort.${k}`)}</span>
            </label>
          ))}
        </div>
        <label className="filter">
          <span className="sr-only">{t('results.filter.operator')}</span>
          <select value={filter.operator ?? ''} onChange={(e) => setFilter({ operator: e.target.value || null })} aria-label={t('results.filter.operator')}>
            <option value="">{t('results.filter.allOperators')}</option>
            {facets.operators.map((o) => (
              <option key={o.name} value={o.name}>
                {locale === 'ar' ? (o.name_ar ?? o.name) : o.name}
              </option>
            ))}
          </select>
        </label>
        <label className="filter">
          <span className="sr-only">{t('results.filter.class')}</span>
          <select value={filter.seatClass ?? ''} onChange={(e) => setFilter({ seatClass: e.target.value || null })} aria-label={t('results.filter.class')}>
            <option value="">{t('results.filter.allClasses')}</option>
            {facets.classes.map((c) => (
              <option key={c} value={c}>
                {fareClassName(c, locale)}
              </option>
            ))}
          </select>
        </label>
        {remaining !== null && (
          <span className={`validity${expired ? ' over' : remaining < 5 * 60_000 ? ' soon' : ''}`} data-testid="offers-validity">
            {expired ? t('results.expired.short') : t('results.validFor', { time: formatCountdown(remaining, locale) })}
          </span>
        )}
      </div>
      {expired && (
        <div className="expired-banner" role="alert">
          <span>{t('results.expired')}</span>
          <button type="button" className="primary" onClick={() => void useSale.getState().searchAgain()}>
            {t('results.searchAgain')}
          </button>
        </div>
      )}
      {!loading && offers.length === 0 && (
        <div className="empty-state">
          <p>{t('results.none')}</p>
        </div>
      )}
      {offers.length > 0 && shown.length === 0 && (
        <div className="empty-state">
          <p>{t('results.noneFiltered')}</p>
        </div>
      )}
      <div className="offers-scroll">
        <OfferList offers={shown} locale={locale} passengers={searchedFor?.passengers ?? 1} expired={expired} onChoose={onChoose} firstRef={firstRef} />
      </div>
      <p className="list-hint muted">
        <Kbd k="↑↓" /> {t('results.hint')}
      </p>
    </section>
  );
}
