import { useState } from 'react';
import type { PrintResult } from '../../../contract/counter.ts';
import type { AppError, Result } from '../../../contract/errors.ts';
import type { ZReportView } from '../../../contract/shifts.ts';
import { DENOMINATIONS, Z_OUTSIDE_NAMED } from '../../../contract/shift-rules.ts';
import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { formatCairo, formatMoney, formatNumber, localDigits, partsSeparator } from '../../../core/format.ts';
import { useLocale, useT } from '../i18n/index.ts';
import { VarianceRow } from './VarianceRow.tsx';
import { RefundsFigures } from '../refunds/RefundsFigures.tsx';
import { useOperatorName, useRouteName } from '../shell/place-names.ts';
import { readingArrow } from '../../../core/route.ts';
import { entryFamiliesSaid } from '../backup/entry-families.ts';
import { Notice } from '../settings/parts.tsx';

type Line = { key: string; label: string; value: string };

/** A titled list of label → amount lines (by operator, count by denomination, movements…); nothing when empty. */
function Lines({ title, lines, testId, level }: { title: string; lines: Line[]; testId: string; level: 'h2' | 'h3' }) {
  if (lines.length === 0) return null;
  const Heading = level;
  return (
    <section className="z-lines" data-testid={testId}>
      <Heading>{title}</Heading>
      <table className="z-cash">
        <tbody>
          {lines.map((l) => (
            <tr key={l.key}>
              <th scope="row">{l.label}</th>
              <td>{l.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * A frozen Z-report on screen, with everything the printed one has (sales by operator and route,
 * the cash with the count by denomination and each movement's reason, failed and unconfirmed
 * bookings, the close comment, corrections) and its print button (a second print is a COPY).
 */
export function ZReportCard({
  view,
  screen = false,
  print: printWith,
}: {
  view: ZReportView;
  /** the whole screen (after the close): its title is the h1 */
  screen?: boolean;
  /** How it is printed when not as this counter's own (a retired journal's). */
  print?: ((language: 'ar' | 'en') => Promise<Result<PrintResult>>) | undefined;
}) {
  const Heading = screen ? 'h1' : 'h2';
  // its parts one level under its title, whichever that is
  const Sub = screen ? 'h2' : 'h3';
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const z = view.report;
  const money = (minor: number) => formatMoney(minor, locale);
  const count = (n: number) => formatNumber(n, locale);
  const sep = partsSeparator(locale);
  const operatorName = useOperatorName();
  const routeName = useRouteName();
  const [printed, setPrinted] = useState<PrintResult | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const print = async () => {
    setBusy(true);
    const r = printWith ? await printWith(locale) : await api.printZReport({ zNumber: z.zNumber, language: locale });
    setBusy(false);
    if (r.ok) {
      setPrinted(r.value);
      setError(r.value.error);
    } else setError(r.error);
  };
  const rows: [string, string, string?][] = [
    [t('desk.z.float'), money(z.cash.floatMinor)],
    [t('desk.z.sales'), money(z.cash.salesMinor)],
    ...(z.cash.heldForOpenSalesMinor ? ([[t('desk.z.held'), money(z.cash.heldForOpenSalesMinor)]] as [string, string][]) : []),
    [t('desk.z.payIns'), money(z.cash.payInsMinor)],
    [t('desk.z.payOuts'), `− ${money(z.cash.payOutsMinor)}`],
    [t('desk.z.drops'), `− ${money(z.cash.dropsMinor)}`],
    ...(z.cash.refundsMinor ? ([[t('refunds.block.amount'), `− ${money(z.cash.refundsMinor)}`]] as [string, string][]) : []),
    [t('desk.z.expected'), money(z.cash.expectedMinor), 'strong'],
    [t('desk.z.counted'), money(z.cash.countedMinor), 'strong'],
  ];
  const reference = (r: { bookingReference: string | null; saleId: string }) => r.bookingReference ?? r.saleId.slice(0, 8);
  return (
    <section className="z-card" data-testid="z-report" aria-labelledby="z-title">
      <Heading id="z-title">{t('desk.z.title', { n: count(z.zNumber) })}</Heading>
      <p className="desk-intro">
        {z.agent.name} · {formatCairo(z.openedAt, locale)} {readingArrow(locale)} {formatCairo(z.closedAt, locale)} · {t('desk.z.businessDay')} <bdi>{localDigits(z.businessDay, locale)}</bdi>
      </p>
      {z.writtenOutside && z.writtenOutside.length > 0 && (
        <Notice kind="bad" testId="z-written-outside">
          {t('desk.z.writtenOutside', {
            count: formatNumber(z.writtenOutside.length, locale),
            kinds: entryFamiliesSaid(z.writtenOutside.map((e) => e.type), t, locale),
            seqs:
              z.writtenOutside
                .slice(0, Z_OUTSIDE_NAMED)
                .map((e) => `\u2066#${formatNumber(e.seq, locale)}\u2069`) // each number kept left-to-right
                .join(locale === 'ar' ? '، ' : ', ') +
              (z.writtenOutside.length > Z_OUTSIDE_NAMED ? ` ${t('desk.z.outsideMore', { n: formatNumber(z.writtenOutside.length - Z_OUTSIDE_NAMED, locale) })}` : ''),
          })}
        </Notice>
      )}
      <dl className="z-figures">
        <dt>{t('desk.z.bookings')}</dt>
        <dd>{count(z.bookings)}</dd>
        <dt>{t('desk.z.passengers')}</dt>
        <dd>{count(z.passengers)}</dd>
        <dt>{t('desk.z.retail')}</dt>
        <dd>{money(z.retailMinor)}</dd>
        <dt>{t('desk.z.net')}</dt>
        <dd>{money(z.netMinor)}</dd>
        <dt>{t('desk.z.margin')}</dt>
        <dd>{money(z.marginMinor)}</dd>
        <dt>{t('desk.z.reprints')}</dt>
        <dd>{count(z.reprints)}</dd>
        <dt>{t('desk.z.abandonedHolds')}</dt>
        <dd>{count(z.abandonedHolds ?? 0)}</dd>
      </dl>
      <Lines
        level={Sub}
        title={t('desk.z.byOperator')}
        testId="z-by-operator"
        lines={z.byOperator.map((l) => ({ key: l.operatorId ?? '—', label: `${operatorName(l.operatorId, l.operatorName)}${sep}${count(l.passengers)}`, value: money(l.retailMinor) }))}
      />
      <Lines level={Sub} title={t('desk.z.byRoute')} testId="z-by-route" lines={z.byRoute.map((l) => ({ key: l.route, label: `${routeName(l.route)}${sep}${count(l.passengers)}`, value: money(l.retailMinor) }))} />
      <Sub>{t('desk.z.cash')}</Sub>
      <table className="z-cash">
        <tbody>
          {rows.map(([label, value, strong]) => (
            <tr key={label} className={strong ? 'strong' : undefined}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
          <VarianceRow minor={z.cash.varianceMinor} testId="z-variance" />
        </tbody>
      </table>
      {z.comment && (
        <p className="z-comment" data-testid="z-comment">
          <strong>{t('desk.z.comment')}:</strong> <bdi>{z.comment}</bdi>
        </p>
      )}
      <Lines
        level={Sub}
        title={t('desk.z.count')}
        testId="z-count"
        lines={DENOMINATIONS.filter((d) => (z.cash.count[`${d}`] ?? 0) > 0).map((d) => {
          const n = z.cash.count[`${d}`] ?? 0;
          return { key: `${d}`, label: `${count(n)} × ${money(d)}`, value: money(n * d) };
        })}
      />
      <Lines
        level={Sub}
        title={t('desk.z.movements')}
        testId="z-movements"
        lines={z.movements.map((m, i) => ({ key: `${i}`, label: `${t(`desk.cash.${m.kind}`)}: ${m.reason}${m.writtenOutside ? ` (${t('desk.z.outsideMark')})` : ''}`, value: money(m.amountMinor) }))}
      />
      <Lines level={Sub} title={t('desk.z.failed')} testId="z-failed" lines={z.failed.map((f) => ({ key: f.saleId, label: reference(f), value: money(f.retailMinor) }))} />
      <Lines level={Sub} title={t('desk.z.open')} testId="z-open" lines={z.open.map((f) => ({ key: f.saleId, label: reference(f), value: money(f.retailMinor) }))} />
      {view.corrections.length > 0 && (
        <section className="z-lines">
          <Sub>{t('desk.z.corrections')}</Sub>
          <ul className="z-corrections">
            {view.corrections.map((c) => (
              <li key={c.correctionId}>
                <bdi>{c.reason}</bdi>
                {sep}
                {money(c.amountMinor)}
                {sep}
                {t('desk.z.approvedBy', { name: c.approvedBy.name })}
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className="desk-intro z-covers">
        {t('desk.z.covers')} <bdi>#{z.coversSeq} {z.coversHash.slice(0, 16)}</bdi>
      </p>
      {z.refunds && z.refunds.count > 0 && <RefundsFigures block={z.refunds} />}
      <div className="st-actions">
        <button type="button" className="st-btn st-btn-primary" onClick={() => void print()} disabled={busy} data-testid="print-z">
          {t('desk.z.print')}
        </button>
        {printed?.status === 'sent' && (
          <span role="status" data-testid="z-printed">
            {t('desk.z.printed', { printer: printed.printer })}
          </span>
        )}
      </div>
      {error && <ErrorNotice error={error} />}
    </section>
  );
}
