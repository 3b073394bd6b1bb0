// The station database's word on refunds (issue 23): which tickets of a booking any counter of
// the station refunded, the claim of tickets before a refund is paid (ticket_refunds, station
// migration 0006: the primary key decides between two windows), and another counter's sale read
// from its shipped entries so that any window of a linked station can pay it back.
import type pg from 'pg';
import type { CounterEnvironment } from '../../contract/counter.ts';
import { Booking } from '../../contract/partner/resources.ts';
import { AppFailure } from '../failure.ts';
import type { CashReceived, SaleIntent, SaleOutcomeEntry } from '../journal/entries.ts';
import type { Journal } from '../journal/journal.ts';
import { stationLeftAtSeq, stationsApplied } from '../journal/settings-rows.ts';
import { saleRowOf } from '../journal/queries/sales.ts';
import { storedPayload } from '../journal/schemas.ts';
import { firstUnsigned } from '../station/verify.ts';
import { foundOutsideAtStation } from '../station/found-outside.ts';
import { journeyOf, routeOf, type Journey } from '../../core/route.ts';

export interface StationDatabase {
  pool: pg.Pool;
  stationId: string;
  counterId: string;
  /** The journal linked: only the station's counters of this environment sell what it refunds. */
  environment: CounterEnvironment;
  /**
   * The last seq of this counter's journal the station database is known to hold (null: not known
   * since start): a sale shipped there may have been refunded at another window.
   */
  acknowledged: () => number | null;
  /** This PC's holder id of the counter's lease (null: none known). */
  holder?: string | null;
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

/** A shipped entry's payload as its kind's schema has it (main/journal/schemas.ts); else station_sale_invalid. */
function entryOfRow(counterId: string, r: { seq: string; type: string; payload: string }): unknown {
  const stored = storedPayload(r.type, r.payload);
  // factsOf also reads the request body and the booking the API answered: each as a counter keeps it
  const problem = stored.ok ? (requestBodyProblem(r.type, stored.payload) ?? bookingProblem(r.type, stored.payload)) : stored.why;
  if (stored.ok && problem === null) return stored.payload;
  throw new AppFailure('station_sale_invalid', `The station's copy of entry ${r.seq} of counter ${counterId} is not one a counter writes (${problem}): nothing is paid on it`, { counterId, seq: Number(r.seq) });
}

const bookingProblem = (type: string, payload: unknown): string | null => {
  const booking = type === 'sale.outcome' ? (payload as SaleOutcomeEntry).booking : null;
  return booking === null || booking === undefined || Booking.safeParse(booking).success ? null : 'sale.outcome: booking: not a booking of the API';
};

const requestBodyProblem = (type: string, payload: unknown): string | null => {
  if (type !== 'sale.intent') return null;
  try {
    JSON.parse((payload as SaleIntent).requestBody);
    return null;
  } catch {
    return 'sale.intent: requestBody: not JSON';
  }
};

/** A sale whose entries its own counter found written outside the app (journal.foreign_entries): nothing is paid on it. */
export function writtenOutsideFailure(bookingReference: string, counterId: string, seq: number): AppFailure {
  return new AppFailure(
    'sale_written_outside',
    `Counter ${counterId} found entry ${seq} of its sale of ${bookingReference} written outside the app: nothing is paid on it until the station manager has checked it`,
    { counterId, seq },
  );
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

/**
 * Not linked now, yet this journal went to a station database (a supervisor disconnected it, its
 * settings file is gone, the keychain no longer gives the counter's key): any window of that
 * station may have paid its sales back from the station's copy, and only the station knows. A link
 * that is gone grants no more than one whose database is down after a restart: the refund waits.
 * Only a sale made after a supervisor's disconnect (noted then) never went there: it is paid here.
 */
export function refuseOnceLinked(journal: Journal, sale: { saleId: string; bookingReference: string }): void {
  const { bookingReference } = sale;
  const stations = stationsApplied(journal);
  if (stations.length === 0) return;
  const leftAt = stationLeftAtSeq(journal);
  const intentSeq = saleRowOf(journal, sale.saleId)?.intent_seq ?? null;
  if (leftAt !== null && intentSeq !== null && intentSeq > leftAt) return;
  throw new AppFailure(
    'refund_needs_station',
    `This counter's sales went to the station database of ${stations.join(', ')}, and it is not linked now: another window may have refunded ${bookingReference}; link it again (Settings → Station), or refund at a window linked to it`,
    { bookingReference },
  );
}

/** The tickets of a booking refunded at any counter of the station (claimed, or shipped as refund.paid). */
export function refundedAtStation(db: StationDatabase, bookingReference: string): Promise<Set<number>> {
  return ask(async () => {
    // The tickets claimed here, and those of refunds shipped by a counter that paid while the station was down.
    const { rows } = await db.pool.query<{ passenger_index: number }>(
      `SELECT passenger_index FROM ticket_refunds WHERE station_id = $1 AND booking_ref = $2
       UNION
       SELECT jsonb_array_elements_text(payload::jsonb -> 'passengerIndexes')::int FROM entries
       WHERE type = 'refund.paid' AND (payload::jsonb ->> 'bookingReference') = $2 AND counter_id IN (SELECT id FROM counters WHERE station_id = $1 AND environment = $3)`,
      [db.stationId, bookingReference, db.environment],
    );
    return new Set(rows.map((r) => r.passenger_index));
  });
}

/**
 * Claims the tickets for one refund, all or none: answers the tickets another refund holds
 * already (then nothing was claimed).
 */
export function claimTickets(db: Pick<StationDatabase, 'pool' | 'counterId'>, bookingReference: string, indexes: readonly number[], refundId: string): Promise<number[]> {
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

/**
 * Claims of tickets held under this counter's id since its PC took the lease that it neither noted
 * nor wrote (`known` says which it did): made by its login elsewhere (station migration 0024), given
 * back. Claims from before may be a dead PC's: only the administrator releases them (claims-held.ts).
 */
export async function giveBackClaimsMadeElsewhere(db: StationDatabase, known: (refundId: string) => boolean, log: (message: string, err?: unknown) => void): Promise<void> {
  if (!db.holder) return;
  try {
    const { rows } = await db.pool.query<{ refund_id: string; booking_ref: string }>('SELECT refund_id, booking_ref FROM ticket_claims_since_lease($1, $2)', [db.counterId, db.holder]);
    for (const r of rows.filter((c) => !known(c.refund_id))) {
      await releaseTickets(db, r.refund_id);
      log(`the station held tickets of ${r.booking_ref} under this counter for refund ${r.refund_id}, which this counter never made (its database login used elsewhere?): given back`);
    }
  } catch (err) {
    log('the claims held under this counter at the station could not be looked at yet', err);
  }
}

/**
 * Claims a wallet line for a hand match of this counter (station migration 0017): answers the
 * counter that holds it already (null: this call took it, or this counter held it for this match).
 */
export function claimWalletLine(db: StationDatabase, transactionId: string, bookingReference: string, matchId: string): Promise<string | null> {
  return ask(async () => {
    const { rows } = await db.pool.query<{ holder: string | null }>('SELECT claim_wallet_line_match($1, $2, $3, $4) AS holder', [db.counterId, transactionId, bookingReference, matchId]);
    return rows[0]?.holder ?? null;
  });
}

/** Gives a wallet line's claim back: the hand match it was for was not written on this counter. */
export function releaseWalletLine(db: StationDatabase, matchId: string): Promise<void> {
  return ask(async () => {
    await db.pool.query('SELECT release_wallet_line_match($1, $2)', [db.counterId, matchId]);
  });
}

/** The wallet lines this counter holds for hand matches at the station: transaction id and match id. */
export function walletLinesHeld(db: StationDatabase): Promise<{ transactionId: string; matchId: string }[]> {
  return ask(async () => {
    const { rows } = await db.pool.query<{ transaction_id: string; match_id: string }>(
      'SELECT transaction_id, match_id FROM wallet_line_matches WHERE station_id = $1 AND environment = $2 AND counter_id = $3',
      [db.stationId, db.environment, db.counterId],
    );
    return rows.map((r) => ({ transactionId: r.transaction_id, matchId: r.match_id }));
  });
}

/**
 * A confirmed sale of another counter of the station, by its booking reference, from its shipped
 * entries: only entries its counter signed (a chain head its enrolled key signed covers them, and
 * they link to it unaltered) pay cash out. A row a counter's database login wrote beside them, with
 * no key, is station_sale_unverified, and nothing is paid on it.
 */
export function saleAtStation(db: StationDatabase, bookingReference: string): Promise<SaleFacts | null> {
  return ask(async () => {
    const { rows: sales } = await db.pool.query<{ counter_id: string; sale_id: string }>(
      `SELECT DISTINCT o.counter_id, o.sale_id FROM entries o
       WHERE o.type = 'sale.outcome' AND (o.payload::jsonb ->> 'bookingReference') = $2 AND (o.payload::jsonb ->> 'status') = 'confirmed'
         AND o.counter_id IN (SELECT id FROM counters WHERE station_id = $1 AND environment = $3)
       ORDER BY o.counter_id, o.sale_id`,
      [db.stationId, bookingReference, db.environment],
    );
    let unverified: { counterId: string; seq: number } | null = null;
    let outside: { counterId: string; seq: number } | null = null;
    const found = await foundOutsideAtStation(db.pool, [...new Set(sales.map((s) => s.counter_id))]);
    for (const sale of sales) {
      const { rows } = await db.pool.query<{ seq: string; type: string; payload: string }>(
        `SELECT seq, type, payload FROM entries WHERE counter_id = $1 AND sale_id = $2 AND type IN ('sale.intent', 'sale.outcome', 'cash.received') ORDER BY seq`,
        [sale.counter_id, sale.sale_id],
      );
      const intent = rows.find((r) => r.type === 'sale.intent');
      const cash = rows.find((r) => r.type === 'cash.received');
      if (!intent || !cash) continue;
      const unsigned = await firstUnsigned(db.pool, sale.counter_id, Number(rows[0]!.seq), Number(rows.at(-1)!.seq));
      if (unsigned !== null) {
        unverified ??= { counterId: sale.counter_id, seq: unsigned };
        continue;
      }
      const named = found.get(sale.counter_id);
      const byHand = named ? rows.find((r) => named(Number(r.seq))) : undefined;
      if (byHand) {
        outside ??= { counterId: sale.counter_id, seq: Number(byHand.seq) };
        continue;
      }
      // signed, yet read as what a counter writes before a pound leaves the drawer on it
      const outcome = rows.findLast((r) => r.type === 'sale.outcome')!;
      const [i, o, c] = [intent, outcome, cash].map((r) => entryOfRow(sale.counter_id, r)) as [SaleIntent, SaleOutcomeEntry, CashReceived];
      return factsOf(i, o.booking ?? null, c.amountMinor, bookingReference, sale.counter_id);
    }
    if (unverified) {
      throw new AppFailure('station_sale_unverified', `The station's copy of ${bookingReference} (counter ${unverified.counterId}) is not covered by its counter's signature from entry ${unverified.seq}: nothing is paid on it`, unverified);
    }
    if (outside) throw writtenOutsideFailure(bookingReference, outside.counterId, outside.seq);
    return null;
  });
}
