import { z } from 'zod';
import { Amenity, CalendarDate, DateTime, Environment, Money, Weekday } from './common.ts';

// Response shapes of partner-api.md § Resources. The sandbox answers with exactly these and the
// counter's client parses every response with them (unknown extra fields are dropped, not fatal).

export const TokenResponse = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.int().positive(),
  scope: z.string(),
  environment: Environment,
});
export type TokenResponse = z.infer<typeof TokenResponse>;

/**
 * The token answer as POST /oauth/token serves it: the token object at the top level, where
 * RFC 6749 § 5.1 and every OAuth client library read it, and the same object again under `data`,
 * the contract's envelope of every resource, which clients of the first sandbox releases read.
 */
export const TokenAnswer = TokenResponse.extend({ data: TokenResponse });
export type TokenAnswer = z.infer<typeof TokenAnswer>;

export const Health = z.object({ status: z.string(), service: z.string(), version: z.string() });

export const City = z.object({
  id: z.string().startsWith('cty_'),
  name: z.string(),
  name_ar: z.string().nullable(),
  country: z.string(),
});
export type City = z.infer<typeof City>;

export const Operator = z.object({
  id: z.string().startsWith('opr_'),
  name: z.string(),
  name_ar: z.string().nullable(),
  logo_url: z.string().nullable(),
});
export type Operator = z.infer<typeof Operator>;

export const Route = z.object({
  origin_id: z.string(),
  destination_id: z.string(),
  origin_name: z.string(),
  destination_name: z.string(),
  operator_ids: z.array(z.string()),
  departures_per_day: z.int(),
  duration_minutes: z.object({ min: z.int(), max: z.int() }),
  runs_on: z.array(Weekday),
  days_checked: z.array(Weekday),
  last_seen_at: DateTime,
});
export type Route = z.infer<typeof Route>;

const OperatorName = z.object({ name: z.string(), name_ar: z.string().nullable().optional() });

export const Offer = z.object({
  id: z.string().startsWith('off_'),
  origin: z.object({ name: z.string(), station: z.string().nullable() }),
  destination: z.object({ name: z.string(), station: z.string().nullable() }),
  departure_at: DateTime,
  arrival_at: DateTime.nullable(),
  duration_minutes: z.int().nullable(),
  operator: OperatorName,
  seat_class: z.string().nullable(),
  seats_available: z.int().nullable(),
  net_price: Money,
  amenities: z.array(Amenity),
  expires_at: DateTime,
});
export type Offer = z.infer<typeof Offer>;

export const SearchMeta = z.object({
  count: z.int(),
  currency: z.string(),
  offer_ttl_seconds: z.int(),
  passengers: z.int(),
  departure_date: CalendarDate,
});

export const CellKind = z.enum(['SEAT', 'AISLE', 'EMPTY', 'DRIVER', 'DOOR', 'STAIRS', 'WC', 'TABLE']);
export type CellKind = z.infer<typeof CellKind>;

export const Seat = z.object({
  number: z.string(),
  available: z.boolean(),
  price: Money,
  class: z.string().nullable(),
  features: z.array(z.string()),
  accessible: z.boolean(),
  premium: z.boolean(),
  position: z.object({ row: z.int(), column: z.int() }).nullable(),
});
export type Seat = z.infer<typeof Seat>;

export const SeatMap = z.object({
  layout: z.string(),
  deck_label: z.string().nullable(),
  rows: z.int().positive(),
  columns: z.int().positive(),
  seat_count: z.int().nonnegative(),
  cells: z.array(
    z.object({ row: z.int(), column: z.int(), kind: CellKind, seat: z.string().nullable().optional() }),
  ),
});
export type SeatMap = z.infer<typeof SeatMap>;

export const FareClassInfo = z.object({
  name: z.string(),
  price: Money,
  seats_available: z.int(),
  features: z.array(z.string()),
});
export type FareClassInfo = z.infer<typeof FareClassInfo>;

