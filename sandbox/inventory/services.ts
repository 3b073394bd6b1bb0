// The services of the timetable (./timetable.ts): one per operator, city pair and local time,
// each with its coach, trip time, boarding points and priced fare classes.
//
// What the seed moves: inner spread times, weekend extras, the coach of each departure, the
// trip time within the corridor's range, boarding points and fares within the corridor's range.
// Fares are the same both ways and for every departure of an operator with the same coach.

import { parseHhmm } from '../../core/cairo-time.ts';
import { classSpec, layoutClasses, layoutIdOf } from './layouts.ts';
import { OPERATOR_TABLE, operatorIdOf, type OperatorSpec } from './operators.ts';
import { createRng, opaqueId, type Rng } from './prng.ts';
import type { StationDirectory } from './stations.ts';
import { CORRIDORS, type Corridor } from './timetable.ts';
import type { Amenity, CoachLayout, FareClass, InventoryCity, Service, Weekday } from './types.ts';

/** Trips at least this long use the operator's long-haul coaches (with a WC). */
const LONG_HAUL_MINUTES = 240;
const ALL_DAYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const WEEKEND_EXTRA: readonly Weekday[] = ['thu', 'fri', 'sat'];
const AMENITY_ORDER: readonly Amenity[] = [
  'air_conditioning', 'wifi', 'usb', 'power_socket', 'toilet', 'entertainment', 'refreshments', 'blanket', 'extra_legroom',
];

interface PlannedDeparture {
  minutes: number; // after local midnight
  runs_on: readonly Weekday[];
  multiStop: boolean;
  noEta: boolean;
}

/** The element at `index` modulo the length (lists here are never empty). */
function nth<T>(items: readonly T[], index: number): T {
  const item = items[index % items.length];
  if (item === undefined) throw new RangeError('nth of an empty list');
  return item;
}

