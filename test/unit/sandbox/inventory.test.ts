import { describe, expect, it } from 'vitest';
import { addDays, cairoDate } from '../../../core/cairo-time.ts';
import {
  buildInventory,
  DEFAULT_SEED,
  defaultInventory,
  departureByKey,
  departuresFor,
  initialOccupancy,
  type Amenity,
  type CoachLayout,
  type Departure,
  type Inventory,
  type Service,
} from '../../../sandbox/inventory/index.ts';

const SEEDS = [DEFAULT_SEED, 1, 424242];
const inventories = SEEDS.map((seed) => buildInventory(seed));
const inv = defaultInventory();

const AMENITIES: readonly Amenity[] = [
  'usb', 'wifi', 'toilet', 'air_conditioning', 'entertainment', 'refreshments', 'blanket', 'extra_legroom', 'power_socket',
];
const ARABIC = /^[\u0600-\u06FF0-9\s()،.-]+$/;
const HAS_ARABIC_LETTER = /[\u0621-\u064A]/;

function cityId(i: Inventory, name: string): string {
  const city = i.cities.find((c) => c.name === name);
  if (!city) throw new Error(`no city ${name}`);
  return city.id;
}

function servicesOn(i: Inventory, from: string, to: string): Service[] {
  const [o, d] = [cityId(i, from), cityId(i, to)];
  return i.services.filter((s) => s.origin_city_id === o && s.destination_city_id === d);
}

function layoutOf(i: Inventory, s: Service): CoachLayout {
  const layout = i.layoutById.get(s.layout_id);
  if (!layout) throw new Error(`no layout ${s.layout_id}`);
  return layout;
}

describe('inventory: determinism', () => {
  it('builds the same inventory for the same seed', () => {
    expect(buildInventory(DEFAULT_SEED)).toEqual(inventories[0]);
    expect(buildInventory()).toEqual(inventories[0]);
    expect(defaultInventory()).toBe(defaultInventory());
    expect(inv.seed).toBe(DEFAULT_SEED);
  });

  it('differs somewhere for another seed, while reference ids stay put', () => {
    const [a, b] = inventories as [Inventory, Inventory];
    expect(a.services).not.toEqual(b.services);
    expect(a.cities).toEqual(b.cities);
    expect(a.operators).toEqual(b.operators);
    expect(a.stations).toEqual(b.stations);
  });
});

describe('inventory: cities', () => {
  it('holds 121 Egyptian cities with unique opaque ids and names', () => {
    expect(inv.cities).toHaveLength(121);
    expect(new Set(inv.cities.map((c) => c.id)).size).toBe(121);
    expect(new Set(inv.cities.map((c) => c.name)).size).toBe(121);
    expect(new Set(inv.cities.map((c) => c.name_ar)).size).toBe(121);
    for (const c of inv.cities) {
      expect(c.id).toMatch(/^cty_[0-9a-z]{10}$/);
      expect(c.id.slice(4)).not.toContain(c.name.toLowerCase().replace(/[^a-z]/g, '').slice(0, 4));
      expect(c.country).toBe('EG');
      expect(c.name_ar).toMatch(ARABIC);
      expect(c.name_ar).toMatch(HAS_ARABIC_LETTER);
      expect(inv.cityById.get(c.id)).toBe(c);
    }
    // Not sequential: the ids are not in the order of the list.
    const ids = inv.cities.map((c) => c.id);
    expect([...ids].sort()).not.toEqual(ids);
  });

  it('includes the big cities with their Arabic names', () => {
    const ar = new Map(inv.cities.map((c) => [c.name, c.name_ar]));
    expect(ar.get('Cairo')).toBe('القاهرة');
    expect(ar.get('Alexandria')).toBe('الإسكندرية');
    expect(ar.get('Hurghada')).toBe('الغردقة');
    expect(ar.get('Sharm El Sheikh')).toBe('شرم الشيخ');
    expect(ar.get('Dahab')).toBe('دهب');
    expect(ar.get('Luxor')).toBe('الأقصر');
    expect(ar.get('Aswan')).toBe('أسوان');
    expect(ar.get('Marsa Matrouh')).toBe('مرسى مطروح');
    for (const name of [
      'Giza', 'Nuweiba', 'Taba', 'El Alamein', 'Siwa', 'Port Said', 'Ismailia', 'Suez', 'Tanta', 'Mansoura',
      'Zagazig', 'Damietta', 'Kafr El Sheikh', 'Damanhour', 'Banha', 'Shebin El Kom', 'Minya', 'Asyut', 'Sohag',
      'Qena', 'Beni Suef', 'Fayoum', 'El Gouna', 'Safaga', 'Marsa Alam', 'El Quseir', 'Ras Gharib', 'Ain Sokhna',
      'Kharga', 'Dakhla', 'Farafra', 'Edfu', 'Kom Ombo', 'Esna', 'Abu Simbel', 'Mallawi', 'Dairut', 'Nag Hammadi',
      'Arish', 'Ras Sedr', 'Saint Catherine', '6th of October', '10th of Ramadan', 'Sadat City', 'Obour',
      'New Cairo', 'Sheikh Zayed', 'Borg El Arab',
    ]) {
      expect(ar.has(name), name).toBe(true);
    }
  });
});

