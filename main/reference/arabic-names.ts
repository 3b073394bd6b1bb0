import type { ReferenceService } from './service.ts';

/** Cities and operators by their Arabic names, as the reference data last read gives them (null: none known). Paper in Arabic names them so. */
export interface ArabicNames {
  /** A city by its id. */
  city(cityId: string | null): string | null;
  /** A city by the (English) name an earlier answer of the API gave it: what a route written at the sale records. */
  cityNamed(name: string): string | null;
  operator(operatorId: string | null): string | null;
}

export function arabicNames(reference: Pick<ReferenceService, 'cached'>): ArabicNames {
  const { cities, operators } = reference.cached();
  const byId = new Map<string, string>();
  const byName = new Map<string, string>();
  for (const c of cities) {
    if (!c.name_ar) continue;
    byId.set(c.id, c.name_ar);
    byName.set(c.name, c.name_ar);
  }
  const operatorById = new Map(operators.flatMap((o) => (o.name_ar ? [[o.id, o.name_ar] as const] : [])));
  return {
    city: (id) => (id === null ? null : (byId.get(id) ?? null)),
    cityNamed: (name) => byName.get(name) ?? null,
    operator: (id) => (id === null ? null : (operatorById.get(id) ?? null)),
  };
}
