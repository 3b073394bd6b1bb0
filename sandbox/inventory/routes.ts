// The routes list: one summary per city pair with services, over a whole week.

import type { InventoryCity, RouteSummary, Service, Weekday } from './types.ts';

const WEEK: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const byName = new Intl.Collator('en').compare;

export function buildRoutes(services: readonly Service[], cityById: ReadonlyMap<string, InventoryCity>): RouteSummary[] {
  const byPair = new Map<string, Service[]>();
  for (const s of services) {
    const key = `${s.origin_city_id}>${s.destination_city_id}`;
    const list = byPair.get(key);
    if (list) list.push(s);
    else byPair.set(key, [s]);
  }
  const routes: RouteSummary[] = [];
  for (const list of byPair.values()) {
    const first = list[0] as Service;
    const origin = cityById.get(first.origin_city_id);
    const destination = cityById.get(first.destination_city_id);
    if (!origin || !destination) throw new Error(`routes: unknown city on service ${first.id}`);
    const durations = list.flatMap((s) => (s.duration_minutes === null ? [] : [s.duration_minutes]));
    if (durations.length === 0) throw new Error(`routes: ${origin.name}-${destination.name} has no published duration`);
    const weeklyDepartures = list.reduce((sum, s) => sum + s.runs_on.length, 0);
    routes.push({
      origin_id: origin.id,
      destination_id: destination.id,
      origin_name: origin.name,
      destination_name: destination.name,
      operator_ids: [...new Set(list.map((s) => s.operator_id))].sort(),
      // Rounded weekly average; at least 1, since a listed route does run (e.g. 3 days a week).
      departures_per_day: Math.max(1, Math.round(weeklyDepartures / WEEK.length)),
      duration_minutes: { min: Math.min(...durations), max: Math.max(...durations) },
      runs_on: WEEK.filter((d) => list.some((s) => s.runs_on.includes(d))),
      days_checked: [...WEEK],
    });
  }
  return routes.sort((x, y) => byName(x.origin_name, y.origin_name) || byName(x.destination_name, y.destination_name));
}
