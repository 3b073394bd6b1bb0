import type { MarkupRuleFields } from '../journal/entries.ts';

/** What a price is for: the fields a markup rule can be specific about (null = unknown). */
export interface PriceContext {
  operatorId: string | null;
  originId: string | null;
  destinationId: string | null;
  fareClass: string | null;
}

export interface Rule extends MarkupRuleFields {
  id: string;
  changedAt: string;
}

/**
 * How specific a rule is. A rule applies when every field it names matches; among the rules
 * that apply the most specific wins, by these weights:
 *   operator 8 > origin 2 = destination 2 (a whole route 4) > fare class 1 > nothing 0
 * so: operator+route+class > operator+route > operator+class > operator > route+class >
 * route > origin or destination alone (+class) > class > the default rule (all fields null).
 * Equal weight: the most recently changed rule wins, then the smaller id (deterministic).
 */
const WEIGHT = { operatorId: 8, originId: 2, destinationId: 2, fareClass: 1 } as const;
const FIELDS = Object.keys(WEIGHT) as (keyof typeof WEIGHT)[];

export function specificity(rule: MarkupRuleFields): number {
  return FIELDS.reduce((sum, f) => (rule[f] === null ? sum : sum + WEIGHT[f]), 0);
}

export function applies(rule: MarkupRuleFields, ctx: PriceContext): boolean {
  return FIELDS.every((f) => rule[f] === null || rule[f] === ctx[f]);
}

export function chooseRule<R extends Rule>(rules: readonly R[], ctx: PriceContext): R | null {
  let best: R | null = null;
  for (const r of rules) {
    if (!applies(r, ctx)) continue;
    if (best === null) {
      best = r;
      continue;
    }
    const d = specificity(r) - specificity(best);
    if (d > 0 || (d === 0 && (r.changedAt > best.changedAt || (r.changedAt === best.changedAt && r.id < best.id)))) {
      best = r;
    }
  }
  return best;
}

/** The station's out-of-the-box rule, so TRAINING sells at a sensible retail price. */
export const DEFAULT_RULE: MarkupRuleFields & { id: string } = {
  id: 'default',
  operatorId: null,
  originId: null,
  destinationId: null,
  fareClass: null,
  percent: 10,
  fixedMinor: 0,
};
