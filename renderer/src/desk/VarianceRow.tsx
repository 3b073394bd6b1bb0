import { formatMoney } from '../../../core/format.ts';
import { varianceOf } from '../../../core/variance.ts';
import { useLocale, useT } from '../i18n/index.ts';

/** counted − expected as one row: the direction in words (Over / Short / Even), the amount unsigned. */
export function VarianceRow({ minor, testId }: { minor: number; testId?: string }) {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const { kind, amountMinor } = varianceOf(minor);
  return (
    <tr className={`strong variance ${kind}`} data-testid={testId}>
      <th scope="row">{t(`desk.z.${kind}`)}</th>
      <td>{formatMoney(amountMinor, locale)}</td>
    </tr>
  );
}
