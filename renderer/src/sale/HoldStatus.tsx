import { useLocale, useT } from '../i18n/index.ts';
import { useRemaining } from './clock.ts';
import { formatNumber } from '../../../core/format.ts';
import { formatCountdown, holdWarning } from './display.ts';
import { useSale } from './store.ts';
import { useFocusTarget } from './use-focus.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { CheckIcon, Spinner } from '../components/Icons.tsx';

/** The seat hold and its 20-minute countdown, on every step from the seats to the payment. */
export function HoldStatus({ compact = false }: { compact?: boolean }) {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const hold = useSale((s) => s.hold);
  const { repick } = useSale.getState();
  const remaining = useRemaining(hold.status === 'held' ? hold.hold.expires_at : null);
  const repickRef = useFocusTarget<HTMLButtonElement>('repick', 0, !compact);

  if (hold.status === 'none') return null;
  if (compact && hold.status !== 'held') return null;
  if (hold.status === 'holding') {
    return (
      <div className="hold holding" role="status">
        <Spinner /> {t('hold.holding')}
      </div>
    );
  }
  if (hold.status === 'held') {
    const left = remaining ?? 0;
    const urgent = left < 3 * 60_000;
    return (
      <div className={`hold held${urgent ? ' urgent' : ''}`} role="timer" aria-live="off" data-testid="hold-status" data-hold-id={hold.hold.id}>
        <CheckIcon />
        <span className="hold-text">
          {compact
            ? t('hold.held.short')
            : hold.hold.seats_requested.length
              ? t('hold.held', { seats: hold.hold.seats_requested.join(' ') })
              : hold.hold.seats === 1
                ? t('hold.held.one')
                : t('hold.held.count', { count: formatNumber(hold.hold.seats, locale) })}
        </span>
        <span className="hold-time">{formatCountdown(left, locale)}</span>
      </div>
    );
  }
  if (hold.status === 'expired') {
    return (
      <div className="hold expired" role="alert" data-testid="hold-expired">
        <strong>{t('hold.expired.title')}</strong>
        <span>{t('hold.expired')}</span>
        <button ref={repickRef} type="button" className="primary" onClick={() => void repick()}>
          {t('hold.repick')}
        </button>
      </div>
    );
  }
  return <ErrorNotice error={hold.error} />;
}

/**
 * The hold's live region, on every step while seats are held: it speaks at five minutes left and
 * at one (the countdown itself is a timer that is not read out each second; the expiry is an alert).
 */
export function HoldAnnouncer() {
  const t = useT();
  const expiresAt = useSale((s) => (s.hold.status === 'held' ? s.hold.hold.expires_at : null));
  const remaining = useRemaining(expiresAt);
  const warning = remaining === null ? null : holdWarning(remaining);
  return (
    <span className="sr-only" role="status" data-testid="hold-announcer">
      {warning ? t(warning) : ''}
    </span>
  );
}
