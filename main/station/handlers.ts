import { cairoDate } from '../../core/cairo-time.ts';
import type { CounterDeps, HandlerGroup } from '../deps.ts';
import { statementOf } from '../reports/station-day.ts';
import type { StationLink } from './link.ts';
import type { StationWideSettings } from './station-wide.ts';

type StationCalls = 'stationStatus' | 'connectStation' | 'disconnectStation' | 'renameStation' | 'stationReport';

export function stationHandlers(d: CounterDeps, link: StationLink, stationWide: StationWideSettings): HandlerGroup<StationCalls> {
  return {
    stationStatus: () => link.status(),
    connectStation: (input) => {
      const by = d.agent();
      return link.connect(input, { agentId: by.id, agentName: by.name });
    },
    disconnectStation: () => link.disconnect(),
    renameStation: async ({ stationName }) => {
      await stationWide.renameStation(stationName, d.agent());
      return link.status();
    },
    stationReport: (arg) => link.report(arg?.date ?? cairoDate(d.clock.now()), (date) => statementOf(d.session().client, date)),
  };
}
