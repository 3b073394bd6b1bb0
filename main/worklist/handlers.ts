import type { ActingAgent, HandlerGroup } from '../deps.ts';
import type { TripWatcher } from './watcher.ts';

export interface WorklistHandlerDeps {
  /** The trip watcher of the environment in force (main/deps.ts `Current`: why a getter). */
  trips: () => TripWatcher;
  agent: ActingAgent;
}

export function worklistHandlers(d: WorklistHandlerDeps): HandlerGroup<'worklist' | 'checkTrips' | 'markCalled'> {
  return {
    worklist: () => d.trips().list(),
    checkTrips: async () => {
      const trips = d.trips();
      await trips.check();
      return trips.list();
    },
    markCalled: ({ saleId, version }) => d.trips().markCalled(saleId, version, d.agent()),
  };
}
