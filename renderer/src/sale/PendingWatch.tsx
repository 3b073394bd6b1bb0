import { useLocale, useT, type MessageKey } from '../i18n/index.ts';
import { CheckIcon, Spinner } from '../components/Icons.tsx';
import { formatNumber, formatPounds } from '../../../core/format.ts';
import { noticeShown, usePendingWatch, watchingCount, type WatchedSale } from './pending-watch.ts';
import { PrintLine } from './PrintLine.tsx';
import { PRINT_KINDS, printView } from './prints.ts';
import './pending-watch.css';

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

/**
 * Notices for sales that settled after the agent moved on (or whose print failed), in a strip of
 * their own above the key bar: they push the screen up rather than cover any of its controls.
 */
export function PendingNotices() {
  const t = useT();
  const settled = usePendingWatch((s) => s.sales).filter(noticeShown);
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
  const { retryPrint } = usePendingWatch.getState();
  const ref = referenceOf(w) ?? '';
  return (
    <article className="watch-notice confirmed" role="status" data-testid="watch-notice" data-status="confirmed" data-reference={ref}>
      <header>
        <span className="watch-mark" aria-hidden="true">
          <CheckIcon />
        </span>
        <strong>{t(w.seen ? 'watch.printFailed' : 'watch.confirmed', { ref })}</strong>
        <DismissButton w={w} />
      </header>
      {!w.seen && <p>{t('watch.confirmed.text')}</p>}
      <ul className="prints watch-prints" aria-label={t('print.title')}>
        {PRINT_KINDS.map((kind) => (
          <PrintLine
            key={kind}
            kind={kind}
            view={printView(w.outcome?.prints[kind], w.manualPrints[kind])}
            testId={`watch-print-${kind}`}
            retryLabel={t('watch.retry.label', { what: t(`print.${kind}`), ref })}
            onPrint={() => void retryPrint(w.saleId, kind)}
          />
        ))}
      </ul>
    </article>
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
