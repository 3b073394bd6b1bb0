import type { Journal } from '../journal/journal.ts';
import type { CounterActivity } from './policy.ts';

/** The counter's activity read from one journal (three indexed lookups). */
export function activityOf(journal: Journal): CounterActivity {
  const shifts = journal.stmt('SELECT count(*) AS n FROM shifts WHERE closed_seq IS NULL AND implicit = 0').get() as { n: number };
  const sales = journal.stmt("SELECT count(*) AS n FROM sales WHERE status IN ('sending', 'unknown', 'pending')").get() as { n: number };
  const last = journal.stmt('SELECT at FROM entries ORDER BY seq DESC LIMIT 1').get() as { at: string } | undefined;
  return { openShifts: shifts.n, salesInFlight: sales.n, lastEntryAt: last ? new Date(last.at) : null };
}
