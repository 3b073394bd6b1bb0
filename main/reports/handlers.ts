import { cairoDate } from '../clock.ts';
import type { CounterDeps, HandlerGroup } from '../deps.ts';
import { stationDayReport, statementOf } from './station-day.ts';

export function reportHandlers(d: CounterDeps): HandlerGroup<'stationDayReport'> {
  return {
    stationDayReport: (arg) => {
      const now = d.clock.now();
      const s = d.session();
      return stationDayReport(
        {
          journal: s.journal,
          environment: s.environment,
          shifts: s.shifts,
          operatorName: (id) => s.reference.cached().operators.find((o) => o.id === id)?.name ?? null,
          statement: (date) => statementOf(s.client, date),
          stationName: d.info().stationName,
          now,
          log: d.log,
        },
        arg?.date ?? cairoDate(now),
      );
    },
  };
}