describe('inventory: operators and stations', () => {
  it('lists real operators, with and without seat selection and logos', () => {
    const names = inv.operators.map((o) => o.name);
    for (const name of ['Go Bus', 'Blue Bus', 'Super Jet', 'West & Mid Delta Bus', 'East Delta Travel', 'Upper Egypt Bus']) {
      expect(names).toContain(name);
    }
    expect(new Set(inv.operators.map((o) => o.id)).size).toBe(inv.operators.length);
    for (const o of inv.operators) {
      expect(o.id).toMatch(/^opr_[0-9a-z]{10}$/);
      expect(o.name_ar).toMatch(HAS_ARABIC_LETTER);
      if (o.logo_url !== null) expect(o.logo_url).toMatch(/^https:\/\/[^/]+\/.*logos\/[a-z0-9-]+\.png$/);
    }
    expect(inv.operators.some((o) => o.logo_url === null)).toBe(true);
    expect(inv.operators.some((o) => o.logo_url !== null)).toBe(true);
    expect(inv.operators.some((o) => !o.seat_selection)).toBe(true);
    expect(inv.operators.filter((o) => o.seat_selection).length).toBeGreaterThan(inv.operators.length / 2);
  });

  it('has Arabic station names, verified stations with all four position fields, the others with none', () => {
    expect(new Set(inv.stations.map((s) => s.id)).size).toBe(inv.stations.length);
    for (const s of inv.stations) {
      expect(s.id).toMatch(/^stn_[0-9a-z]{10}$/);
      expect(inv.cityById.has(s.city_id)).toBe(true);
      expect(s.name_ar).toMatch(HAS_ARABIC_LETTER);
      const fields = [s.latitude, s.longitude, s.address, s.address_ar];
      expect(fields.every((f) => f === null) || fields.every((f) => f !== null), s.name).toBe(true);
      if (s.latitude !== null && s.longitude !== null) {
        // Inside Egypt.
        expect(s.latitude).toBeGreaterThan(22);
        expect(s.latitude).toBeLessThan(31.7);
        expect(s.longitude).toBeGreaterThan(24.7);
        expect(s.longitude).toBeLessThan(36.9);
        expect(s.address_ar).toMatch(HAS_ARABIC_LETTER);
      }
    }
    expect(inv.stations.filter((s) => s.latitude !== null).length).toBeGreaterThanOrEqual(10);
    expect(inv.stations.filter((s) => s.latitude === null).length).toBeGreaterThanOrEqual(10);
    const cairo = inv.stations.filter((s) => s.city_id === cityId(inv, 'Cairo')).map((s) => s.name_ar);
    expect(cairo).toContain('موقف الترجمان');
    expect(cairo.length).toBeGreaterThanOrEqual(4);
    expect(inv.stations.filter((s) => s.city_id === cityId(inv, 'Alexandria')).length).toBeGreaterThanOrEqual(3);
  });

  it('boards and drops every service at a station of the right city', () => {
    for (const s of inv.services) {
      expect(inv.stationById.get(s.origin_station_id)?.city_id).toBe(s.origin_city_id);
      if (s.destination_station_id !== null) {
        expect(inv.stationById.get(s.destination_station_id)?.city_id).toBe(s.destination_city_id);
      }
    }
  });
});

