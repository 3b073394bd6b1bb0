import type { CounterDeps, HandlerGroup } from '../deps.ts';

export function pricingHandlers(d: CounterDeps): HandlerGroup<'listMarkupRules' | 'saveMarkupRule' | 'deleteMarkupRule'> {
  return {
    listMarkupRules: () => d.session().rules.list(),
    saveMarkupRule: (a) => d.session().rules.save(a, d.agent()),
    deleteMarkupRule: ({ id }) => d.session().rules.delete(id, d.agent()),
  };
}
