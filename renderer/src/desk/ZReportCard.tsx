import { useState } from 'react';
import type { PrintResult } from '../../../contract/counter.ts';
import type { AppError } from '../../../contract/errors.ts';
import type { ZReportView } from '../../../contract/shifts.ts';
import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { formatCairo, formatMoney, formatNumber } from '../../../core/format.ts';
import { useLocale, useT } from '../i18n/index.ts';

/** A frozen Z-report on screen, with its print button (a second print is a COPY on paper). */
export function ZReportCard({ view, screen = false }: { view: ZReportView; /** the whole screen (after the close): its title is the h1 */ screen?: boolean }) {
  const Heading = screen ? 'h1' : 'h2';
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const z = view.report;
  const money = (minor: number) => formatMoney(minor, locale);
  const [printed, setPrinted] = useState<PrintResult | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const print = async () => {
    setBusy(true);
    const r = await api.printZReport({ zNumber: z.zNumber, language: locale });
    setBusy(false);
    if (r.ok) {
      setPrinted(r.value);
      setError(r.value.error);
    } else setError(r.error);
  };
  const variance = z.cash.varianceMinor;
  const rows: [string, string, string?][] = [
    [t('desk.z.float'), money(z.cash.floatMinor)],
    [t('desk.z.sales'), money(z.cash.salesMinor)],
    ...(z.cash.heldForOpenSalesMinor ? ([[t('desk.z.held'), money(z.cash.heldForOpenSalesMinor)]] as [string, string][]) : []),
    [t('desk.z.payIns'), money(z.cash.payInsMinor)],
    [t('desk.z.payOuts'), `− ${money(z.cash.payOutsMinor)}`],
    [t('desk.z.drops'), `− ${money(z.cash.dropsMinor)}`],
    [t('desk.z.expected'), money(z.cash.expectedMinor), 'strong'],
    [t('desk.z.counted'), money(z.cash.countedMinor), 'strong'],
  ];
  return (
    <section className="z-card" data-testid="z-report" aria-labelledby="z-title">
      <Heading id="z-title">{t('desk.z.title', { n: formatNumber(z.zNumber, locale) })}</Heading>
      <p className="desk-intro">
        {z.agent.name} · {formatCairo(z.openedAt, locale)} → {formatCairo(z.closedAt, locale)}
      </p>
      <dl className="z-figures">
        <dt>{t('desk.z.bookings')}</dt>
        <dd>{formatNumber(z.bookings, locale)}</dd>
        <dt>{t('desk.z.passengers')}</dt>
        <dd>{formatNumber(z.passengers, locale)}</dd>
        <dt>{t('desk.z.retail')}</dt>
        <dd>{money(z.retailMinor)}</dd>
        <dt>{t('desk.z.net')}</dt>
        <dd>{money(z.netMinor)}</dd>
        <dt>{t('desk.z.margin')}</dt>
        <dd>{money(z.marginMinor)}</dd>
        <dt>{t('desk.z.failedOpen')}</dt>
        <dd>
          {formatNumber(z.failed.length, locale)} / {formatNumber(z.open.length, locale)}
        </dd>
        <dt>{t('desk.z.reprintsHolds')}</dt>
        <dd>
          {formatNumber(z.reprints, locale)} / {formatNumber(z.abandonedHolds ?? 0, locale)}
        </dd>
      </dl>
      <table className="z-cash">
        <tbody>
          {rows.map(([label, value, strong]) => (
            <tr key={label} className={strong ? 'strong' : undefined}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
          <tr className={`strong variance ${variance < 0 ? 'short' : variance > 0 ? 'over' : 'even'}`} data-testid="z-variance">
            <th scope="row">{variance < 0 ? t('desk.z.short') : variance > 0 ? t('desk.z.over') : t('desk.z.even')}</th>
            <td>{money(variance)}</td>
          </tr>
        </tbody>
      </table>
      {view.corrections.length > 0 && (
        <ul className="z-corrections">
          {view.corrections.map((c) => (
            <li key={c.correctionId}>
              {c.reason} · {money(c.amountMinor)} · {t('desk.z.approvedBy', { name: c.approvedBy.name })}
            </li>
          ))}
        </ul>
      )}
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