export const OfferDetail = z.object({
  id: z.string(),
  origin: z.object({
    name: z.string().nullable(),
    station: z.string().nullable(),
    departs_at: DateTime.nullable(),
  }),
  destination: z.object({
    name: z.string().nullable(),
    station: z.string().nullable(),
    arrives_at: DateTime.nullable(),
  }),
  duration_minutes: z.int().nullable(),
  operator: OperatorName,
  vehicle: z.object({ capacity: z.int().nullable(), label: z.string().nullable() }),
  seats_available: z.int().nullable(),
  seat_selection: z.boolean(),
  net_price: Money,
  price_range: z.object({ min_minor: z.int(), max_minor: z.int() }).nullable(),
  fare_classes: z.array(FareClassInfo),
  seats: z.array(Seat),
  seat_map: SeatMap.nullable(),
  amenities: z.array(Amenity),
  expires_at: DateTime,
});
export type OfferDetail = z.infer<typeof OfferDetail>;

export const HoldStatus = z.enum(['held', 'consumed', 'released', 'expired']);
export type HoldStatus = z.infer<typeof HoldStatus>;

export const Hold = z.object({
  id: z.string().startsWith('PH-'),
  offer_id: z.string(),
  seats: z.int(),
  seats_requested: z.array(z.string()),
  fare_class: z.string(),
  total: Money,
  expires_at: DateTime,
  status: HoldStatus,
});
export type Hold = z.infer<typeof Hold>;

export const HoldRelease = z.object({ id: z.string(), status: HoldStatus });

export const BookingStatus = z.enum(['confirmed', 'failed', 'pending']);
export type BookingStatus = z.infer<typeof BookingStatus>;

const Place = {
  name: z.string().nullable(),
  station: z.string().nullable(),
  station_ar: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  address: z.string().nullable(),
  address_ar: z.string().nullable(),
};

const TicketLinks = {
  list_url: z.string(),
  pdf_url: z.string(),
  passengers: z.array(z.object({ passenger_index: z.int(), pdf_url: z.string() })),
};

export const Booking = z.object({
  id: z.string().startsWith('PB-'),
  status: BookingStatus,
  origin: z.object({ ...Place, departs_at: DateTime.nullable() }),
  destination: z.object({ ...Place, arrives_at: DateTime.nullable() }),
  duration_minutes: z.int().nullable(),
  operator: z.object({
    id: z.string(),
    name: z.string().nullable(),
    name_ar: z.string().nullable(),
    logo_url: z.string().nullable(),
  }),
  travel_date: CalendarDate,
  departure_at: DateTime.nullable(),
  arrival_at: DateTime.nullable(),
  seat_class: z.string().nullable(),
  boarding: z.object({
    operator_reference: z.string(),
    e_tickets: z.array(
      z.object({ passenger_index: z.int(), seat: z.string(), ticket_code: z.string(), qr: z.string() }),
    ),
  }),
  seats: z.int(),
  passengers: z.array(
    z.object({
      full_name: z.string(),
      seat: z.string().nullable(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
    }),
  ),
  price: z.object({ per_seat_minor: z.int().nullable(), total_minor: z.int(), currency: z.string() }),
  total_charged: Money,
  contact: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  failure: z.object({ code: z.string(), detail: z.string() }).nullable(),
  tickets: z
    .object({ version: z.string(), updated_at: DateTime, valid_for_travel: z.boolean(), ...TicketLinks })
    .nullable(),
  created_at: DateTime,
  confirmed_at: DateTime.nullable(),
});
export type Booking = z.infer<typeof Booking>;

export const TicketList = z.object({
  booking_reference: z.string(),
  status: BookingStatus,
  ready: z.boolean(),
  valid_for_travel: z.boolean(),
  version: z.string(),
  updated_at: DateTime,
  languages: z.array(z.enum(['en', 'ar'])),
  pdf_url: z.string(),
  passengers: z.array(
    z.object({
      passenger_index: z.int(),
      full_name: z.string(),
      seat: z.string().nullable(),
      ticket_number: z.string(),
      pdf_url: z.string(),
    }),
  ),
  reason: z.string().nullable(),
});
export type TicketList = z.infer<typeof TicketList>;

export const Wallet = z.object({
  balance: Money,
  credit_limit: Money,
  low_balance_threshold: Money,
  updated_at: DateTime.nullable(),
});
export type Wallet = z.infer<typeof Wallet>;

export const TransactionType = z.enum(['TOPUP', 'DEBIT', 'REVERSAL', 'ADJUSTMENT']);

export const Transaction = z.object({
  id: z.string(),
  type: TransactionType,
  amount_minor: z.int(),
  balance_after_minor: z.int(),
  currency: z.string(),
  booking_ref: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: DateTime,
});
export type Transaction = z.infer<typeof Transaction>;
