import { useEffect } from 'react';
import type { BookingHit } from '../../../contract/lookup.ts';
import { useLocale, useT, type MessageKey } from '../i18n/index.ts';
import { clockTime, formatDay, localDigits } from '../sale/display.ts';
import { useCityName } from '../shell/place-names.ts';
import { readingArrow } from '../../../core/route.ts';
import { useLookup } from './store.ts';

/** The listbox the search field controls (aria-controls). */
export const RESULTS_ID = 'lookup-results';

/** The id of the option at `index` over this counter's hits then the account's (aria-activedescendant). */
export const optionId = (index: number) => `lookup-option-${index}`;

/**
 * The bookings found: one listbox of two groups (sold at this counter, then on the account), as
 * the ARIA grouped listbox. The options never take the focus: the search field keeps it and points
 * at the highlighted one; a click opens a booking without taking the focus from the field.
 */
export function LookupResults() {
  const t = useT();
  const { hits, accountHits, cursor } = useLookup();
  const expanded = hits.length + accountHits.length > 0;
  // the highlighted booking stays in sight as the arrows move it
  useEffect(() => {
    document.getElementById(optionId(cursor))?.scrollIntoView({ block: 'nearest' });
  }, [cursor]);
  return (
    <div role="listbox" id={RESULTS_ID} aria-label={t('lookup.results')} className="lookup-results" hidden={!expanded}>
      <HitGroup group="here" title={t('lookup.here')} hits={hits} offset={0} cursor={cursor} testId="lookup-here" />
      <HitGroup group="account" title={t('lookup.account')} hits={accountHits} offset={hits.length} cursor={cursor} testId="lookup-account" />
    </div>
  );
}

function HitGroup(props: { group: string; title: string; hits: BookingHit[]; offset: number; cursor: number; testId: string }) {
  const { group, title, hits, offset, cursor, testId } = props;
  if (hits.length === 0) return null;
  const titleId = `lookup-group-${group}`;
  return (
    <div role="group" aria-labelledby={titleId} className="lookup-hits" data-testid={testId}>
      <div role="presentation" id={titleId} className="lookup-group-title">
        {title}
      </div>
      <div className="lookup-group-list">
        {hits.map((h, i) => (
          <Hit key={`${h.saleId ?? ''}:${h.bookingReference ?? ''}`} hit={h} index={offset + i} current={offset + i === cursor} />
        ))}
      </div>
    </div>
  );
}

/**
 * One booking, named by what it shows in that order: its reference, the travellers, the journey
 * and departure, the seats and the state (spaces between the parts, and "to" for the arrow, so a
 * screen reader does not run them together).
 */
function Hit({ hit: h, index, current }: { hit: BookingHit; index: number; current: boolean }) {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const { choose } = useLookup.getState();
  const cityName = useCityName();
  return (
    <div
      role="option"
      id={optionId(index)}
      aria-selected={current}
      className={current ? 'lookup-hit current' : 'lookup-hit'}
      // the search field keeps the focus (and so the keys) when a booking is clicked
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => void choose(index)}
      data-testid="lookup-hit"
    >
      <span className="mono lookup-ref">{h.bookingReference ?? '—'}</span>{' '}
      <span className="lookup-names">{h.names.join(locale === 'ar' ? '، ' : ', ')}</span>{' '}
      <span className="lookup-route">
        {cityName(h.origin)}
        <span aria-hidden="true">{` ${readingArrow(locale)} `}</span>
        <span className="sr-only">{` ${t('lookup.to')} `}</span>
        {cityName(h.destination)}
      </span>{' '}
      <span className="lookup-when">
        {h.travelDate ? formatDay(h.travelDate, locale, true) : ''} <bdi dir="ltr">{h.departureAt ? clockTime(h.departureAt, locale) : ''}</bdi>
      </span>{' '}
      <span className="lookup-seats">{t('lookup.seats', { n: localDigits(String(h.seats), locale) })}</span>{' '}
      <span className={`lookup-status status-${h.status}`}>{t(`lookup.status.${h.status}` as MessageKey)}</span>
    </div>
  );
}
