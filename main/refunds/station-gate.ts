// The station database's word on refunds (issue 23): which tickets of a booking any counter of
// the station refunded, the claim of tickets before a refund is paid (ticket_refunds, station
// migration 0006: the primary key decides between two windows), and another counter's sale read
// from its shipped entries so that any window of a linked station can pay it back.
import type pg from 'pg';
import type { Booking } from '../../contract/partner/resources.ts';
import { AppFailure } from '../failure.ts';
import type { SaleIntent } from '../journal/entries.ts';
import { journeyOf, routeOf, type Journey } from '../../core/route.ts';

export interface StationDatabase {
  pool: pg.Pool;
  stationId: string;
  counterId: string;
}

/** A sale as a refund needs it, whichever counter of the station made it. */
export interface SaleFacts {
  saleId: string;
  counterId: string;
  bookingReference: string;
  currency: string;
  tickets: number;
  names: { name: string; seat: string | null }[];
  cashMinor: number;
  netChargedMinor: number;
  route: string;
  journey: Journey;
  environment: string;
}

const unreachable = (err: unknown) =>
  err instanceof AppFailure ? err : new AppFailure('station_unreachable', `The station database could not be reached: ${err instanceof Error ? err.message : String(err)}`, { retryable: true });

/** Runs a station query; any failure of the connection is `station_unreachable`. */
async function ask<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw unreachable(err);
  }
}

export function factsOf(intent: SaleIntent, booking: Booking | null, cashMinor: number, bookingReference: string, counterId: string): SaleFacts {
  const body = JSON.parse(intent.requestBody) as { passengers: { full_name: string; seat?: string }[] };
  const names = booking ? booking.passengers.map((p) => ({ name: p.full_name, seat: p.seat })) : body.passengers.map((p) => ({ name: p.full_name, seat: p.seat ?? null }));
  return {
    saleId: intent.saleId,
    counterId,
    bookingReference,
    currency: intent.currency,
    tickets: names.length,
    names,
    cashMinor,
    // The wallet DEBIT of the booking is what the API charged (the reconciliation checks they agree).
    netChargedMinor: booking?.total_charged.amount_minor ?? intent.netTotalMinor,
    route: routeOf(intent.offer),
    journey: journeyOf(intent.offer),
    environment: intent.environment,
  };
}

/** The tickets of a booking refunded at any counter of the station (claimed, or shipped as refund.paid). */
export function refundedAtStation(db: StationDatabase, bookingReference: string): Promise<Set<number>> {
  return ask(async () => {
    // The tickets claimed here, and those of refunds shipped by a counter that paid while the station was down.
    const { rows } = await db.pool.query<{ passenger_index: number }>(
      `SELECT passenger_index FROM ticket_refunds WHERE station_id = $1 AND booking_ref = $2
       UNION
       SELECT jsonb_array_elements_text(payload::jsonb -> 'passengerIndexes')::int FROM entries
       WHERE type = 'refund.paid' AND (payload::jsonb ->> 'bookingReference') = $2 AND counter_id IN (SELECT id FROM counters WHERE station_id = $1)`,
      [db.stationId, bookingReference],
    );
    return new Set(rows.map((r) => r.passenger_index));
  });
}

/**
 * Claims the tickets for one refund, all or none: answers the tickets another refund holds
 * already (then nothing was claimed).
 */
export function claimTickets(db: StationDatabase, bookingReference: string, indexes: readonly number[], refundId: string): Promise<number[]> {
  return ask(async () => {
    // one call, one transaction: the station's function checks this login is the counter's own
    const { rows } = await db.pool.query<{ taken: number[] }>('SELECT claim_ticket_refunds($1, $2, $3::int[], $4) AS taken', [db.counterId, bookingReference, indexes, refundId]);
    return rows[0]?.taken ?? [];
  });
}

/** Gives the claim back: the refund it was for could not be written on this counter. */
export async function releaseTickets(db: StationDatabase, refundId: string): Promise<void> {
  await db.pool.query('SELECT release_ticket_refunds($1, $2)', [db.counterId, refundId]);
}

/** A confirmed sale of another counter of the station, by its booking reference, from its shipped entries. */
export function saleAtStation(db: StationDatabase, bookingReference: string): Promise<SaleFacts | null> {
  return ask(async () => {
    const { rows } = await db.pool.query<{ counter_id: string; type: string; payload: string }>(
      `WITH sale AS (
         SELECT o.counter_id, o.sale_id FROM entries o
         WHERE o.type = 'sale.outcome' AND (o.payload::jsonb ->> 'bookingReference') = $2 AND (o.payload::jsonb ->> 'status') = 'confirmed'
           AND o.counter_id IN (SELECT id FROM counters WHERE station_id = $1)
         LIMIT 1)
       SELECT e.counter_id, e.type, e.payload FROM entries e JOIN sale s ON e.counter_id = s.counter_id AND e.sale_id = s.sale_id
       WHERE e.type IN ('sale.intent', 'sale.outcome', 'cash.received') ORDER BY e.seq`,
      [db.stationId, bookingReference],
    );
    const intent = rows.find((r) => r.type === 'sale.intent');
    const cash = rows.find((r) => r.type === 'cash.received');
    if (!intent || !cash) return null;
    const outcome = rows.findLast((r) => r.type === 'sale.outcome');
    const booking = outcome ? ((JSON.parse(outcome.payload) as { booking: Booking | null }).booking ?? null) : null;
    return factsOf(JSON.parse(intent.payload) as SaleIntent, booking, (JSON.parse(cash.payload) as { amountMinor: number }).amountMinor, bookingReference, intent.counter_id);
  });
}