describe('inventory: corridors', () => {
  // [from, to, minimum minutes, maximum minutes]
  const REQUIRED: ReadonlyArray<readonly [string, string, number, number]> = [
    ['Cairo', 'Alexandria', 160, 210],
    ['Cairo', 'Hurghada', 360, 420],
    ['Cairo', 'Sharm El Sheikh', 360, 420],
    ['Cairo', 'Luxor', 540, 660],
    ['Cairo', 'Aswan', 720, 840],
    ['Cairo', 'Dahab', 480, 540],
    ['Cairo', 'Marsa Matrouh', 300, 360],
    ['Cairo', 'Siwa', 540, 660],
    ['Alexandria', 'Hurghada', 540, 600],
    ['Alexandria', 'Marsa Matrouh', 210, 270],
    ['Luxor', 'Aswan', 180, 240],
    ['Hurghada', 'Luxor', 240, 300],
    ['Cairo', 'Port Said', 120, 180],
    ['Cairo', 'Ismailia', 120, 180],
    ['Cairo', 'Suez', 120, 180],
    ['Cairo', 'Tanta', 60, 180],
    ['Cairo', 'Mansoura', 60, 180],
    ['Cairo', 'Zagazig', 60, 180],
    ['Cairo', 'Banha', 45, 180],
    ['Cairo', 'Minya', 180, 270],
    ['Cairo', 'Asyut', 300, 420],
    ['Cairo', 'Nuweiba', 360, 540],
    ['Cairo', 'Taba', 360, 480],
  ];

  it.each(REQUIRED)('%s <-> %s runs both ways within %i-%i minutes', (a, b, lo, hi) => {
    for (const i of inventories) {
      for (const [from, to] of [[a, b], [b, a]] as const) {
        const services = servicesOn(i, from, to);
        expect(services.length, `${from} -> ${to}`).toBeGreaterThan(0);
        const durations = services.flatMap((s) => (s.duration_minutes === null ? [] : [s.duration_minutes]));
        expect(durations.length).toBeGreaterThan(0);
        expect(Math.min(...durations)).toBeGreaterThanOrEqual(lo);
        expect(Math.max(...durations)).toBeLessThanOrEqual(hi);
      }
    }
  });

  it('runs the main corridor often, with several operators, from early morning to past midnight', () => {
    const services = servicesOn(inv, 'Cairo', 'Alexandria');
    expect(services.length).toBeGreaterThanOrEqual(40);
    expect(new Set(services.map((s) => s.operator_id)).size).toBeGreaterThanOrEqual(4);
    const times = services.map((s) => s.departs_local).sort();
    expect(times[0]! < '06:00').toBe(true);
    expect(times.at(-1)! >= '23:00').toBe(true);
  });

  it('has non-daily services, multi-stop arrivals and services without a published arrival', () => {
    for (const i of inventories) {
      expect(i.services.some((s) => s.runs_on.length < 7)).toBe(true);
      expect(i.services.some((s) => s.destination_station_id === null)).toBe(true);
      const noEta = i.services.filter((s) => s.duration_minutes === null).length;
      expect(noEta).toBeGreaterThan(0);
      expect(noEta).toBeLessThan(i.services.length / 20);
    }
  });

  it('keeps service ids unique and well formed, and the timetable well formed', () => {
    for (const i of inventories) {
      expect(new Set(i.services.map((s) => s.id)).size).toBe(i.services.length);
      const problems = i.services.flatMap((s) => [
        ...(/^svc_[0-9a-z]{10}$/.test(s.id) ? [] : [`${s.id}: id`]),
        ...(/^([01]\d|2[0-3]):[0-5]\d$/.test(s.departs_local) ? [] : [`${s.id}: departs_local`]),
        ...(s.runs_on.length > 0 ? [] : [`${s.id}: runs_on`]),
        ...(i.operatorById.has(s.operator_id) ? [] : [`${s.id}: operator`]),
        ...(s.origin_city_id !== s.destination_city_id ? [] : [`${s.id}: same city`]),
        ...(s.duration_minutes === null || s.duration_minutes % 5 === 0 ? [] : [`${s.id}: duration`]),
      ]);
      expect(problems).toEqual([]);
    }
  });
});

