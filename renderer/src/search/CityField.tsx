import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { City } from '../../../contract/partner/resources.ts';
import { useLocale, useT } from '../i18n/index.ts';
import { useFocusTarget } from '../sale/use-focus.ts';
import type { FocusTarget } from '../sale/store.ts';
import { buildCityIndex, matchCities } from './city-match.ts';

export function cityName(city: City, locale: 'ar' | 'en'): string {
  return locale === 'ar' ? (city.name_ar ?? city.name) : city.name;
}

interface Props {
  label: string;
  placeholder: string;
  value: City | null;
  /** Cities the agent may pick here (e.g. only destinations served from the origin). */
  cities: readonly City[];
  focusTarget: FocusTarget;
  onPick(city: City): void;
  /** After a pick by Enter: move on to the next field. */
  onAdvance(): void;
  invalid?: boolean;
  testId?: string;
}

/**
 * A type-ahead city field (WAI-ARIA combobox with a listbox popup): type English or Arabic,
 * arrows move, Enter or Tab picks, Esc closes the list (and a second Esc goes back).
 */
export function CityField(props: Props) {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const id = useId();
  const listId = `${id}-list`;
  const ref = useFocusTarget<HTMLInputElement>(props.focusTarget);
  const index = useMemo(() => buildCityIndex(props.cities), [props.cities]);
  const [draft, setDraft] = useState<string | null>(null); // null: showing the picked city
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  const shown = draft ?? (props.value ? cityName(props.value, locale) : '');
  const matches = useMemo(() => (open ? matchCities(index, draft ?? '', 8, locale) : []), [open, index, draft, locale]);

  function pick(city: City, advance: boolean) {
    props.onPick(city);
    setDraft(null);
    setOpen(false);
    if (advance) props.onAdvance();
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(0);
        return;
      }
      const n = matches.length;
      if (n) setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : n - 1)) % n);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const m = matches[active];
      if (open && m) pick(m.city, true);
      else if (draft === null && props.value) props.onAdvance();
      else if (draft !== null && !m) setOpen(true);
    } else if (e.key === 'Tab') {
      const m = matches[active];
      if (open && draft !== null && m) pick(m.city, false);
      else {
        setDraft(null);
        setOpen(false);
      }
    } else if (e.key === 'Escape') {
      if (open || draft !== null) {
        e.preventDefault();
        setOpen(false);
        setDraft(null);
      }
    }
  }

  const activeMatch = open ? matches[active] : undefined;
  return (
    <div className={`city-field${props.invalid ? ' invalid' : ''}`} data-testid={props.testId}>
      <label htmlFor={id}>{props.label}</label>
      <input
        ref={ref}
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={open && matches.length > 0}
        aria-controls={listId}
        aria-activedescendant={activeMatch ? `${listId}-${activeMatch.city.id}` : undefined}
        aria-invalid={props.invalid || undefined}
        placeholder={props.placeholder}
        value={shown}
        onChange={(e) => {
          setDraft(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={(e) => e.target.select()}
        onBlur={() => {
          setOpen(false);
          setDraft(null);
        }}
        onKeyDown={onKeyDown}
      />
      {open && (
        <ul className="city-options" role="listbox" id={listId} aria-label={props.label}>
          {matches.length === 0 && (
            <li className="city-none" role="presentation">
              {t('search.city.none')}
            </li>
          )}
          {matches.map((m, i) => (
            <li
              key={m.city.id}
              id={`${listId}-${m.city.id}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'active' : undefined}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(m.city, true);
              }}
              onMouseEnter={() => setActive(i)}
            >
              <span className="city-primary">{cityName(m.city, locale)}</span>
              <span className="city-secondary" lang={locale === 'ar' ? 'en' : 'ar'}>
                {locale === 'ar' ? m.city.name : (m.city.name_ar ?? '')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
