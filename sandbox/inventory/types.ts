// The shape of the sandbox's generated inventory. The HTTP layer (sandbox/server) reads only
// these types and the functions in ./index.ts; everything is a pure function of the seed.

import type { Weekday } from '../../core/cairo-time.ts';

export type { Weekday };
export type CellKind = 'SEAT' | 'AISLE' | 'EMPTY' | 'DRIVER' | 'DOOR' | 'STAIRS' | 'WC' | 'TABLE';
export type Amenity =
  | 'usb'
  | 'wifi'
  | 'toilet'
  | 'air_conditioning'
  | 'entertainment'
  | 'refreshments'
  | 'blanket'
  | 'extra_legroom'
  | 'power_socket';

export interface InventoryCity {
  id: string; // cty_...
  name: string;
  name_ar: string;
  country: 'EG';
}

export interface InventoryStation {
  id: string; // stn_...
  city_id: string;
  name: string;
  name_ar: string;
  /** Verified boarding points have all four of these; the others have all four null. */
  latitude: number | null;
  longitude: number | null;
  address: string | null;
  address_ar: string | null;
}

export interface InventoryOperator {
  id: string; // opr_...
  name: string;
  name_ar: string;
  logo_url: string | null;
  /** false: seats are assigned at boarding (no seat map offered). */
  seat_selection: boolean;
}

export interface LayoutCell {
  row: number; // from 1
  column: number; // from 1
  kind: CellKind;
  seat?: string; // set on SEAT cells only
}

export interface LayoutSeat {
  number: string;
  fare_class: string; // name of one of the service's fare classes
  features: string[]; // e.g. window, aisle, front_row, usb
  accessible: boolean;
  premium: boolean;
  row: number;
  column: number;
}

export interface CoachLayout {
  id: string;
  name: string; // e.g. "2+2 49 seats", "2+1 VIP 30 seats", "Double-decker 70 seats"
  label: string; // vehicle label, e.g. "Mercedes-Benz Tourismo"
  deck_label: string | null; // "Upper deck / Lower deck" on double-deckers, else null
  rows: number;
  columns: number;
  cells: LayoutCell[];
  seats: LayoutSeat[]; // one per SEAT cell, same numbers
}

export interface FareClass {
  name: string; // Economy, Deluxe, Elite, Business, ...
  price_minor: number; // NET per seat in piastres
  features: string[];
}

/** One timetable line: one operator's departure at one local time on one city pair. */
export interface Service {
  id: string; // svc_..., stable for a seed
  operator_id: string;
  origin_city_id: string;
  destination_city_id: string;
  origin_station_id: string;
  /** null when the coach calls at several stops in the destination city. */
  destination_station_id: string | null;
  departs_local: string; // "HH:MM", Africa/Cairo wall clock
  /** null when no reliable arrival is published. */
  duration_minutes: number | null;
  runs_on: Weekday[];
  layout_id: string;
  seat_class: string | null; // the offer-level class label (e.g. "Elite"), the cheapest class
  fare_classes: FareClass[]; // cheapest first; every seat of the layout belongs to one
  amenities: Amenity[];
}

export interface Departure {
  key: string; // `${service.id}@${date}`; stable id of one dated departure
  service: Service;
  date: string; // YYYY-MM-DD, local date of departure
  departure_at: string; // ISO 8601 with the Africa/Cairo offset of that moment
  arrival_at: string | null; // same form, null when duration_minutes is null
}

export interface RouteSummary {
  origin_id: string;
  destination_id: string;
  origin_name: string;
  destination_name: string;
  operator_ids: string[];
  departures_per_day: number;
  duration_minutes: { min: number; max: number };
  runs_on: Weekday[];
  days_checked: Weekday[];
}

export interface Inventory {
  seed: number;
  cities: InventoryCity[];
  operators: InventoryOperator[];
  stations: InventoryStation[];
  layouts: CoachLayout[];
  services: Service[];
  cityById: Map<string, InventoryCity>;
  operatorById: Map<string, InventoryOperator>;
  stationById: Map<string, InventoryStation>;
  layoutById: Map<string, CoachLayout>;
  routes: RouteSummary[];
}