describe('inventory: fares and amenities', () => {
  // [from, to, min EGP, max EGP], both ways
  const FARES: ReadonlyArray<readonly [string, string, number, number]> = [
    ['Cairo', 'Alexandria', 170, 450],
    ['Cairo', 'Hurghada', 350, 900],
    ['Cairo', 'Sharm El Sheikh', 400, 1000],
    ['Cairo', 'Luxor', 450, 1100],
    ['Cairo', 'Aswan', 500, 1300],
    ...['Tanta', 'Banha', 'Zagazig', 'Mansoura', 'Damietta', 'Kafr El Sheikh', 'Damanhour', 'Shebin El Kom'].map(
      (town) => ['Cairo', town, 60, 200] as const,
    ),
  ];

  it.each(FARES)('prices %s <-> %s between %i and %i EGP', (a, b, lo, hi) => {
    for (const i of inventories) {
      for (const s of [...servicesOn(i, a, b), ...servicesOn(i, b, a)]) {
        for (const f of s.fare_classes) {
          expect(f.price_minor).toBeGreaterThanOrEqual(lo * 100);
          expect(f.price_minor).toBeLessThanOrEqual(hi * 100);
        }
      }
    }
  });

  it('prices every class in whole pounds (5 pounds from 100 up), cheapest first, seat_class the cheapest', () => {
    for (const i of inventories) {
      const problems: string[] = [];
      for (const s of i.services) {
        if (s.fare_classes.length === 0 || s.seat_class !== s.fare_classes[0]?.name) problems.push(`${s.id}: seat_class`);
        s.fare_classes.forEach((f, k) => {
          const p = f.price_minor;
          if (!Number.isInteger(p) || p % 100 !== 0 || (p >= 10_000 && p % 500 !== 0)) problems.push(`${s.id}: ${f.name} ${p}`);
          if (k > 0 && p <= s.fare_classes[k - 1]!.price_minor) problems.push(`${s.id}: ${f.name} not dearer`);
        });
        const listed = [...s.amenities, ...s.fare_classes.flatMap((f) => f.features)];
        if (!listed.every((a) => AMENITIES.includes(a as Amenity))) problems.push(`${s.id}: amenity`);
        if (!s.amenities.includes('air_conditioning')) problems.push(`${s.id}: no air conditioning`);
      }
      expect(problems).toEqual([]);
    }
  });

  it('sells several classes in one coach on many services', () => {
    const multi = inv.services.filter((s) => s.fare_classes.length >= 2);
    expect(multi.length).toBeGreaterThan(50);
    expect(inv.services.some((s) => s.fare_classes.length === 3)).toBe(true);
    const business = inv.services.find((s) => s.fare_classes.some((f) => f.name === 'Business'));
    expect(business?.amenities).toEqual(expect.arrayContaining(['wifi', 'usb', 'power_socket', 'refreshments']));
  });

  it('has a toilet on coaches with a WC', () => {
    for (const s of inv.services) {
      const hasWc = layoutOf(inv, s).cells.some((c) => c.kind === 'WC');
      expect(s.amenities.includes('toilet')).toBe(hasWc);
    }
  });
});

