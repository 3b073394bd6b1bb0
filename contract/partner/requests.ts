import { z } from 'zod';
import { BookingStatus, HoldStatus } from './resources.ts';
import { CalendarDate } from './common.ts';

// Request shapes of partner-api.md § Endpoints. Bodies are strict: unknown fields are rejected.
// String limits the contract leaves open are ours (sandbox-interface.md: "not shown").

const Id = z.string().min(1).max(512);
const Name = z.string().trim().min(1).max(100);
const Phone = z.string().trim().regex(/^\+?[0-9][0-9 ()-]{5,24}$/, 'not a phone number');
const Email = z.email().max(254);
const SeatNumber = z.string().min(1).max(10);
const FareClassName = z.string().min(1).max(50);
const Count = z.int().min(1).max(10);

export const TokenRequest = z.strictObject({
  grant_type: z.literal('client_credentials').optional(),
  client_id: z.string().min(1).max(200),
  client_secret: z.string().min(1).max(200),
});
export type TokenRequest = z.infer<typeof TokenRequest>;

export const SearchRequest = z.strictObject({
  origin: Id,
  destination: Id,
  departure_date: CalendarDate,
  passengers: Count.optional(),
});
export type SearchRequest = z.infer<typeof SearchRequest>;

export const HoldRequest = z.strictObject({
  offer_id: Id,
  seats: Count.optional(),
  seats_requested: z.array(SeatNumber).min(1).max(10).optional(),
  fare_class: FareClassName.optional(),
});
export type HoldRequest = z.infer<typeof HoldRequest>;

export const PassengerInput = z.strictObject({
  full_name: Name,
  seat: SeatNumber.optional(),
  phone: Phone.optional(),
  email: Email.optional(),
});
export type PassengerInput = z.infer<typeof PassengerInput>;

export const BookingRequest = z.strictObject({
  offer_id: Id,
  passengers: z.array(PassengerInput).min(1).max(10),
  fare_class: FareClassName.optional(),
  contact: z.strictObject({ name: Name, email: Email.optional(), phone: Phone.optional() }),
});
export type BookingRequest = z.infer<typeof BookingRequest>;

export const IdempotencyKey = z.string().min(1).max(120);

/** Query strings arrive as text: integers are parsed strictly (no "1e2", no "12abc"). */
const QueryInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^-?\d+$/, 'must be an integer')
    .transform(Number)
    .pipe(z.int().min(min).max(max));

const PageQuery = {
  limit: QueryInt(1, 200).optional(),
  before: QueryInt(1, Number.MAX_SAFE_INTEGER).optional(),
};

export const HoldsQuery = z.object({ status: HoldStatus.optional(), ...PageQuery });
export const BookingsQuery = z.strictObject({
  status: BookingStatus.optional(),
  travel_date: CalendarDate.optional(),
  from: CalendarDate.optional(),
  to: CalendarDate.optional(),
  ...PageQuery,
});
export const TransactionsQuery = z.object({ ...PageQuery });
export const RoutesQuery = z.object({ origin: Id.optional(), destination: Id.optional() });
export const TicketPdfQuery = z.object({ lang: z.enum(['en', 'ar']).optional() });
