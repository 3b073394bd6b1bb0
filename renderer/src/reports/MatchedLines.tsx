import { formatMoney, formatNumber } from '../../../core/format.ts';
import { useLocale, useT } from '../i18n/index.ts';

export interface MatchedLine {
  key: string;
  bookingReference: string;
  amountMinor: number;
  counterId: string;
}

/**
 * A count of matched wallet lines that opens (collapsed by default) to the lines themselves, each
 * with its booking reference: the accountant traces a figure to the bookings behind it.
 */
export function MatchedLines({ label, lines, testId }: { label: string; lines: MatchedLine[]; testId: string }) {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  return (
    <details className="reports-matched" data-testid={testId}>
      <summary>
        {label}: <span data-testid={`${testId}-count`}>{formatNumber(lines.length, locale)}</span>
        {lines.length > 0 && <span className="reports-matched-open"> · {t('reports.matchedLines')}</span>}
      </summary>
      {lines.length > 0 && (
        <table className="reports-table">
          <thead>
            <tr>
              <th scope="col">{t('reports.col.booking')}</th>
              <th scope="col">{t('reports.col.amount')}</th>
              <th scope="col">{t('reports.col.counter')}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.key}>
                <td className="mono">{l.bookingReference}</td>
                <td>{formatMoney(l.amountMinor, locale)}</td>
                <td className="mono">{l.counterId.slice(0, 8)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}
