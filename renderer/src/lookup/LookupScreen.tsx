import { useEffect, useRef } from 'react';
import type { BookingHit } from '../../../contract/lookup.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useFocusReturn } from '../components/Modal.tsx';
import { Spinner } from '../components/Icons.tsx';
import { useLocale, useT, type MessageKey } from '../i18n/index.ts';
import { clockTime, formatDay, localDigits } from '../sale/display.ts';
import { BookingCard } from './BookingCard.tsx';
import { useLookup } from './store.ts';
import { useCityName } from '../shell/place-names.ts';
import './lookup.css';
import { readingArrow } from '../../../core/route.ts';

/** Find a booking: one field, results as the agent types (this counter's, then the account's), ↑↓ Enter, Esc. */
export function LookupScreen() {
  const t = useT();
  const { query, hits, accountHits, accountLoading, cursor, view, viewLoading, error } = useLookup();
  const { type, move, choose, back } = useLookup.getState();
  const input = useRef<HTMLInputElement>(null);
  useFocusReturn();

  useEffect(() => {
    if (!view) input.current?.focus();
  }, [view]);

  const onKey = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      move(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      void choose();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      back();
    }
  };

  if (view) return <BookingCard />;
  return (
    <main className="lookup" data-testid="lookup" onKeyDown={onKey}>
      <header className="lookup-head">
        <h1>{t('lookup.title')}</h1>
        <button type="button" className="st-btn st-btn-quiet" onClick={() => back()}>
          {t('lookup.close')}
        </button>
      </header>
      <input
        ref={input}
        className="lookup-query"
        type="search"
        dir="auto"
        value={query}
        placeholder={t('lookup.placeholder')}
        aria-label={t('lookup.placeholder')}
        onChange={(e) => type(e.target.value)}
        data-testid="lookup-query"
        autoFocus
      />
      <p className="lookup-hint">{t('lookup.hint')}</p>
      {error && <ErrorNotice error={error} />}
      {viewLoading && (
        <p className="progress" role="status">
          <Spinner /> {t('common.loading')}
        </p>
      )}
      <HitList title={t('lookup.here')} hits={hits} offset={0} cursor={cursor} testId="lookup-here" />
      <HitList title={t('lookup.account')} hits={accountHits} offset={hits.length} cursor={cursor} testId="lookup-account" />
      {accountLoading && (
        <p className="progress" role="status">
          <Spinner /> {t('lookup.searchingAccount')}
        </p>
      )}
      {query.trim() && !accountLoading && hits.length === 0 && accountHits.length === 0 && <p className="lookup-none">{t('lookup.none')}</p>}
    </main>
  );
}

function HitList({ title, hits, offset, cursor, testId }: { title: string; hits: BookingHit[]; offset: number; cursor: number; testId: string }) {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const { choose } = useLookup.getState();
  const cityName = useCityName();
  if (hits.length === 0) return null;
  return (
    <section className="lookup-hits" data-testid={testId}>
      <h2>{title}</h2>
      <ul role="listbox" aria-label={title}>
        {hits.map((h, i) => (
          <li
            key={`${h.saleId ?? ''}:${h.bookingReference ?? ''}`}
            role="option"
            aria-selected={offset + i === cursor}
            className={offset + i === cursor ? 'lookup-hit current' : 'lookup-hit'}
            onClick={() => void choose(offset + i)}
            data-testid="lookup-hit"
          >
            <span className="mono lookup-ref">{h.bookingReference ?? '—'}</span>
            <span className="lookup-names">{h.names.join(locale === 'ar' ? '، ' : ', ')}</span>
            <span className="lookup-route">
              {cityName(h.origin)} {readingArrow(locale)} {cityName(h.destination)}
            </span>
            <span className="lookup-when">
              {h.travelDate ? formatDay(h.travelDate, locale, true) : ''} <bdi dir="ltr">{h.departureAt ? clockTime(h.departureAt, locale) : ''}</bdi>
            </span>
            <span className="lookup-seats">{t('lookup.seats', { n: localDigits(String(h.seats), locale) })}</span>
            <span className={`lookup-status status-${h.status}`}>{t(`lookup.status.${h.status}` as MessageKey)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
