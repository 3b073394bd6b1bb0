import type { StationDayReport } from '../../../contract/reports.ts';
import { formatClockHour, formatMoney, formatNumber } from '../../../core/format.ts';
import { useLocale, useT } from '../i18n/index.ts';

/** Sales by Cairo hour as bars (retail), with the figures in a table for screen readers and print. */
export function HourChart({ hours }: { hours: StationDayReport['byHour'] }) {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const max = Math.max(1, ...hours.map((h) => h.retailMinor));
  const w = 24 * 28;
  const h = 140;
  return (
    <figure className="hour-chart" data-testid="hour-chart">
      <svg viewBox={`0 0 ${w} ${h + 20}`} role="img" aria-label={t('reports.byHour')} direction="ltr">
        {hours.map((x) => {
          const bh = Math.round((x.retailMinor / max) * h);
          return (
            <g key={x.hour}>
              <rect x={x.hour * 28 + 4} y={h - bh} width={20} height={bh} className="bar">
                <title>{`${formatClockHour(x.hour, locale)} · ${formatNumber(x.bookings, locale)} · ${formatMoney(x.retailMinor, locale)}`}</title>
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
    </figure>
  );
}
