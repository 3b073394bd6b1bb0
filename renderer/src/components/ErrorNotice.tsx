import type { AppError } from '../../../contract/errors.ts';
import { formatCairo, formatNumber } from '../../../core/format.ts';
import { useLocale, useT } from '../i18n/index.ts';
import { isRefusal } from './error-kind.ts';

/**
 * What happened and what to do next, in the agent's language, keyed on the stable code; a refusal
 * says what is needed. `id`: the field it is about names it in aria-describedby.
 */
export function ErrorNotice({ error, onRetry, id }: { error: AppError; onRetry?: () => void; id?: string }) {
  const t = useT();
  const refusal = isRefusal(error.code);
  const locale = useLocale((s) => s.locale);
  return (
    <div className="error-notice" role="alert" data-code={error.code} id={id}>
      {!refusal && <strong>{t('error.title')}</strong>}
      <p>{t(`error.${error.code}`, { counter: error.counterId ? `\u2068${error.counterId}\u2069` : '', seq: error.seq === undefined ? '' : formatNumber(error.seq, locale) })}</p>
      {error.until && <p data-testid="error-until">{t('error.until', { time: formatCairo(error.until, locale, 'paper') })}</p>}
      {error.triesLeft !== undefined && <p data-testid="error-tries-left">{t('error.tries_left', { n: formatNumber(error.triesLeft, locale) })}</p>}
      {error.bookingReference && <p className="mono">{error.bookingReference}</p>}
      {onRetry && !refusal && (
        <button type="button" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}
