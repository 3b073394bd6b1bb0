import type { StationDayReport } from '../../../contract/reports.ts';
import { formatClockHour, formatMoney, formatNumber, partsSeparator } from '../../../core/format.ts';
import { useLocale, useT } from '../i18n/index.ts';

const COLUMNS = ['reports.hour', 'reports.hour.bookings', 'reports.hour.retail'] as const;

/**
 * Sales by Cairo hour as bars (retail) for the eye; the figures of the hours with sales in a table
 * a screen reader reads (the bars are hidden from it: a picture of numbers says nothing aloud).
 */
export function HourChart({ hours }: { hours: StationDayReport['byHour'] }) {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const max = Math.max(1, ...hours.map((h) => h.retailMinor));
  const sold = hours.filter((x) => x.bookings > 0 || x.retailMinor !== 0);
  const w = 24 * 28;
  const h = 140;
  return (
    <figure className="hour-chart" data-testid="hour-chart">
      <svg viewBox={`0 0 ${w} ${h + 20}`} aria-hidden="true" direction="ltr">
        {hours.map((x) => {
          const bh = Math.round((x.retailMinor / max) * h);
          return (
            <g key={x.hour}>
              <rect x={x.hour * 28 + 4} y={h - bh} width={20} height={bh} className="bar">
                <title>{[formatClockHour(x.hour, locale), formatNumber(x.bookings, locale), formatMoney(x.retailMinor, locale)].join(partsSeparator(locale))}</title>
              </rect>
              {x.hour % 3 === 0 && (
                <text x={x.hour * 28 + 14} y={h + 15} textAnchor="middle" className="tick">
                  {formatClockHour(x.hour, locale)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption>{t('reports.byHour')}</figcaption>
      <table className="sr-only" data-testid="hour-table">
        <caption>{t('reports.byHour')}</caption>
        <thead>
          <tr>
            {COLUMNS.map((key) => (
              <th key={key} scope="col">
                {t(key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sold.length === 0 ? (
            <tr>
              <td colSpan={3}>{t('reports.hour.none')}</td>
            </tr>
          ) : (
            sold.map((x) => (
              <tr key={x.hour}>
                <th scope="row">{formatClockHour(x.hour, locale)}</th>
                <td>{formatNumber(x.bookings, locale)}</td>
                <td>{formatMoney(x.retailMinor, locale)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </figure>
  );
}