function hhmm(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

function parseDays(list: string): Weekday[] {
  const days = list.split(',');
  for (const d of days) if (!ALL_DAYS.includes(d as Weekday)) throw new Error(`timetable: unknown weekday "${d}"`);
  return ALL_DAYS.filter((d) => days.includes(d));
}

/** Departures of one timetable entry (see the top of the file). */
function planEntry(entry: string, rng: Rng): PlannedDeparture[] {
  const tokens = entry.trim().split(/\s+/);
  const daysToken = tokens.find((t) => t.startsWith('days='));
  const runs_on = daysToken ? parseDays(daysToken.slice(5)) : ALL_DAYS;
  const multiStop = tokens.includes('multi');
  const noEta = tokens.includes('noeta');
  const planned: PlannedDeparture[] = [];
  const add = (minutes: number, days: readonly Weekday[]) => {
    const m = ((minutes % 1440) + 1440) % 1440;
    if (!planned.some((p) => p.minutes === m)) planned.push({ minutes: m, runs_on: days, multiStop, noEta });
  };
  for (const token of tokens) {
    const spread = /^(\d\d:\d\d)-(\d\d:\d\d)\*(\d+)$/.exec(token);
    if (spread) {
      const first = parseHhmm(spread[1] as string);
      let last = parseHhmm(spread[2] as string);
      if (last <= first) last += 1440;
      const n = Number(spread[3]);
      for (let i = 0; i < n; i++) {
        const inner = i > 0 && i < n - 1;
        const at = n === 1 ? first : first + (i * (last - first)) / (n - 1);
        const jitter = inner ? rng.pick([-15, 0, 0, 15]) : 0;
        const weekendOnly = inner && n >= 6 && runs_on === ALL_DAYS && rng.chance(0.12);
        add(Math.round(at / 15) * 15 + jitter, weekendOnly ? WEEKEND_EXTRA : runs_on);
      }
    } else if (/^\d\d:\d\d$/.test(token)) {
      add(parseHhmm(token), runs_on);
    } else if (token !== 'multi' && token !== 'noeta' && token !== daysToken) {
      throw new Error(`timetable: unknown token "${token}"`);
    }
  }
  return planned;
}

/** Rounded to 5 EGP from 100 EGP up, else to the pound; in piastres. */
function roundFare(egp: number): number {
  const step = egp >= 100 ? 5 : 1;
  return Math.round(egp / step) * step * 100;
}

/** NET fares of a layout's classes for one operator on one corridor (same both ways), cheapest first. */
function priceClasses(seed: number, c: Corridor, op: OperatorSpec, layout: CoachLayout): readonly FareClass[] {
  const [lo, hi] = c.fare;
  const minMinor = Math.ceil(lo / 5) * 500;
  const maxMinor = Math.floor(hi / 5) * 500;
  const pair = [c.a, c.b].sort().join('|');
  const hasWc = layout.cells.some((cell) => cell.kind === 'WC');
  const classes: FareClass[] = [];
  for (const name of layoutClasses(layout)) {
    const spec = classSpec(name);
    const jitter = createRng(`${seed}|fare|${op.key}|${pair}|${name}`).next() * 0.08;
    const t = Math.min(1, Math.max(0, spec.tier + op.price_bias + jitter));
    let price = Math.min(maxMinor, Math.max(minMinor, roundFare(lo + t * (hi - lo))));
    const previous = classes.at(-1);
    if (previous && price <= previous.price_minor) price = Math.min(maxMinor, previous.price_minor + 500);
    const features: string[] = [...spec.amenities];
    if (hasWc) features.push('toilet');
    classes.push({ name, price_minor: price, features: AMENITY_ORDER.filter((a) => features.includes(a)) });
  }
  return classes;
}

export interface ServiceInputs {
  seed: number;
  cityByName: ReadonlyMap<string, InventoryCity>;
  layoutById: ReadonlyMap<string, CoachLayout>;
  stations: StationDirectory;
}

export function buildServices({ seed, cityByName, layoutById, stations }: ServiceInputs): Service[] {
  const services: Service[] = [];
  const ids = new Set<string>();
  const city = (name: string): InventoryCity => {
    const found = cityByName.get(name);
    if (!found) throw new Error(`timetable: unknown city "${name}"`);
    return found;
  };
  for (const c of CORRIDORS) {
    const [minLo, minHi] = c.minutes;
    if (minLo % 5 !== 0 || minHi % 5 !== 0 || minLo > minHi) throw new Error(`corridor ${c.a}-${c.b}: bad minutes`);
    const fareCache = new Map<string, readonly FareClass[]>(); // by operator and coach, both ways
    const faresFor = (op: OperatorSpec, layout: CoachLayout): readonly FareClass[] => {
      const key = `${op.key}|${layout.id}`;
      let fares = fareCache.get(key);
      if (!fares) fareCache.set(key, (fares = priceClasses(seed, c, op, layout)));
      return fares;
    };
    for (const [from, to] of [[c.a, c.b], [c.b, c.a]] as const) {
      const origin = city(from);
      const destination = city(to);
      for (const op of OPERATOR_TABLE) {
        const spec = c.timetable[op.key];
        if (spec === undefined) continue;
        const entries = typeof spec === 'string' ? [spec] : spec;
        const rng = createRng(`${seed}|timetable|${op.key}|${from}|${to}`);
        const planned = entries.flatMap((entry) => planEntry(entry, rng)).sort((x, y) => x.minutes - y.minutes);
        const fleet = minHi >= LONG_HAUL_MINUTES ? op.fleet.long : op.fleet.short;
        const boarding = stations.stationsFor(origin.id, op.key);
        const alighting = stations.stationsFor(destination.id, op.key);
        const boardingOffset = rng.int(0, boarding.length - 1);
        planned.forEach((p, i) => {
          const departs_local = hhmm(p.minutes);
          const id = opaqueId('svc_', `${seed}|${op.key}|${from}|${to}|${departs_local}`);
          if (ids.has(id)) return; // the same departure listed twice
          ids.add(id);
          const layout = layoutById.get(layoutIdOf(rng.pick(fleet)));
          if (!layout) throw new Error(`operator ${op.key}: unknown layout`);
          const duration = 5 * rng.int(minLo / 5, minHi / 5);
          const arrivalStation = rng.pick(alighting);
          const fare_classes = faresFor(op, layout).map((f) => ({ ...f, features: [...f.features] }));
          services.push({
            id,
            operator_id: operatorIdOf(op.key),
            origin_city_id: origin.id,
            destination_city_id: destination.id,
            origin_station_id: nth(boarding, i + boardingOffset).id,
            destination_station_id: p.multiStop ? null : arrivalStation.id,
            departs_local,
            duration_minutes: p.noEta ? null : duration,
            runs_on: [...p.runs_on],
            layout_id: layout.id,
            seat_class: fare_classes[0]?.name ?? null,
            fare_classes,
            amenities: AMENITY_ORDER.filter((a) => fare_classes.some((f) => f.features.includes(a))),
          });
        });
      }
    }
  }
  return services;
}
