import type { AppError } from '../../../contract/errors.ts';
import { useT } from '../i18n/index.ts';

/** What happened and what to do next, in the agent's language, keyed on the stable code. */
export function ErrorNotice({ error, onRetry }: { error: AppError; onRetry?: () => void }) {
  const t = useT();
  return (
    <div className="error-notice" role="alert" data-code={error.code}>
      <strong>{t('error.title')}</strong>
      <p>{t(`error.${error.code}`)}</p>
      {error.bookingReference && <p className="mono">{error.bookingReference}</p>}
      {onRetry && (
        <button type="button" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}
