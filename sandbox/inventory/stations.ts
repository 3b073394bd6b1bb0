// Boarding points. Named stations of the big cities are listed here; a served city without one
// gets a generic "<City> Bus Station" (unverified). Only verified boarding points carry a
// position and an address; the others have all four null, never an area's centre.

import { cityIdOf } from './cities.ts';
import type { OperatorKey } from './operators.ts';
import { opaqueId } from './prng.ts';
import type { InventoryCity, InventoryStation } from './types.ts';

interface StationSpec {
  city: string;
  name: string;
  name_ar: string;
  /** Operators that board here; absent: the shared station of the city, used by the others. */
  ops?: readonly OperatorKey[];
  /** [latitude, longitude, address, address_ar] when the position has been verified. */
  verified?: readonly [number, number, string, string];
}

const STATION_TABLE: readonly StationSpec[] = [
  { city: 'Cairo', name: 'Cairo Gateway (Turgoman)', name_ar: 'موقف الترجمان', ops: ['superjet', 'westdelta', 'eastdelta', 'upperegypt', 'highjet'],
    verified: [30.05596, 31.24395, 'Cairo Gateway, El Sahafa St, Bulaq Abu El Ela, Cairo', 'القاهرة جيتواي، شارع الصحافة، بولاق أبو العلا، القاهرة'] },
  { city: 'Cairo', name: 'Abdel Moneim Riad (Tahrir)', name_ar: 'عبد المنعم رياض (التحرير)', ops: ['gobus', 'webus'],
    verified: [30.04861, 31.23327, 'Abdel Moneim Riad Square, Downtown, Cairo', 'ميدان عبد المنعم رياض، وسط البلد، القاهرة'] },
  { city: 'Cairo', name: 'Ramses', name_ar: 'رمسيس', ops: ['gobus', 'superjet'],
    verified: [30.06254, 31.24681, 'Ramses Square, Cairo', 'ميدان رمسيس، القاهرة'] },
  { city: 'Cairo', name: 'Abbassia', name_ar: 'العباسية', ops: ['bluebus', 'elgouna', 'highjet'],
    verified: [30.07217, 31.28344, 'Abbassia Square, Cairo', 'ميدان العباسية، القاهرة'] },
  { city: 'Cairo', name: 'Almaza', name_ar: 'ألماظة', ops: ['superjet', 'eastdelta', 'elgouna'] },
  { city: 'Cairo', name: 'Nasr City', name_ar: 'مدينة نصر', ops: ['gobus', 'bluebus', 'webus'] },
  { city: 'Giza', name: 'Giza Square', name_ar: 'ميدان الجيزة',
    verified: [30.0131, 31.2087, 'Giza Square, Giza', 'ميدان الجيزة، الجيزة'] },
  { city: '6th of October', name: 'El Hosary Square', name_ar: 'ميدان الحصري',
    verified: [29.97326, 30.94427, 'El Hosary Square, 6th of October City', 'ميدان الحصري، مدينة السادس من أكتوبر'] },
  { city: '6th of October', name: 'El Mehwar', name_ar: 'المحور', ops: ['gobus', 'bluebus'] },
  { city: 'Alexandria', name: 'Moharam Bek', name_ar: 'موقف محرم بك',
    verified: [31.18867, 29.92345, 'Moharam Bek Bus Station, Alexandria', 'موقف محرم بك الجديد، الإسكندرية'] },
  { city: 'Alexandria', name: 'Sidi Gaber', name_ar: 'سيدي جابر', ops: ['gobus', 'bluebus', 'superjet', 'webus'],
    verified: [31.2183, 29.9421, 'Sidi Gaber Square, Alexandria', 'ميدان سيدي جابر، الإسكندرية'] },
  { city: 'Alexandria', name: 'Miami', name_ar: 'ميامي', ops: ['gobus', 'superjet'],
    verified: [31.2685, 29.9985, 'El Geish Road, Miami, Alexandria', 'طريق الجيش، ميامي، الإسكندرية'] },
  { city: 'Alexandria', name: 'San Stefano', name_ar: 'سان ستيفانو', ops: ['gobus', 'bluebus', 'highjet'] },
  { city: 'Hurghada', name: 'El Dahar', name_ar: 'الدهار',
    verified: [27.2579, 33.8129, 'El Nasr St, El Dahar, Hurghada', 'شارع النصر، الدهار، الغردقة'] },
  { city: 'Hurghada', name: 'Sheraton Road', name_ar: 'طريق الشيراتون', ops: ['gobus', 'bluebus', 'elgouna', 'webus'] },
  { city: 'Sharm El Sheikh', name: 'Sharm El Sheikh Bus Station', name_ar: 'موقف شرم الشيخ',
    verified: [27.8892, 34.3007, 'Ruwaysat, Sharm El Sheikh', 'الرويسات، شرم الشيخ'] },
  { city: 'Sharm El Sheikh', name: 'Naama Bay', name_ar: 'خليج نعمة', ops: ['gobus', 'bluebus'] },
  { city: 'Dahab', name: 'Dahab Bus Station', name_ar: 'موقف دهب' },
  { city: 'Luxor', name: 'Luxor Bus Station', name_ar: 'موقف الأقصر',
    verified: [25.6962, 32.6446, 'El Mahatta St, Luxor', 'شارع المحطة، الأقصر'] },
  { city: 'Aswan', name: 'Aswan Bus Station', name_ar: 'موقف أسوان',
    verified: [24.1059, 32.9027, 'Abtal El Tahrir St, Aswan', 'شارع أبطال التحرير، أسوان'] },
  { city: 'Marsa Matrouh', name: 'Marsa Matrouh Bus Station', name_ar: 'موقف مرسى مطروح',
    verified: [31.3501, 27.2305, 'Alexandria St, Marsa Matrouh', 'شارع الإسكندرية، مرسى مطروح'] },
  { city: 'Ismailia', name: 'Ismailia Bus Station', name_ar: 'موقف الإسماعيلية',
    verified: [30.6043, 32.2714, 'Orabi Square, Ismailia', 'ميدان عرابي، الإسماعيلية'] },
  { city: 'Port Said', name: 'Port Said Bus Station', name_ar: 'موقف بورسعيد' },
  { city: 'Suez', name: 'Suez Bus Station', name_ar: 'موقف السويس' },
  { city: 'Tanta', name: 'Tanta Bus Station', name_ar: 'موقف طنطا' },
  { city: 'Mansoura', name: 'Mansoura Bus Station', name_ar: 'موقف المنصورة' },
  { city: 'El Gouna', name: 'El Gouna Bus Station', name_ar: 'موقف الجونة',
    verified: [27.3949, 33.6786, 'Downtown, El Gouna', 'وسط المدينة، الجونة'] },
  { city: 'Siwa', name: 'Siwa Market Square', name_ar: 'ميدان السوق، سيوة' },
];

