import { useT, type MessageKey } from '../i18n/index.ts';
import { useSale, type Step } from '../sale/store.ts';
import { Kbd } from './Kbd.tsx';

const KEYS: { k: string; label: MessageKey; steps: Step[] | 'all' }[] = [
  { k: 'Enter', label: 'keys.enter', steps: ['search', 'seats', 'passengers', 'payment'] },
  { k: 'Esc', label: 'keys.esc', steps: ['search', 'seats', 'passengers', 'payment', 'outcome'] },
  { k: 'F2', label: 'keys.f2', steps: 'all' },
  { k: 'F4', label: 'keys.f4', steps: ['search'] },
  { k: 'F6', label: 'keys.f6', steps: ['passengers', 'payment'] },
  { k: 'F8', label: 'keys.f8', steps: ['seats', 'payment'] },
  { k: 'F9', label: 'keys.f9', steps: ['passengers'] },
  { k: 'F10', label: 'keys.f10', steps: ['payment'] },
  { k: 'F12', label: 'keys.f12', steps: 'all' },
  { k: 'F3', label: 'keys.f3', steps: 'all' },
  { k: 'Ctrl+F', label: 'lookup.key', steps: 'all' },
];

/**
 * Every shortcut, always on screen; the ones that act on this step stand out. A screen reader hears
 * each key's name (the drawn key is hidden from it) and whether it acts on this step.
 */
export function KeyBar() {
  const t = useT();
  const step = useSale((s) => s.step);
  return (
    <footer className="keybar" aria-label={t('keys.label')}>
      <ul>
        {KEYS.map(({ k, label, steps }) => {
          const on = steps === 'all' || steps.includes(step);
          return (
            <li key={k} className={on ? 'on' : 'off'}>
              <Kbd k={k} />
              <span className="sr-only" dir="ltr">
                {k}{' '}
              </span>
              <span>{t(label)}</span>
              {!on && <span className="sr-only"> {t('keys.notHere')}</span>}
            </li>
          );
        })}
      </ul>
    </footer>
  );
}
