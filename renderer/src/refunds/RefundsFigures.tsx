import type { DayRefunds, RefundsBlock } from '../../../contract/refunds.ts';
import { formatMoney, formatNumber, partsSeparator } from '../../../core/format.ts';
import { useLocale, useT } from '../i18n/index.ts';

/** The refunds of a shift (Z-report) or a day: count, cash out, claimable or not; for a day the net cash and the adjustments. */
export function RefundsFigures({ block, day }: { block: RefundsBlock; day?: DayRefunds | undefined }) {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const money = (minor: number) => formatMoney(minor, locale);
  const n = (x: number) => formatNumber(x, locale);
  const sep = partsSeparator(locale);
  return (
    <section aria-labelledby="refunds-figures" data-testid="refunds-figures">
      <h2 id="refunds-figures">{t('refunds.block.title')}</h2>
      <dl className="reports-balances">
        <dt>{t('refunds.block.count')}</dt>
        <dd data-testid="refunds-count">{n(block.count)}</dd>
        <dt>{t('refunds.block.amount')}</dt>
        <dd data-testid="refunds-amount">{money(block.amountMinor)}</dd>
        <dt>{t('refunds.block.claimable')}</dt>
        <dd>
          {n(block.claimable.count)}
          {sep}
          {money(block.claimable.amountMinor)}
        </dd>
        <dt>{t('refunds.block.notClaimable')}</dt>
        <dd>
          {n(block.notClaimable.count)}
          {sep}
          {money(block.notClaimable.amountMinor)}
        </dd>
        {day && (
          <>
            <dt>{t('refunds.block.netCash')}</dt>
            <dd data-testid="refunds-net-cash">{money(day.netCashMinor)}</dd>
            <dt>{t('refunds.block.adjustments')}</dt>
            <dd>
              {money(day.adjustments.withReferenceMinor)} / {money(day.adjustments.withoutReferenceMinor)}
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}
