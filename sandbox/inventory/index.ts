// The sandbox's inventory: cities, operators, stations, coaches and timetables of the simulated
// Partner API, and the dated departures they make. Everything is a pure function of the seed
// (and, for departures, of the date): nothing is pre-generated per day, any date works.

import { cairoInstant, isLocalDate, localIso, weekdayOf } from '../../core/cairo-time.ts';
import { buildCities } from './cities.ts';
import { buildLayouts } from './layouts.ts';
import { buildOperators } from './operators.ts';
import { createRng } from './prng.ts';
import { buildRoutes } from './routes.ts';
import { buildServices } from './services.ts';
import { buildStations } from './stations.ts';
import { servedCityNames } from './timetable.ts';
import type { Departure, Inventory, Service } from './types.ts';

export type * from './types.ts';
export { localIso } from '../../core/cairo-time.ts';

export const DEFAULT_SEED = 20261121;

export function buildInventory(seed: number = DEFAULT_SEED): Inventory {
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be an integer: ${seed}`);
  const cities = buildCities();
  const cityByName = new Map(cities.map((c) => [c.name, c]));
  const cityById = new Map(cities.map((c) => [c.id, c]));
  const served = new Set(servedCityNames());
  const directory = buildStations(cities.filter((c) => served.has(c.name)));
  const layouts = buildLayouts();
  const layoutById = new Map(layouts.map((l) => [l.id, l]));
  const operators = buildOperators();
  const services = buildServices({ seed, cityByName, layoutById, stations: directory });
  return {
    seed,
    cities,
    operators,
    stations: directory.stations,
    layouts,
    services,
    cityById,
    operatorById: new Map(operators.map((o) => [o.id, o])),
    stationById: new Map(directory.stations.map((s) => [s.id, s])),
    layoutById,
    routes: buildRoutes(services, cityById),
  };
}

let cachedDefault: Inventory | undefined;

/** The inventory of DEFAULT_SEED, built once. */
export function defaultInventory(): Inventory {
  cachedDefault ??= buildInventory(DEFAULT_SEED);
  return cachedDefault;
}

interface Index {
  byPair: Map<string, Service[]>;
  byId: Map<string, Service>;
}

const indexes = new WeakMap<Inventory, Index>();

function indexOf(inv: Inventory): Index {
  let index = indexes.get(inv);
  if (!index) {
    index = { byPair: new Map(), byId: new Map() };
    for (const s of inv.services) {
      const key = `${s.origin_city_id}>${s.destination_city_id}`;
      const list = index.byPair.get(key);
      if (list) list.push(s);
      else index.byPair.set(key, [s]);
      index.byId.set(s.id, s);
    }
    indexes.set(inv, index);
  }
  return index;
}

function toDeparture(service: Service, date: string): Departure {
  return {
    key: `${service.id}@${date}`,
    service,
    date,
    departure_at: localIso(date, service.departs_local),
    arrival_at: service.duration_minutes === null ? null : localIso(date, service.departs_local, service.duration_minutes),
  };
}

/**
 * Every departure on a city pair on a local date ('YYYY-MM-DD'): the services that run on that
 * date's weekday, sorted by departure instant. A malformed date or unknown pair gives [].
 */
export function departuresFor(inv: Inventory, originCityId: string, destinationCityId: string, date: string): Departure[] {
  if (!isLocalDate(date)) return [];
  const services = indexOf(inv).byPair.get(`${originCityId}>${destinationCityId}`) ?? [];
  const weekday = weekdayOf(date);
  return services
    .filter((s) => s.runs_on.includes(weekday))
    .map((s) => ({ departure: toDeparture(s, date), at: cairoInstant(date, s.departs_local) }))
    .sort((x, y) => x.at - y.at || (x.departure.service.id < y.departure.service.id ? -1 : 1))
    .map((x) => x.departure);
}

const KEY_RE = /^(svc_[0-9a-z]+)@(\d{4}-\d{2}-\d{2})$/;

/** The dated departure `${service.id}@${date}`, or null when unknown or not running that day. */
export function departureByKey(inv: Inventory, key: string): Departure | null {
  const [, serviceId = '', date = ''] = KEY_RE.exec(key) ?? [];
  const service = indexOf(inv).byId.get(serviceId);
  if (!service || !isLocalDate(date) || !service.runs_on.includes(weekdayOf(date))) return null;
  return toDeparture(service, date);
}

/** Most of a coach other channels may have sold before the departure is first looked at. */
const MAX_SOLD_SHARE = 0.6;
const DAY_MS = 86_400_000;

/**
 * Seat numbers already sold by other channels when a departure is first looked at: a pure
 * function of the seed and the key, 0-60% of the coach depending on a hash of the key. With
 * `asOfMs` (the simulated "now" of that first look), nearer departures are fuller: the share
 * is kept whole within a day of departure and shrinks to a quarter at 60 days or more.
 * Unknown keys give an empty set.
 */
export function initialOccupancy(inv: Inventory, departureKey: string, asOfMs?: number): Set<string> {
  const departure = departureByKey(inv, departureKey);
  const layout = departure && inv.layoutById.get(departure.service.layout_id);
  if (!departure || !layout) return new Set();
  const rng = createRng(`${inv.seed}|occupancy|${departureKey}`);
  let share = MAX_SOLD_SHARE * rng.next();
  if (asOfMs !== undefined) {
    const daysAhead = (cairoInstant(departure.date, departure.service.departs_local) - asOfMs) / DAY_MS;
    const lead = Math.min(1, Math.max(0, (daysAhead - 1) / 59));
    share *= 1 - 0.75 * lead;
  }
  const sold = Math.floor(share * layout.seats.length);
  return new Set(rng.shuffle(layout.seats.map((s) => s.number)).slice(0, sold));
}
