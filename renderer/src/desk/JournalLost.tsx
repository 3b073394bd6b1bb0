import type { JournalLost as Lost } from '../../../contract/shifts.ts';
import { formatCairo, formatNumber } from '../../../core/format.ts';
import { RestorePanel } from '../backup/RestorePanel.tsx';
import { useLocale, useT } from '../i18n/index.ts';
import { FirstSupervisor } from './SignIn.tsx';

/**
 * A LIVE counter whose journal was deleted outside the app, or replaced by an earlier copy of
 * itself: nobody works until it is restored (a backup file, the station), or a supervisor is made
 * with the station secret.
 */
export function JournalLost({ lost }: { lost: Lost }) {
  const t = useT();
  const { locale } = useLocale();
  return (
    <main className="desk-screen" data-testid="journal-lost">
      <section className="desk-card desk-wide" aria-labelledby="journal-lost-title">
        <h1 id="journal-lost-title">{t(lost.earlierCopy ? 'desk.lost.earlierTitle' : 'desk.lost.title')}</h1>
        <p className="desk-intro" role="alert">
          {t(lost.earlierCopy ? 'desk.lost.earlierIntro' : 'desk.lost.intro', { entries: formatNumber(lost.entries, locale), at: formatCairo(lost.foundAt, locale) })}
        </p>
        <RestorePanel fresh level={2} intro={false} />
      </section>
      <FirstSupervisor withSecret besideAgents={lost.earlierCopy} />
    </main>
  );
}