describe('inventory: coach layouts', () => {
  it('keeps every layout consistent: full grid, one seat per SEAT cell, unique numbers', () => {
    for (const l of inv.layouts) {
      expect(l.name).toMatch(new RegExp(` ${l.seats.length} seats$`));
      expect(l.cells).toHaveLength(l.rows * l.columns);
      expect(new Set(l.cells.map((c) => `${c.row}:${c.column}`)).size).toBe(l.cells.length);
      for (const c of l.cells) {
        expect(c.row).toBeGreaterThanOrEqual(1);
        expect(c.row).toBeLessThanOrEqual(l.rows);
        expect(c.column).toBeGreaterThanOrEqual(1);
        expect(c.column).toBeLessThanOrEqual(l.columns);
        if (c.kind !== 'SEAT') expect(c.seat).toBeUndefined();
      }
      const seatCells = l.cells.filter((c) => c.kind === 'SEAT');
      expect(seatCells).toHaveLength(l.seats.length);
      expect(new Set(l.seats.map((s) => s.number)).size).toBe(l.seats.length);
      expect(l.seats.map((s) => s.number)).toEqual(l.seats.map((_, k) => String(k + 1)));
      for (const cell of seatCells) {
        const seat = l.seats.find((s) => s.number === cell.seat);
        expect(seat, `${l.id} ${cell.row}:${cell.column}`).toBeDefined();
        expect([seat?.row, seat?.column]).toEqual([cell.row, cell.column]);
      }
      expect(l.cells.filter((c) => c.kind === 'DRIVER')).toHaveLength(1);
      expect(l.cells.some((c) => c.kind === 'DOOR')).toBe(true);
    }
    const all = inv.layouts.flatMap((l) => l.cells.map((c) => c.kind));
    for (const kind of ['WC', 'TABLE', 'STAIRS', 'AISLE', 'EMPTY'] as const) expect(all).toContain(kind);
  });

  it('puts the driver at the front left and a door at the front right', () => {
    for (const l of inv.layouts) {
      const driver = l.cells.find((c) => c.kind === 'DRIVER');
      const sameRow = l.cells.filter((c) => c.row === driver?.row);
      expect(driver?.column).toBe(1);
      expect(sameRow.find((c) => c.column === l.columns)?.kind).toBe('DOOR');
    }
  });

  it('has 2+2 coaches of 45-53 seats, a 2+1 VIP of about 30 and a double-decker of about 70', () => {
    const sizes = inv.layouts.map((l) => [l.name, l.seats.length] as const);
    expect(sizes.some(([n, k]) => n.startsWith('2+2') && k >= 45 && k <= 53)).toBe(true);
    expect(sizes.some(([n, k]) => n.startsWith('2+1 VIP') && k >= 28 && k <= 33)).toBe(true);
    expect(sizes.some(([n, k]) => n.startsWith('Double-decker') && k >= 65 && k <= 75)).toBe(true);
  });

  it('draws a double-decker as one grid: upper deck, a row of EMPTY cells, lower deck, stairs in one column', () => {
    const dd = inv.layouts.find((l) => l.deck_label !== null);
    expect(dd).toBeDefined();
    if (!dd) return;
    expect(dd.deck_label).toBe('Upper deck / Lower deck');
    const rowKinds = (r: number) => dd.cells.filter((c) => c.row === r).map((c) => c.kind);
    const separators = Array.from({ length: dd.rows }, (_, k) => k + 1).filter((r) => rowKinds(r).every((k) => k === 'EMPTY'));
    expect(separators).toHaveLength(1);
    const sep = separators[0]!;
    const stairs = dd.cells.filter((c) => c.kind === 'STAIRS');
    const upper = stairs.filter((c) => c.row < sep).map((c) => c.column);
    const lower = stairs.filter((c) => c.row > sep).map((c) => c.column);
    expect(upper.length).toBeGreaterThan(0);
    expect(lower).toEqual(upper);
    // The driver is on the lower deck, and upper-deck seats are numbered first.
    expect(dd.cells.find((c) => c.kind === 'DRIVER')!.row).toBeGreaterThan(sep);
    const lastUpper = Math.max(...dd.seats.filter((s) => s.row < sep).map((s) => Number(s.number)));
    expect(dd.seats.filter((s) => s.row > sep).every((s) => Number(s.number) > lastUpper)).toBe(true);
    expect(new Set(dd.seats.map((s) => s.fare_class)).size).toBeGreaterThanOrEqual(2);
  });

  it('has accessible seats near a door and premium seats with extra legroom', () => {
    const seats = inv.layouts.flatMap((l) => l.seats);
    expect(seats.some((s) => s.accessible)).toBe(true);
    expect(seats.some((s) => s.premium)).toBe(true);
    for (const l of inv.layouts) {
      for (const s of l.seats.filter((x) => x.accessible)) {
        const nearDoor = l.cells.some((c) => c.kind === 'DOOR' && Math.abs(c.row - s.row) <= 1);
        expect(nearDoor, `${l.id} seat ${s.number}`).toBe(true);
      }
      for (const s of l.seats.filter((x) => x.premium)) expect(s.features).toContain('extra_legroom');
    }
  });

  it('prices every class of the layout of each service, and nothing else', () => {
    for (const i of inventories) {
      for (const s of i.services) {
        const classes = new Set(layoutOf(i, s).seats.map((x) => x.fare_class));
        expect(new Set(s.fare_classes.map((f) => f.name))).toEqual(classes);
      }
    }
  });

  it('uses every layout and, on long trips, coaches with a WC', () => {
    const used = new Set(inv.services.map((s) => s.layout_id));
    for (const l of inv.layouts) expect(used.has(l.id), l.id).toBe(true);
    for (const s of inv.services.filter((x) => (x.duration_minutes ?? 0) >= 300)) {
      expect(layoutOf(inv, s).cells.some((c) => c.kind === 'WC')).toBe(true);
    }
  });
});

