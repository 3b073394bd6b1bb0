import type { RetiredJournal } from '../../../contract/backup.ts';
import { formatCairo } from '../../../core/format.ts';
import { useLocale, useT } from '../i18n/index.ts';
import { useReports } from './store.ts';

/** A counter id inside a sentence of either direction: one left-to-right unit. */
const isolated = (counterId: string) => `\u2068${counterId}\u2069`;

/** Which journal the reports read: this counter's, or one retired on this PC (Replace); shown once there is one. */
export function JournalChoice() {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  const { retired, journal } = useReports();
  if (retired.length === 0) return null;
  return (
    <span className="reports-journal">
      <label htmlFor="reports-journal">{t('reports.journal')}</label>
      <select id="reports-journal" value={journal ?? ''} onChange={(e) => void useReports.getState().chooseJournal(e.target.value || null)} data-testid="reports-journal">
        <option value="">{t('reports.journal.own')}</option>
        {retired.map((j) => (
          <option key={j.id} value={j.id}>
            {t('reports.journal.retired', { counter: isolated(j.counterId), environment: j.environment, at: formatCairo(j.retiredAt, locale) })}
          </option>
        ))}
      </select>
    </span>
  );
}

/** Says, above every figure, that the report is of a retired counter's journal, opened read-only. */
export function RetiredBanner({ journal }: { journal: RetiredJournal }) {
  const t = useT();
  const locale = useLocale((s) => s.locale);
  return (
    <p className="reports-retired" role="note" data-testid="retired-banner">
      {t('reports.retired.banner', { counter: isolated(journal.counterId), at: formatCairo(journal.retiredAt, locale) })}
    </p>
  );
}
