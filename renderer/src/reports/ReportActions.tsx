import { useState } from 'react';
import type { PrintResult } from '../../../contract/counter.ts';
import type { AppError, Result } from '../../../contract/errors.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useLocale, useT } from '../i18n/index.ts';

type Language = 'ar' | 'en';
type ExportFormat = 'csv' | 'pdf' | 'sales-csv';

/** The test ids of each report's buttons and of the line that says what was done. */
const IDS = {
  day: { print: 'print-day', csv: 'export-csv', pdf: 'export-pdf', salesCsv: 'export-sales-csv', done: 'reports-done' },
  station: { print: 'print-station', csv: 'export-station-csv', pdf: 'export-station-pdf', salesCsv: 'export-station-sales-csv', done: 'station-done' },
} as const;

/**
 * A report's Print / Export CSV / Export PDF buttons (in the screen's language), and what the last
 * one did: sent to which printer, saved where, or the error.
 */
export function ReportActions(props: {
  report: keyof typeof IDS;
  printLabel: string;
  print: (language: Language) => Promise<Result<PrintResult>>;
  exportAs: (format: ExportFormat, language: Language) => Promise<Result<{ path: string }>>;
  /** Offers the accountant's file with one line per sale as well. */
  perSale?: boolean;
}) {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const [done, setDone] = useState<{ kind: 'printed'; printer: string } | { kind: 'exported'; path: string } | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const ids = IDS[props.report];
  const start = () => {
    setDone(null);
    setError(null);
  };
  const print = async () => {
    start();
    const r = await props.print(locale);
    if (!r.ok) return setError(r.error);
    if (r.value.error) setError(r.value.error);
    else setDone({ kind: 'printed', printer: r.value.printer });
  };
  const exportAs = async (format: ExportFormat) => {
    start();
    const r = await props.exportAs(format, locale);
    if (r.ok) setDone({ kind: 'exported', path: r.value.path });
    else setError(r.error);
  };
  return (
    <>
      <div className="st-actions reports-actions">
        <button type="button" className="st-btn st-btn-primary" onClick={() => void print()} data-testid={ids.print}>
          {props.printLabel}
        </button>
        <button type="button" className="st-btn" onClick={() => void exportAs('csv')} data-testid={ids.csv}>
          {t('reports.exportCsv')}
        </button>
        <button type="button" className="st-btn" onClick={() => void exportAs('pdf')} data-testid={ids.pdf}>
          {t('reports.exportPdf')}
        </button>
        {props.perSale && (
          <button type="button" className="st-btn" onClick={() => void exportAs('sales-csv')} data-testid={ids.salesCsv}>
            {t('reports.exportSalesCsv')}
          </button>
        )}
        {done && (
          <span role="status" data-testid={ids.done}>
            {done.kind === 'printed' ? t('reports.printed', { printer: done.printer }) : t('reports.exported', { path: done.path })}
          </span>
        )}
      </div>
      {error && <ErrorNotice error={error} />}
    </>
  );
}
