import type { ActingAgent, HandlerGroup } from '../deps.ts';
import type { StationWideSettings } from '../station/station-wide.ts';
import type { MarkupRules } from './rules.ts';

export interface PricingHandlerDeps {
  /** The markup rules of the environment in force (main/deps.ts `Current`: why a getter). */
  rules: () => MarkupRules;
  /** Where a supervisor's change goes: the station's stream or this journal. */
  stationWide: Pick<StationWideSettings, 'saveRule' | 'deleteRule'>;
  agent: ActingAgent;
}

export function pricingHandlers(d: PricingHandlerDeps): HandlerGroup<'listMarkupRules' | 'saveMarkupRule' | 'deleteMarkupRule'> {
  const list = () => d.rules().list();
  return {
    listMarkupRules: () => list(),
    saveMarkupRule: async (a) => {
      await d.stationWide.saveRule(a, d.agent());
      return list();
    },
    deleteMarkupRule: async ({ id }) => {
      await d.stationWide.deleteRule(id, d.agent());
      return list();
    },
  };
}
