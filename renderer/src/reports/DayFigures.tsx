import type { DayReport } from '../../../contract/counter.ts';
import { useLocale } from '../i18n/index.ts';
import { useTi } from '../settings/bidi.ts';
import { formatMoney, formatNumber } from '../../../core/format.ts';
import { useOperatorName } from '../shell/place-names.ts';

/** The day's figures for the station manager: sales, tickets, cash, retail, NET, margin, and by operator. */
export function DayFigures({ report }: { report: DayReport }) {
  const t = useTi();
  const { locale } = useLocale();
  const money = (minor: number) => formatMoney(minor, locale);
  const operatorName = useOperatorName();
  const cards: { key: string; label: string; value: string }[] = [
    { key: 'sales', label: t('settings.day.sales'), value: formatNumber(report.counts.confirmed, locale) },
    { key: 'seats', label: t('settings.day.seats'), value: formatNumber(report.seats, locale) },
    { key: 'cash', label: t('settings.day.cash'), value: money(report.cashReceivedMinor) },
    { key: 'retail', label: t('settings.day.retail'), value: money(report.retailMinor) },
    { key: 'net', label: t('settings.day.net'), value: money(report.netMinor) },
    { key: 'margin', label: t('settings.day.margin'), value: money(report.marginMinor) },
  ];

  return (
    <section className="st-day" data-testid="day-figures">
      <dl className="st-day-cards">
        {cards.map((c) => (
          <div key={c.key} className={`st-day-card st-day-card-${c.key}`} data-testid={`day-${c.key}`}>
            <dt>{c.label}</dt>
            <dd>{c.value}</dd>
          </div>
        ))}
      </dl>
      <p className="st-note" data-testid="day-counts">
        {t('settings.day.counts', {
          pending: formatNumber(report.counts.pending, locale),
          failed: formatNumber(report.counts.failed, locale),
          unknown: formatNumber(report.counts.unknown, locale),
        })}{' '}
        {t('settings.day.change', { change: money(report.changeGivenMinor) })}
      </p>
      {report.byOperator.length > 0 && (
        <div className="st-table-wrap">
          <table className="st-table st-day-operators" data-testid="day-operators">
            <thead>
              <tr>
                <th scope="col">{t('settings.day.col.operator')}</th>
                <th scope="col" className="st-num">
                  {t('settings.day.col.sales')}
                </th>
                <th scope="col" className="st-num">
                  {t('settings.day.col.seats')}
                </th>
                <th scope="col" className="st-num">
                  {t('settings.journal.col.retail')}
                </th>
                <th scope="col" className="st-num">
                  {t('settings.journal.col.net')}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.byOperator.map((o) => (
                <tr key={`${o.operatorId ?? ''}\u0000${o.operatorName ?? ''}`}>
                  <td>{o.operatorName || o.operatorId ? operatorName(o.operatorId, o.operatorName) : <span className="st-any">{t('settings.day.operator.unknown')}</span>}</td>
                  <td className="st-num">{formatNumber(o.sales, locale)}</td>
                  <td className="st-num">{formatNumber(o.seats, locale)}</td>
                  <td className="st-num st-strong">{money(o.retailMinor)}</td>
                  <td className="st-num st-small">{money(o.netMinor)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
