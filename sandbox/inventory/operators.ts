// Intercity coach operators of Egypt, with what the generator needs to know about each: whether
// the passenger picks a seat, which coaches run short and long trips, and where it sits on price.

import type { LayoutKey } from './layouts.ts';
import { opaqueId } from './prng.ts';
import type { InventoryOperator } from './types.ts';

export type OperatorKey =
  | 'gobus'
  | 'bluebus'
  | 'superjet'
  | 'westdelta'
  | 'eastdelta'
  | 'upperegypt'
  | 'elgouna'
  | 'highjet'
  | 'webus';

export interface OperatorSpec {
  key: OperatorKey;
  name: string;
  name_ar: string;
  /** File name under LOGO_BASE, or null when no logo is held. */
  logo: string | null;
  /** false: seats are assigned at boarding. */
  seat_selection: boolean;
  /** Coaches on trips under 4 hours / on longer trips (these have a WC). */
  fleet: { short: readonly LayoutKey[]; long: readonly LayoutKey[] };
  /** Where the operator prices within a corridor's fare range (0 = cheapest of the market). */
  price_bias: number;
}

const LOGO_BASE = 'https://static.partner-sandbox.example/logos/';

export const OPERATOR_TABLE: readonly OperatorSpec[] = [
  { key: 'gobus', name: 'Go Bus', name_ar: 'جو باص', logo: 'go-bus.png', seat_selection: true,
    fleet: { short: ['deluxe2x2', 'vip2x1'], long: ['vip2x1', 'doubledecker', 'business2x2'] }, price_bias: 0.1 },
  { key: 'bluebus', name: 'Blue Bus', name_ar: 'بلو باص', logo: 'blue-bus.png', seat_selection: true,
    fleet: { short: ['economy2x2', 'business2x2'], long: ['business2x2', 'economy2x2wc'] }, price_bias: 0.1 },
  { key: 'superjet', name: 'Super Jet', name_ar: 'سوبر جيت', logo: 'super-jet.png', seat_selection: true,
    fleet: { short: ['economy2x2wc'], long: ['economy2x2wc', 'business2x2'] }, price_bias: 0.05 },
  { key: 'westdelta', name: 'West & Mid Delta Bus', name_ar: 'غرب ووسط الدلتا', logo: 'west-delta.png', seat_selection: true,
    fleet: { short: ['economy2x2'], long: ['economy2x2wc', 'vip2x1'] }, price_bias: 0 },
  { key: 'eastdelta', name: 'East Delta Travel', name_ar: 'شرق الدلتا', logo: null, seat_selection: false,
    fleet: { short: ['economy2x2'], long: ['economy2x2wc'] }, price_bias: 0 },
  { key: 'upperegypt', name: 'Upper Egypt Bus', name_ar: 'الصعيد', logo: null, seat_selection: false,
    fleet: { short: ['economy2x2'], long: ['economy2x2wc', 'business2x2'] }, price_bias: 0 },
  { key: 'elgouna', name: 'El Gouna Bus', name_ar: 'الجونة', logo: 'el-gouna.png', seat_selection: true,
    fleet: { short: ['deluxe2x2'], long: ['vip2x1', 'economy2x2wc'] }, price_bias: 0.12 },
  { key: 'highjet', name: 'High Jet', name_ar: 'هاي جيت', logo: null, seat_selection: true,
    fleet: { short: ['economy2x2wc'], long: ['doubledecker', 'economy2x2wc'] }, price_bias: 0.03 },
  { key: 'webus', name: 'We Bus', name_ar: 'وي باص', logo: 'we-bus.png', seat_selection: true,
    fleet: { short: ['deluxe2x2'], long: ['vip2x1', 'business2x2'] }, price_bias: 0.02 },
];

export function operatorIdOf(key: OperatorKey): string {
  return opaqueId('opr_', `operator:${key}`);
}

export function buildOperators(): InventoryOperator[] {
  return OPERATOR_TABLE.map((o) => ({
    id: operatorIdOf(o.key),
    name: o.name,
    name_ar: o.name_ar,
    logo_url: o.logo === null ? null : LOGO_BASE + o.logo,
    seat_selection: o.seat_selection,
  }));
}
