import type { MarkupRule } from '../../../contract/counter.ts';
import { formatCairo, formatMoney } from '../../../core/format.ts';
import { retailPerSeat } from '../../../core/retail.ts';
import { useLocale, useT } from '../i18n/index.ts';
import { useTi } from './bidi.ts';
import { formatPercent } from './format.ts';
import { describeRule, type PlaceNames } from './markup-names.ts';
import { InlineConfirm } from './parts.tsx';

/** The NET used for the example column of the table: 350.00 EGP a seat. */
const EXAMPLE_NET = 35_000;

export type Deleting = { id: string; phase: 'confirm' | 'deleting' } | null;

/** The markup rules in force, each with what it makes of a 350.00 NET, and its edit and delete buttons. */
export function MarkupRulesTable(props: {
  rules: MarkupRule[];
  names: PlaceNames;
  /** The rule being edited in the form below, if any. */
  editingId: string | null;
  deleting: Deleting;
  busy: boolean;
  onEdit: (rule: MarkupRule) => void;
  onAskDelete: (id: string) => void;
  onCancelDelete: () => void;
  onDelete: (id: string) => void;
}) {
  const t = useTi();
  const label = useT(); // accessible names: no bidi marks
  const { locale } = useLocale();
  const { names: n, deleting, busy } = props;
  const money = (minor: number) => formatMoney(minor, locale);
  return (
    <div className="st-table-wrap">
      <table className="st-table" data-testid="markup-rules">
        <thead>
          <tr>
            <th scope="col">{t('settings.prices.col.operator')}</th>
            <th scope="col">{t('settings.prices.col.route')}</th>
            <th scope="col">{t('settings.prices.col.class')}</th>
            <th scope="col" className="st-num">
              {t('settings.prices.col.percent')}
            </th>
            <th scope="col" className="st-num">
              {t('settings.prices.col.fixed')}
            </th>
            <th scope="col" className="st-num">
              {t('settings.prices.col.example')}
            </th>
            <th scope="col">{t('settings.prices.col.changedBy')}</th>
            <th scope="col">{t('settings.prices.col.changedAt')}</th>
            <th scope="col">
              <span className="st-sr">{t('settings.prices.col.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.rules.map((r) => (
            <tr key={r.id} data-rule={r.id} className={props.editingId === r.id ? 'st-row-editing' : undefined}>
              <td>{r.operatorId ? n.operator(r.operatorId) : <span className="st-any">{t('settings.prices.anyOperator')}</span>}</td>
              <td>
                {t('settings.prices.route', {
                  from: r.originId ? n.city(r.originId) : t('settings.any'),
                  to: r.destinationId ? n.city(r.destinationId) : t('settings.any'),
                })}
              </td>
              <td>{r.fareClass ?? <span className="st-any">{t('settings.prices.anyClass')}</span>}</td>
              <td className="st-num">{formatPercent(r.percent, locale)}</td>
              <td className="st-num">{money(r.fixedMinor)}</td>
              <td className="st-num">{money(retailPerSeat(EXAMPLE_NET, r))}</td>
              <td>{r.changedBy}</td>
              <td>{formatCairo(r.changedAt, locale)}</td>
              <td className="st-cell-actions">
                {deleting?.id === r.id ? (
                  <InlineConfirm
                    message={t('settings.prices.delete.confirm')}
                    confirmLabel={t('settings.prices.delete.yes')}
                    busy={deleting.phase === 'deleting'}
                    onConfirm={() => props.onDelete(r.id)}
                    onCancel={props.onCancelDelete}
                  />
                ) : (
                  <div className="st-row-buttons">
                    <button
                      type="button"
                      className="st-btn st-btn-quiet"
                      aria-label={label('settings.prices.edit.label', { rule: describeRule(r, n, label) })}
                      onClick={() => props.onEdit(r)}
                      disabled={busy}
                    >
                      {t('settings.prices.edit')}
                    </button>
                    <button
                      type="button"
                      className="st-btn st-btn-quiet st-btn-danger-text"
                      aria-label={label('settings.prices.delete.label', { rule: describeRule(r, n, label) })}
                      onClick={() => props.onAskDelete(r.id)}
                      disabled={busy || deleting !== null}
                    >
                      {t('settings.prices.delete')}
                    </button>
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
