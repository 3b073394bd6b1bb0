import type { AppError } from '../../../contract/errors.ts';
import { formatCairo } from '../../../core/format.ts';
import { useLocale, useT } from '../i18n/index.ts';

/** What happened and what to do next, in the agent's language, keyed on the stable code. */
export function ErrorNotice({ error, onRetry }: { error: AppError; onRetry?: () => void }) {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  return (
    <div className="error-notice" role="alert" data-code={error.code}>
      <strong>{t('error.title')}</strong>
      <p>{t(`error.${error.code}`)}</p>
      {error.until && <p data-testid="error-until">{t('error.until', { time: formatCairo(error.until, locale, 'paper') })}</p>}
      {error.bookingReference && <p className="mono">{error.bookingReference}</p>}
      {onRetry && (
        <button type="button" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}
