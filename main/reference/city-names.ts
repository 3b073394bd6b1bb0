import type { ReferenceService } from './service.ts';

/** Each city's Arabic name as the reference data last read gives it, by id (null: none known). Paper in Arabic names cities by it. */
export function arabicCityNames(reference: Pick<ReferenceService, 'cached'>): (cityId: string | null) => string | null {
  const names = new Map<string, string>();
  for (const c of reference.cached().cities) if (c.name_ar) names.set(c.id, c.name_ar);
  return (id) => (id === null ? null : (names.get(id) ?? null));
}
