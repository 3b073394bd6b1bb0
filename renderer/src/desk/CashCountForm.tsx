import { useState } from 'react';
import type { CashCount } from '../../../contract/shifts.ts';
import { DENOMINATIONS, countTotal } from '../../../contract/shift-rules.ts';
import { useLocale, useT } from '../i18n/index.ts';
import { formatMoney, formatPounds } from '../../../core/format.ts';
import { readWholeNumber, typedNumber } from '../../../core/digits.ts';
import { countOf, type Pieces } from './rules.ts';

/**
 * The drawer counted by Egyptian denomination, banknotes first: how many pieces of each, the line
 * amount beside it and the total below. Enter moves to the next denomination, then submits.
 */
export function CashCountForm(props: { id: string; submitLabel: string; busy: boolean; onSubmit(count: CashCount): void; children?: React.ReactNode }) {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const [pieces, setPieces] = useState<Pieces>({});
  const count = countOf(pieces);
  const total = count ? countTotal(count) : null;
  const submit = () => {
    if (count && !props.busy) props.onSubmit(count);
  };
  return (
    <form
      className="cash-count"
      data-testid={props.id}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <table>
        <thead>
          <tr>
            <th scope="col">{t('desk.count.denomination')}</th>
            <th scope="col">{t('desk.count.pieces')}</th>
            <th scope="col" className="count-amount">
              {t('desk.count.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {DENOMINATIONS.map((d, i) => {
            const key = `${d}` as const;
            const raw = pieces[key] ?? '';
            const n = readWholeNumber(raw);
            const id = `${props.id}-${d}`;
            return (
              <tr key={d}>
                <th scope="row">
                  <label htmlFor={id}>{formatPounds(d, locale)}</label>
                </th>
                <td>
                  <input
                    id={id}
                    className="count-input"
                    inputMode="numeric"
                    autoComplete="off"
                    autoFocus={i === 0}
                    value={raw}
                    aria-invalid={typedNumber(raw) !== '' && n === null}
                    onChange={(e) => setPieces((p) => ({ ...p, [key]: e.target.value }))}
                    onKeyDown={(e) => {
                      if (e.key !== 'Enter' || i === DENOMINATIONS.length - 1) return;
                      e.preventDefault();
                      document.getElementById(`${props.id}-${DENOMINATIONS[i + 1]}`)?.focus();
                    }}
                  />
                </td>
                <td className="count-amount">{n !== null && n > 0 ? formatMoney(n * d, locale) : '—'}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {t('desk.count.total')}
            </th>
            <td className="count-amount" data-testid={`${props.id}-total`}>
              {total === null ? '—' : formatMoney(total, locale)}
            </td>
          </tr>
        </tfoot>
      </table>
      {props.children}
      <button type="submit" className="st-btn st-btn-primary" disabled={count === null || props.busy}>
        {props.submitLabel}
      </button>
    </form>
  );
}
