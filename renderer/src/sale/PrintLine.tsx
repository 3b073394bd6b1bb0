import { useT } from '../i18n/index.ts';
import { printFailureText } from '../components/print-failure.ts';
import { PrinterIcon, Spinner } from '../components/Icons.tsx';
import { useDescription } from '../components/Description.tsx';
import type { PrintKind, PrintView } from './prints.ts';
import './print-line.css';


/**
 * One of a confirmed sale's prints as main reports it (waiting, printing, sent to a printer,
 * failed with what to do), with the agent's button where one is needed: Try again after a
 * failure, Print when main does not print this sale by itself.
 */
export function PrintLine(props: { kind: PrintKind; view: PrintView; testId: string; retryLabel: string; onPrint(): void }) {
  const t = useT();
  const { view } = props;
  const what = t(`print.${props.kind}`);
  // named by what they show ("Try again", "Print"); which print they act on is their description
  const retry = useDescription(props.retryLabel);
  const now = useDescription(t('print.now.label', { what }));
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
        <button type="button" onClick={props.onPrint} aria-describedby={retry.describedBy}>
          {t('common.retry')}
          {retry.description}
        </button>
      )}
      {view.status === 'none' && (
        <button type="button" onClick={props.onPrint} aria-describedby={now.describedBy}>
          {t('print.now')}
          {now.description}
        </button>
      )}
    </li>
  );
}
