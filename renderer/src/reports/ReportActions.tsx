import { useState } from 'react';
import type { PrintResult } from '../../../contract/counter.ts';
import type { AppError, Result } from '../../../contract/errors.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useLocale, useT } from '../i18n/index.ts';

type Language = 'ar' | 'en';

/** The test ids of each report's buttons and of the line that says what was done. */
const IDS = {
  day: { print: 'print-day', csv: 'export-csv', pdf: 'export-pdf', done: 'reports-done' },
  station: { print: 'print-station', csv: 'export-station-csv', pdf: 'export-station-pdf', done: 'station-done' },
} as const;

/**
 * A report's Print / Export CSV / Export PDF buttons (in the screen's language), and what the last
 * one did: sent to which printer, saved where, or the error.
 */
export function ReportActions(props: {
  report: keyof typeof IDS;
  printLabel: string;
  print: (language: Language) => Promise<Result<PrintResult>>;
  exportAs: (format: 'csv' | 'pdf', language: Language) => Promise<Result<{ path: string }>>;
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
  const exportAs = async (format: 'csv' | 'pdf') => {
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
