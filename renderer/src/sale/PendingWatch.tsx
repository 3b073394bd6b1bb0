import type { AppError } from '../../../contract/errors.ts';
import { useLocale, useT, type MessageKey, type Translate } from '../i18n/index.ts';
import { CheckIcon, PrinterIcon, Spinner } from '../components/Icons.tsx';
import { formatNumber, formatPounds } from '../../../core/format.ts';
import { usePendingWatch, watchingCount, type WatchPrint, type WatchedSale } from './pending-watch.ts';
import './pending-watch.css';

/** What a failed print means for the agent (the same words as on the outcome screen). */
export function printFailureText(t: Translate, error: AppError): string {
  if (error.code === 'not_configured') return t('print.error.not_configured');
  if (error.code === 'print_failed') return t('print.error.print_failed');
  return t(`error.${error.code}` as MessageKey);
}

const referenceOf = (w: WatchedSale) => w.outcome?.booking?.id ?? w.outcome?.error?.bookingReference ?? null;

/** Top bar: how many sales the agent left are still being confirmed (empty, and silent, when none). */
export function PendingIndicator() {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const count = usePendingWatch(watchingCount);
  const sales = usePendingWatch((s) => s.sales);
  const refs = sales
    .filter((w) => w.status === 'watching')
    .map((w) => referenceOf(w) ?? '…')
    .join(', ');
  return (
    <span className="watch-chip" role="status" data-testid="pending-watch" data-count={count}>
      {count > 0 && (
        <>
          <Spinner />
          <span title={t('watch.count.label', { refs })}>
            {count === 1 ? t('watch.count', { count: formatNumber(1, locale) }) : t('watch.countMany', { count: formatNumber(count, locale) })}
          </span>
        </>
      )}
    </span>
  );
}

/** Notices, at the edge of the screen, for sales that settled after the agent moved on. */
export function PendingNotices() {
  const t = useT();
  const settled = usePendingWatch((s) => s.sales).filter((w) => w.status !== 'watching');
  return (
    <section className="watch-notices" aria-label={t('watch.notices')} hidden={settled.length === 0}>
      {settled.map((w) => (w.status === 'confirmed' ? <ConfirmedNotice key={w.saleId} w={w} /> : <FailedNotice key={w.saleId} w={w} />))}
    </section>
  );
}

function DismissButton({ w }: { w: WatchedSale }) {
  const t = useT();
  const { dismiss } = usePendingWatch.getState();
  return (
    <button type="button" className="watch-dismiss" onClick={() => dismiss(w.saleId)} aria-label={t('watch.dismiss.label', { ref: referenceOf(w) ?? t('watch.failed.noRef') })}>
      {t('watch.dismiss')}
    </button>
  );
}

function ConfirmedNotice({ w }: { w: WatchedSale }) {
  const t = useT();
  const ref = referenceOf(w) ?? '';
  return (
    <article className="watch-notice confirmed" role="status" data-testid="watch-notice" data-status="confirmed" data-reference={ref}>
      <header>
        <span className="watch-mark" aria-hidden="true">
          <CheckIcon />
        </span>
        <strong>{t('watch.confirmed', { ref })}</strong>
        <DismissButton w={w} />
      </header>
      <p>{t('watch.confirmed.text')}</p>
      <ul className="watch-prints" aria-label={t('print.title')}>
        {(['tickets', 'receipt'] as const).map((kind) => (
          <WatchPrintLine key={kind} w={w} kind={kind} state={w.prints[kind]} reference={ref} />
        ))}
      </ul>
    </article>
  );
}

function WatchPrintLine({ w, kind, state, reference }: { w: WatchedSale; kind: 'tickets' | 'receipt'; state: WatchPrint; reference: string }) {
  const t = useT();
  const { retryPrint } = usePendingWatch.getState();
  const what = t(`print.${kind}`);
  return (
    <li
      className={`watch-print ${state.status}`}
      data-testid={`watch-print-${kind}`}
      data-status={state.status}
      data-job-id={state.status === 'sent' ? (state.result.jobId ?? undefined) : undefined}
    >
      <PrinterIcon />
      <span>
        <strong>{what}</strong>{' '}
        {state.status === 'idle' && t('print.waiting')}
        {state.status === 'printing' && (
          <>
            <Spinner /> {t('print.printing')}
          </>
        )}
        {state.status === 'sent' && t('print.sent', { printer: state.result.printer })}
        {state.status === 'failed' && printFailureText(t, state.error)}
      </span>
      {state.status === 'failed' && (
        <button type="button" onClick={() => void retryPrint(w.saleId, kind)} aria-label={t('watch.retry.label', { what, ref: reference })}>
          {t('common.retry')}
        </button>
      )}
    </li>
  );
}

function FailedNotice({ w }: { w: WatchedSale }) {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const ref = referenceOf(w);
  const o = w.outcome;
  const code = o?.error?.code ?? 'not_found';
  const charged = o?.charged ?? false;
  const cash = o?.cashTenderedMinor ?? w.cashTenderedMinor;
  return (
    <article className="watch-notice failed" role="alert" data-testid="watch-notice" data-status="failed" data-reference={ref ?? ''} data-code={code}>
      <header>
        <span className="watch-mark" aria-hidden="true">
          ✕
        </span>
        <strong>{ref ? t('watch.failed', { ref }) : t('watch.failed.noRef')}</strong>
        <DismissButton w={w} />
      </header>
      <p>
        {t('watch.failed.text')} {t(`error.${code}` as MessageKey)}
      </p>
      {!charged && (
        <p className="watch-not-charged" data-testid="watch-not-charged">
          <CheckIcon /> {t('outcome.notCharged')}
        </p>
      )}
      {!o?.cashRecorded && cash > 0 && <p className="watch-give-back">{t('outcome.giveBack', { cash: formatPounds(cash, locale) })}</p>}
    </article>
  );
}