describe('inventory: routes', () => {
  it('summarises every city pair with services, once', () => {
    for (const i of inventories) {
      const pairs = new Set(i.services.map((s) => `${s.origin_city_id}>${s.destination_city_id}`));
      expect(i.routes).toHaveLength(pairs.size);
      for (const r of i.routes) {
        const services = i.services.filter((s) => s.origin_city_id === r.origin_id && s.destination_city_id === r.destination_id);
        expect(services.length).toBeGreaterThan(0);
        expect(r.origin_name).toBe(i.cityById.get(r.origin_id)?.name);
        expect(r.destination_name).toBe(i.cityById.get(r.destination_id)?.name);
        expect(r.operator_ids).toEqual([...new Set(services.map((s) => s.operator_id))].sort());
        expect(r.days_checked).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
        const weekly = services.reduce((n, s) => n + s.runs_on.length, 0);
        expect(r.departures_per_day).toBe(Math.max(1, Math.round(weekly / 7)));
        const durations = services.flatMap((s) => (s.duration_minutes === null ? [] : [s.duration_minutes]));
        expect(r.duration_minutes).toEqual({ min: Math.min(...durations), max: Math.max(...durations) });
        expect(r.runs_on.length).toBeGreaterThan(0);
        expect(i.routes.some((x) => x.origin_id === r.destination_id && x.destination_id === r.origin_id)).toBe(true);
      }
    }
  });
});

describe('inventory: dated departures', () => {
  const cairo = cityId(inv, 'Cairo');
  const alex = cityId(inv, 'Alexandria');

  function expectSortedOn(deps: Departure[], date: string): void {
    expect(deps.length).toBeGreaterThan(0);
    for (let k = 0; k < deps.length; k++) {
      const d = deps[k]!;
      expect(d.date).toBe(date);
      expect(d.key).toBe(`${d.service.id}@${date}`);
      if (k > 0) expect(Date.parse(d.departure_at)).toBeGreaterThanOrEqual(Date.parse(deps[k - 1]!.departure_at));
    }
  }

  it('lists the services of the pair that run on the weekday, sorted, with Cairo offsets', () => {
    const summer = departuresFor(inv, cairo, alex, '2026-07-01'); // a Wednesday
    expectSortedOn(summer, '2026-07-01');
    const running = inv.services.filter((s) => s.origin_city_id === cairo && s.destination_city_id === alex && s.runs_on.includes('wed'));
    expect(summer).toHaveLength(running.length);
    for (const d of summer) {
      expect(d.departure_at).toBe(`2026-07-01T${d.service.departs_local}:00+03:00`);
    }
    const winter = departuresFor(inv, cairo, alex, '2026-12-02');
    for (const d of winter) expect(d.departure_at).toBe(`2026-12-02T${d.service.departs_local}:00+02:00`);
  });

  it('works a year ahead and more, with nothing pre-generated', () => {
    const today = cairoDate(Date.now());
    for (const date of [addDays(today, 365), addDays(today, 366), '2027-11-20', '2030-02-28']) {
      expectSortedOn(departuresFor(inv, cairo, alex, date), date);
    }
  });

  it('gives nothing for an unknown pair or a malformed date', () => {
    expect(departuresFor(inv, cairo, cairo, '2026-07-01')).toEqual([]);
    expect(departuresFor(inv, 'cty_unknown000', alex, '2026-07-01')).toEqual([]);
    expect(departuresFor(inv, cairo, alex, '2026-02-30')).toEqual([]);
    expect(departuresFor(inv, cairo, alex, '01/07/2026')).toEqual([]);
  });

  it('has departures whose local times cross midnight', () => {
    const luxor = departuresFor(inv, cairo, cityId(inv, 'Luxor'), '2026-12-02');
    const overnight = luxor.filter((d) => d.arrival_at !== null && d.arrival_at.slice(0, 10) === '2026-12-03');
    expect(overnight.length).toBeGreaterThan(0);
    for (const d of overnight) expect(d.arrival_at).toMatch(/\+02:00$/);
    const late = departuresFor(inv, cairo, alex, '2026-12-02').filter((d) => d.arrival_at?.startsWith('2026-12-03'));
    expect(late.length).toBeGreaterThan(0);
  });

  it('writes arrivals across the October switch in the winter offset', () => {
    const luxor = departuresFor(inv, cairo, cityId(inv, 'Luxor'), '2026-10-29');
    const night = luxor.filter((d) => d.service.departs_local >= '20:00' && d.arrival_at !== null);
    expect(night.length).toBeGreaterThan(0);
    for (const d of night) {
      expect(d.departure_at).toMatch(/^2026-10-29T.*\+03:00$/);
      expect(d.arrival_at).toMatch(/^2026-10-30T.*\+02:00$/);
      expect((Date.parse(d.arrival_at!) - Date.parse(d.departure_at)) / 60_000).toBe(d.service.duration_minutes);
    }
  });

  it('finds a departure by key, and nothing for unknown or malformed keys', () => {
    const [first] = departuresFor(inv, cairo, alex, '2026-07-01');
    expect(first).toBeDefined();
    expect(departureByKey(inv, first!.key)).toEqual(first);
    const id = first!.service.id;
    expect(departureByKey(inv, `${id}@2026-13-01`)).toBeNull();
    expect(departureByKey(inv, `${id}@2026-7-1`)).toBeNull();
    expect(departureByKey(inv, `${id}@2026-07-01x`)).toBeNull();
    expect(departureByKey(inv, 'svc_0000000000@2026-07-01')).toBeNull();
    expect(departureByKey(inv, id)).toBeNull();
    const partTime = inv.services.find((s) => s.runs_on.length < 7)!;
    const off = (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).findIndex((d) => !partTime.runs_on.includes(d));
    const offDate = addDays('2026-11-23', off); // 2026-11-23 is a Monday
    expect(departureByKey(inv, `${partTime.id}@${offDate}`)).toBeNull();
  });
});

