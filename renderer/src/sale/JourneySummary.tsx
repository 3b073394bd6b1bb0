import { useLocale, useT } from '../i18n/index.ts';
import { fareClassName } from '../search/OfferList.tsx';
import { arrivalDayOffset, clockTime, formatDay, formatDuration, journeyMinutes, localDigits } from './display.ts';
import { useSale } from './store.ts';
import { readingArrow } from '../../../core/route.ts';

/** The chosen departure in one line: times as on the ticket, date, route, operator, class. */
export function JourneySummary() {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const priced = useSale((s) => s.offer);
  const detail = useSale((s) => s.detail.value);
  if (!priced) return null;
  const o = priced.offer;
  const plusDays = arrivalDayOffset(o.departure_at, o.arrival_at);
  const minutes = journeyMinutes(o.departure_at, o.arrival_at, o.duration_minutes);
  const operator = locale === 'ar' ? (o.operator.name_ar ?? o.operator.name) : o.operator.name;
  return (
    <div className="journey" data-testid="journey" role="group" aria-label={t('journey.label')}>
      <span className="journey-times">
        <span className="time" dir="ltr">
          {clockTime(o.departure_at, locale)}
        </span>
        <span className="muted">{readingArrow(locale)}</span>
        <span className="time" dir="ltr">
          {o.arrival_at ? clockTime(o.arrival_at, locale) : '—'}
          {plusDays > 0 && <sup className="plus-day">{localDigits(`+${plusDays}`, locale)}</sup>}
        </span>
      </span>
      <span className="journey-date">{formatDay(o.departure_at.slice(0, 10), locale, true)}</span>
      <span className="journey-route">
        {o.origin.station ?? o.origin.name} {readingArrow(locale)} {o.destination.station ?? o.destination.name}
      </span>
      <span className="journey-op">
        <strong>{operator}</strong>
        {o.seat_class && <span className="class-badge">{fareClassName(o.seat_class, locale)}</span>}
        {minutes !== null && <span className="muted">{formatDuration(minutes, locale)}</span>}
        {detail?.offer.vehicle.label && <span className="muted">{detail.offer.vehicle.label}</span>}
      </span>
    </div>
  );
}
