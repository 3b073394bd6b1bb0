import type { UnmatchedLine } from '../../../contract/reports.ts';
import { formatMoney } from '../../../core/format.ts';
import { useLocale, useT } from '../i18n/index.ts';

/** The wallet lines and sales that did not match, with why (the counter's day, or the station's). */
export function UnmatchedTable({ lines, testId = 'unmatched' }: { lines: UnmatchedLine[]; testId?: string }) {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  if (lines.length === 0) {
    return (
      <p className="st-empty" data-testid="all-matched">
        {t('reports.allMatched')}
      </p>
    );
  }
  return (
    <table className="reports-table" data-testid={testId}>
      <thead>
        <tr>
          <th scope="col">{t('reports.col.side')}</th>
          <th scope="col">{t('reports.col.booking')}</th>
          <th scope="col">{t('reports.col.amount')}</th>
          <th scope="col">{t('reports.col.why')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((u, i) => (
          <tr key={`${u.transactionId ?? u.saleId}-${i}`} data-reason={u.reason}>
            <td>{t(`reports.side.${u.side}`)}</td>
            <td className="mono">{u.bookingReference ?? '—'}</td>
            <td>{formatMoney(u.amountMinor, locale)}</td>
            <td>{t(`reports.why.${u.reason}`)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
