import type { CounterDeps, HandlerGroup } from '../deps.ts';

export function referenceHandlers(d: CounterDeps): HandlerGroup<'listCities' | 'referenceData' | 'refreshReference'> {
  return {
    listCities: async () => (await d.session().reference.data()).cities,
    referenceData: () => d.session().reference.data(),
    refreshReference: () => d.session().reference.refresh(),
  };
}
