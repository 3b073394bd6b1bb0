import { cairoDate } from '../clock.ts';
import type { CounterDeps, HandlerGroup } from '../deps.ts';
import { stationDayReport } from './station-day.ts';

export function reportHandlers(d: CounterDeps): HandlerGroup<'stationDayReport'> {
  return {
    stationDayReport: (arg) => {
      const now = d.clock.now();
      return stationDayReport({ session: d.session(), stationName: d.info().stationName, now, log: d.log }, arg?.date ?? cairoDate(now));
    },
  };
}
