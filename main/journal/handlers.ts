import { cairoDate } from '../../core/cairo-time.ts';
import type { CounterDeps, HandlerGroup } from '../deps.ts';
import { dayReport } from './report.ts';

export function journalHandlers(d: CounterDeps): HandlerGroup<'verifyJournal' | 'dayReport'> {
  return {
    verifyJournal: () => d.session().journal.verify(),
    dayReport: (arg) => {
      const s = d.session();
      return dayReport(s.journal, s.environment, arg?.date ?? cairoDate(d.clock.now()), (id) => s.reference.cached().operators.find((o) => o.id === id)?.name ?? null);
    },
  };
}
