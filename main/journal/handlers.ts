import { cairoDate } from '../../core/cairo-time.ts';
import type { Clock } from '../clock.ts';
import type { Current, HandlerGroup } from '../deps.ts';
import { dayReport } from './report.ts';

export interface JournalHandlerDeps {
  /** The journal of the environment in force, with its name and reference data (main/deps.ts `Current`). */
  current: Current<'journal' | 'environment' | 'reference'>;
  clock: Clock;
}

export function journalHandlers(d: JournalHandlerDeps): HandlerGroup<'verifyJournal' | 'dayReport'> {
  return {
    verifyJournal: () => d.current().journal.verify(),
    dayReport: (arg) => {
      const s = d.current();
      return dayReport(s.journal, s.environment, arg?.date ?? cairoDate(d.clock.now()), (id) => s.reference.cached().operators.find((o) => o.id === id)?.name ?? null);
    },
  };
}
