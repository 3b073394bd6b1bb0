import { cairoDate } from '../../core/cairo-time.ts';
import type { CounterDeps, HandlerGroup } from '../deps.ts';
import { statementOf } from '../reports/station-day.ts';
import type { StationLink } from './link.ts';

export function stationHandlers(d: CounterDeps, link: StationLink): HandlerGroup<'stationStatus' | 'connectStation' | 'disconnectStation' | 'stationReport'> {
  return {
    stationStatus: () => link.status(),
    connectStation: (input) => link.connect(input),
    disconnectStation: () => link.disconnect(),
    stationReport: (arg) => link.report(arg?.date ?? cairoDate(d.clock.now()), (date) => statementOf(d.session().client, date)),
  };
}
