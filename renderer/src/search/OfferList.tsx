import { memo, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import type { PricedOffer } from '../../../contract/counter.ts';
import type { Locale } from '../i18n/index.ts';
import { translate } from '../i18n/index.ts';
import { AmenityIcon, AmenitySprite } from '../components/Icons.tsx';
import { formatNumber, formatPounds } from '../../../core/format.ts';
import { arrivalDayOffset, clockTime, formatDuration, journeyMinutes, localDigits } from '../sale/display.ts';
import { readingArrow } from '../../../core/route.ts';

// The results list, drawn from props only (the bench renders it with fixture data). One button
// per departure; arrow keys move between them, Enter opens the seat map. A long list draws its
// first rows at once and the rest as the agent scrolls or keys towards them (a spacer keeps the
// scroll bar the list's whole length; each row says its place in the whole list).

/** Rows drawn at first, and added each time the end of what is drawn comes near. */
const ROWS_AT_ONCE = 40;

interface Props {
  offers: readonly PricedOffer[];
  locale: Locale;
  passengers: number;
  expired: boolean;
  onChoose(offer: PricedOffer): void;
  /** Ref of the first row, for "focus goes to the results". */
  firstRef?: React.Ref<HTMLButtonElement>;
}

export function OfferList({ offers, locale, passengers, expired, onChoose, firstRef }: Props) {
  const listRef = useRef<HTMLOListElement>(null);
  const restRef = useRef<HTMLLIElement>(null);
  const [drawn, setDrawn] = useState(ROWS_AT_ONCE);
  const [drawnFor, setDrawnFor] = useState(offers);
  // A new result starts from its first rows again.
  if (drawnFor !== offers) {
    setDrawnFor(offers);
    setDrawn(ROWS_AT_ONCE);
  }
  const count = Math.min(drawn, offers.length);
  const rest = offers.length - count;

  // The spacer coming into view draws the next rows.
  useEffect(() => {
    const spacer = restRef.current;
    if (!spacer || typeof IntersectionObserver === 'undefined') return;
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((x) => x.isIntersecting)) setDrawn((n) => n + ROWS_AT_ONCE);
    });
    seen.observe(spacer);
    return () => seen.disconnect();
  }, [count, rest]);

  function onKeyDown(e: KeyboardEvent<HTMLOListElement>) {
    const keys: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 5, PageUp: -5 };
    if (!(e.key in keys) && e.key !== 'Home' && e.key !== 'End') return;
    const rowsNow = () => [...(listRef.current?.querySelectorAll<HTMLButtonElement>('button.offer') ?? [])];
    const at = rowsNow().indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    e.preventDefault();
    const target = e.key === 'Home' ? 0 : e.key === 'End' ? offers.length - 1 : Math.min(offers.length - 1, Math.max(0, at + (keys[e.key] ?? 0)));
    // Keys past what is drawn draw up to there first.
    if (target >= count) flushSync(() => setDrawn(target + 1));
    const row = rowsNow()[target];
    row?.focus();
    row?.scrollIntoView({ block: 'nearest' });
  }

  return (
    <>
      <AmenitySprite />
      <ol className={`offers${expired ? ' expired' : ''}`} ref={listRef} onKeyDown={onKeyDown} aria-label={translate(locale, 'results.list')} data-testid="offers">
        {offers.slice(0, count).map((o, i) => (
          <li key={o.offer.id} aria-setsize={offers.length} aria-posinset={i + 1}>
            <OfferRow offer={o} locale={locale} passengers={passengers} onChoose={onChoose} buttonRef={i === 0 ? firstRef : undefined} />
          </li>
        ))}
        {rest > 0 && <li ref={restRef} className="offers-rest" aria-hidden="true" style={{ blockSize: `calc(${rest} * var(--offer-row))` }} />}
      </ol>
    </>
  );
}

const OfferRow = memo(function OfferRow({
  offer: priced,
  locale,
  passengers,
  onChoose,
  buttonRef,
}: {
  offer: PricedOffer;
  locale: Locale;
  passengers: number;
  onChoose(offer: PricedOffer): void;
  buttonRef?: React.Ref<HTMLButtonElement>;
}) {
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate(locale, key, params);
  const o = priced.offer;
  const dep = clockTime(o.departure_at, locale);
  const arr = o.arrival_at ? clockTime(o.arrival_at, locale) : null;
  const plusDays = arrivalDayOffset(o.departure_at, o.arrival_at);
  const minutes = journeyMinutes(o.departure_at, o.arrival_at, o.duration_minutes);
  const operator = locale === 'ar' ? (o.operator.name_ar ?? o.operator.name) : o.operator.name;
  const seatClass = o.seat_class ? fareClassName(o.seat_class, locale) : null;
  const retail = formatPounds(priced.retailPerSeatMinor, locale);
  const few = o.seats_available !== null && o.seats_available <= 5;
  return (
    <button
      type="button"
      className="offer"
      ref={buttonRef}
      data-offer-id={o.id}
      data-departure={o.departure_at}
      data-operator={o.operator.name}
      onClick={() => onChoose(priced)}
    >
      <span className="offer-times">
        <span className="time big" dir="ltr">
          {dep}
        </span>
        <span className="offer-line">
          <span className="duration">{minutes !== null ? formatDuration(minutes, locale) : t('results.duration.unknown')}</span>
        </span>
        <span className="time big" dir="ltr">
          {arr ?? '—'}
          {plusDays > 0 && (
            <sup className="plus-day" title={t('results.nextDay')}>
              {localDigits(`+${plusDays}`, locale)}
            </sup>
          )}
        </span>
        <span className="stations">
          {o.origin.station ?? o.origin.name}
          <span aria-hidden="true">{` ${readingArrow(locale)} `}</span>
          {/* the arrow is not read: without a word the two stations run together in the name */}
          <span className="sr-only">{` ${t('results.to')} `}</span>
          {o.destination.station ?? o.destination.name}
        </span>
      </span>
      <span className="offer-operator">
        <span className="operator-name">{operator}</span>
        {seatClass && <span className="class-badge">{seatClass}</span>}
      </span>
      <span className="offer-amenities">
        {o.amenities.map((a) => (
          <span key={a} className="amenity">
            <AmenityIcon amenity={a} />
            {t(amenityKey(a))}
          </span>
        ))}
      </span>
      <span className={`offer-seats${few ? ' few' : ''}`}>
        {o.seats_available === null ? t('results.seats.unknown') : t('results.seats', { count: formatNumber(o.seats_available, locale) })}
      </span>
      <span className="offer-price">
        <span className="retail">{retail}</span>
        {passengers > 1 && <span className="per">{t('results.perSeat')}</span>}
        <span className="net">{t('results.net', { price: formatPounds(o.net_price.amount_minor, locale) })}</span>
      </span>
      <span className="offer-go" aria-hidden="true">
        ›
      </span>
    </button>
  );
});

type Key = Parameters<typeof translate>[1];

export function amenityKey(a: string): Key {
  return `amenity.${a}` as Key;
}

/** Known fare classes have names in both languages; others are shown as the API gives them. */
export function fareClassName(c: string, locale: Locale): string {
  return (translate(locale, `class.${c}` as Key) as string | undefined) ?? c;
}
