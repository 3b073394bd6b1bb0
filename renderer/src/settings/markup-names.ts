// The names a markup rule is shown with: its operator and cities in the agent's language, from
// the reference data (the id itself when the reference data does not know it).
import type { MarkupRule, ReferenceData } from '../../../contract/counter.ts';
import type { Locale, Translate } from '../i18n/index.ts';

export type PlaceNames = ReturnType<typeof placeNames>;

export function placeNames(ref: ReferenceData | null, locale: Locale) {
  const cities = new Map((ref?.cities ?? []).map((c) => [c.id, locale === 'ar' ? (c.name_ar ?? c.name) : c.name]));
  const operators = new Map((ref?.operators ?? []).map((o) => [o.id, locale === 'ar' ? (o.name_ar ?? o.name) : o.name]));
  return {
    city: (id: string) => cities.get(id) ?? id,
    operator: (id: string) => operators.get(id) ?? id,
    cities,
    operators,
  };
}

/** A rule in one line (operator · route · class), for the accessible names of its buttons. */
export function describeRule(
  r: Pick<MarkupRule, 'operatorId' | 'originId' | 'destinationId' | 'fareClass'>,
  n: PlaceNames,
  label: Translate,
): string {
  return [
    r.operatorId ? n.operator(r.operatorId) : label('settings.prices.anyOperator'),
    label('settings.prices.route', {
      from: r.originId ? n.city(r.originId) : label('settings.any'),
      to: r.destinationId ? n.city(r.destinationId) : label('settings.any'),
    }),
    r.fareClass ?? label('settings.prices.anyClass'),
  ].join(' · ');
}
