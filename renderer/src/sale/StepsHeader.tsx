import { useLocale, useT } from '../i18n/index.ts';
import { formatNumber } from '../../../core/format.ts';
import { CheckIcon } from '../components/Icons.tsx';
import { Kbd } from '../shell/Kbd.tsx';
import { HoldAnnouncer, HoldStatus } from './HoldStatus.tsx';
import { STEPS, useSale, type Step } from './store.ts';

const KEYS: Record<Step, string> = { search: 'F2', seats: 'F6', passengers: 'F8', payment: 'F9', outcome: '' };

/** Search → Seats → Passengers → Payment → Done; finished steps can be revisited. */
export function StepsHeader() {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const step = useSale((s) => s.step);
  const offer = useSale((s) => s.offer);
  const holdHeld = useSale((s) => s.hold.status === 'held');
  const locked = useSale((s) => s.sending || s.outcome !== null);
  const { goTo } = useSale.getState();
  const at = STEPS.indexOf(step);
  const reachable = (s: Step, i: number) => {
    if (locked || s === 'outcome') return false;
    if (i <= at) return true;
    if (s === 'seats') return offer !== null;
    return holdHeld;
  };
  return (
    <nav className="steps" aria-label={t('steps.label')}>
      <ol>
        {STEPS.map((s, i) => {
          const state = i < at ? 'done' : i === at ? 'current' : 'todo';
          return (
            <li key={s} className={state}>
              <button
                type="button"
                onClick={() => goTo(s)}
                disabled={!reachable(s, i) || i === at}
                aria-current={i === at ? 'step' : undefined}
                aria-keyshortcuts={KEYS[s] || undefined}
              >
                {/* named by what it shows: "2 Seats", or "Search" once done (a tick for its number; the list gives its place) */}
                <span className="step-no">{state === 'done' ? <CheckIcon size={14} /> : formatNumber(i + 1, locale)}</span>{' '}
                <span className="step-name">{t(`steps.${s}`)}</span>
                {KEYS[s] && <Kbd k={KEYS[s]} />}
              </button>
            </li>
          );
        })}
      </ol>
      {step !== 'search' && step !== 'outcome' && <HoldStatus compact />}
      <HoldAnnouncer />
    </nav>
  );
}
