import { useEffect, useRef } from 'react';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useFocusReturn } from '../components/Modal.tsx';
import { Spinner } from '../components/Icons.tsx';
import { useLocale, useT } from '../i18n/index.ts';
import { useSettled } from '../sale/use-settled.ts';
import { BookingCard } from './BookingCard.tsx';
import { foundText } from './found.ts';
import { LookupResults, optionId, RESULTS_ID } from './LookupResults.tsx';
import { useLookup } from './store.ts';
import './lookup.css';

/**
 * Find a booking: one field, results as the agent types (this counter's, then the account's), ↑↓
 * Enter, Esc. The field is an ARIA 1.2 combobox: it keeps the focus and points at the highlighted
 * booking of the listbox it controls; the number found is said once the typing rests.
 */
export function LookupScreen() {
  const t = useT();
  const { query, hits, accountHits, accountLoading, cursor, view, viewLoading, error } = useLookup();
  const { type, move, choose, back } = useLookup.getState();
  const input = useRef<HTMLInputElement>(null);
  const expanded = hits.length + accountHits.length > 0;
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
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={RESULTS_ID}
        aria-activedescendant={expanded ? optionId(cursor) : undefined}
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
      <LookupResults />
      {accountLoading && (
        <p className="progress" role="status">
          <Spinner /> {t('lookup.searchingAccount')}
        </p>
      )}
      {query.trim() && !accountLoading && hits.length === 0 && accountHits.length === 0 && <p className="lookup-none">{t('lookup.none')}</p>}
      <FoundAnnouncer />
    </main>
  );
}

/**
 * Says how many bookings were found, once both searches answered and the typing rested (not at
 * each keystroke): a polite live region, silent while the field is empty.
 */
function FoundAnnouncer() {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const { query, hits, accountHits, hereLoading, accountLoading } = useLookup();
  const answered = query.trim() !== '' && !hereLoading && !accountLoading;
  const said = useSettled(answered ? foundText(hits.length + accountHits.length, locale, t) : '');
  return (
    <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="lookup-found">
      {said}
    </p>
  );
}