function stationIdOf(city: string, name: string): string {
  return opaqueId('stn_', `station:${city}:${name}`);
}

function toStation(spec: StationSpec): InventoryStation {
  const [latitude, longitude, address, address_ar] = spec.verified ?? [null, null, null, null];
  return {
    id: stationIdOf(spec.city, spec.name),
    city_id: cityIdOf(spec.city),
    name: spec.name,
    name_ar: spec.name_ar,
    latitude,
    longitude,
    address,
    address_ar,
  };
}

export interface StationDirectory {
  stations: InventoryStation[];
  /** Boarding points an operator uses in a city: its own, else the shared ones, else all. */
  stationsFor(cityId: string, operator: OperatorKey): readonly InventoryStation[];
}

/** Stations of every served city (`servedCities` in the order they should be listed). */
export function buildStations(servedCities: readonly InventoryCity[]): StationDirectory {
  const served = new Set(servedCities.map((c) => c.name));
  for (const s of STATION_TABLE) if (!served.has(s.city)) throw new Error(`station ${s.name}: "${s.city}" is not a served city`);
  const specs: StationSpec[] = [];
  for (const city of servedCities) {
    const named = STATION_TABLE.filter((s) => s.city === city.name);
    specs.push(...(named.length > 0 ? named : [{ city: city.name, name: `${city.name} Bus Station`, name_ar: `موقف ${city.name_ar}` }]));
  }
  const entries = specs.map((spec) => ({ spec, station: toStation(spec) }));
  const cache = new Map<string, InventoryStation[]>();
  return {
    stations: entries.map((e) => e.station),
    stationsFor(cityId, operator) {
      const key = `${cityId}|${operator}`;
      let found = cache.get(key);
      if (!found) {
        const inCity = entries.filter((e) => e.station.city_id === cityId);
        const own = inCity.filter((e) => e.spec.ops?.includes(operator));
        const shared = inCity.filter((e) => !e.spec.ops);
        found = (own.length > 0 ? own : shared.length > 0 ? shared : inCity).map((e) => e.station);
        cache.set(key, found);
      }
      return found;
    },
  };
}
