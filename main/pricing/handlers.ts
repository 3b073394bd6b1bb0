import type { CounterDeps, HandlerGroup } from '../deps.ts';
import type { StationWideSettings } from '../station/station-wide.ts';

export function pricingHandlers(d: CounterDeps, stationWide: StationWideSettings): HandlerGroup<'listMarkupRules' | 'saveMarkupRule' | 'deleteMarkupRule'> {
  const list = () => d.session().rules.list();
  return {
    listMarkupRules: () => list(),
    saveMarkupRule: async (a) => {
      await stationWide.saveRule(a, d.agent());
      return list();
    },
    deleteMarkupRule: async ({ id }) => {
      await stationWide.deleteRule(id, d.agent());
      return list();
    },
  };
}