describe('inventory: seats sold by other channels', () => {
  const cairo = cityId(inv, 'Cairo');
  const keys = ['2026-07-01', '2026-12-02', '2027-03-10'].flatMap((date) =>
    departuresFor(inv, cairo, cityId(inv, 'Alexandria'), date).map((d) => d.key),
  );

  it('is a deterministic set of real seats, never more than 60% of the coach', () => {
    const again = buildInventory(DEFAULT_SEED);
    const sizes = new Set<number>();
    for (const key of keys) {
      const sold = initialOccupancy(inv, key);
      expect(initialOccupancy(again, key)).toEqual(sold);
      const layout = inv.layoutById.get(departureByKey(inv, key)!.service.layout_id)!;
      const numbers = new Set(layout.seats.map((s) => s.number));
      for (const n of sold) expect(numbers.has(n)).toBe(true);
      expect(sold.size).toBeLessThanOrEqual(Math.floor(0.6 * layout.seats.length));
      sizes.add(sold.size);
    }
    expect(sizes.size).toBeGreaterThan(5);
    expect(initialOccupancy(inv, 'svc_0000000000@2026-07-01')).toEqual(new Set());
  });

  it('changes with the seed', () => {
    const other = inventories[1]!;
    const otherKeys = departuresFor(other, cairo, cityId(other, 'Alexandria'), '2026-07-01').map((d) => d.key);
    // Same services, another seed: the seats sold differ (service ids alone would differ anyway).
    const reseeded: Inventory = { ...other, seed: 2 };
    const a = otherKeys.map((k) => [...initialOccupancy(other, k)].sort().join());
    const b = otherKeys.map((k) => [...initialOccupancy(reseeded, k)].sort().join());
    expect(a).not.toEqual(b);
    expect(b.some((x) => x.length > 0)).toBe(true);
  });

  it('fills nearer departures more than far ones when the time of the first look is given', () => {
    const total = (asOf: (key: string) => number) => keys.reduce((n, k) => n + initialOccupancy(inv, k, asOf(k)).size, 0);
    const departureMs = (k: string) => Date.parse(departureByKey(inv, k)!.departure_at);
    const near = total((k) => departureMs(k) - 6 * 3_600_000);
    const far = total((k) => departureMs(k) - 90 * 86_400_000);
    expect(near).toBeGreaterThan(far * 2);
    expect(near).toBe(keys.reduce((n, k) => n + initialOccupancy(inv, k).size, 0));
  });
});
