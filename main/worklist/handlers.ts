import type { CounterDeps, HandlerGroup } from '../deps.ts';

export function worklistHandlers(d: CounterDeps): HandlerGroup<'worklist' | 'checkTrips' | 'markCalled'> {
  return {
    worklist: () => d.session().trips.list(),
    checkTrips: async () => {
      const trips = d.session().trips;
      await trips.check();
      return trips.list();
    },
    markCalled: ({ saleId, version }) => d.session().trips.markCalled(saleId, version, d.agent()),
  };
}
