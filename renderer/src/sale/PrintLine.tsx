import type { AppError } from '../../../contract/errors.ts';
import { useT, type MessageKey, type Translate } from '../i18n/index.ts';
import { PrinterIcon, Spinner } from '../components/Icons.tsx';
import type { PrintKind, PrintView } from './prints.ts';
import './print-line.css';

/** What a failed print means for the agent (the outcome, the notices and the journal say it alike). */
export function printFailureText(t: Translate, error: AppError): string {
  if (error.code === 'not_configured') return t('print.error.not_configured');
  if (error.code === 'print_failed') return t('print.error.print_failed');
  return t(`error.${error.code}` as MessageKey);
}

/**
 * One of a confirmed sale's prints as main reports it (waiting, printing, sent to a printer,
 * failed with what to do), with the agent's button where one is needed: Try again after a
 * failure, Print when main does not print this sale by itself.
 */
export function PrintLine(props: { kind: PrintKind; view: PrintView; testId: string; retryLabel: string; onPrint(): void }) {
  const t = useT();
  const { view } = props;
  const what = t(`print.${props.kind}`);
  return (
    <li
      className={`print ${view.status}`}
      data-testid={props.testId}
      data-status={view.status}
      data-job-id={view.status === 'sent' ? (view.jobId ?? undefined) : undefined}
    >
      <PrinterIcon />
      <span className="print-text">
        <span className="print-what">{what}</span>
        <span className="print-state" role="status">
          {view.status === 'none' && t('print.none')}
          {view.status === 'waiting' && t('print.waiting')}
          {view.status === 'printing' && (
            <>
              <Spinner /> {t('print.printing')}
            </>
          )}
          {view.status === 'sent' && t('print.sent', { printer: view.printer })}
          {view.status === 'failed' && printFailureText(t, view.error)}
        </span>
      </span>
      {view.status === 'failed' && (
        <button type="button" onClick={props.onPrint} aria-label={props.retryLabel}>
          {t('common.retry')}
        </button>
      )}
      {view.status === 'none' && (
        <button type="button" onClick={props.onPrint} aria-label={t('print.now.label', { what })}>
          {t('print.now')}
        </button>
      )}
    </li>
  );
}
