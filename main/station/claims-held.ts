// Claims held at the station with no record behind them: tickets claimed for a refund whose
// refund.paid never arrived, a wallet line claimed for a hand match whose claim.matched never
// arrived. A running counter gives its own back (refunds/service.ts, claims-service.ts); a PC that
// never starts again held them for good, and no window could pay those tickets back. The
// administrator lists them (`npm run station -- claims`) and releases one with a reason
// (`release-claim`), kept in claim_releases (station migration 0023).
import type pg from 'pg';
import { inTransaction } from './admin.ts';

/** A counter heard this recently still gives its own claims back: releasing one under it could pay a ticket twice. */
export const HOLDER_ALIVE_MINUTES = 10;

export interface HeldClaim {
  kind: 'tickets' | 'wallet_line';
  /** The refund id (tickets) or the hand match id (wallet line). */
  claimId: string;
  stationId: string;
  environment: string;
  counterId: string;
  bookingReference: string;
  /** What is held: the travellers' numbers on the booking (1 = first), or the wallet transaction id. */
  held: string;
  claimedAt: Date;
  /** The holder's lease: when last heard (null: never, or released by an administrator), retired. */
  heardAt: Date | null;
  retired: boolean;
  /** Heard within HOLDER_ALIVE_MINUTES and not retired: it gives the claim back itself. */
  alive: boolean;
}

interface Row {
  kind: 'tickets' | 'wallet_line';
  claim_id: string;
  station_id: string;
  environment: string;
  counter_id: string;
  booking_ref: string;
  held: string;
  claimed_at: Date;
  heard_at: Date | null;
  retired: boolean;
  alive: boolean;
}

const HOLDER = `l.retired_at IS NOT NULL AS retired,
  CASE WHEN l.heartbeat_at = '-infinity' THEN NULL ELSE l.heartbeat_at END AS heard_at,
  coalesce(l.retired_at IS NULL AND l.heartbeat_at > now() - interval '${HOLDER_ALIVE_MINUTES} minutes', false) AS alive`;

// $1: a station (NULL: every one); $2: one claim id (NULL: every one).
const HELD = `
SELECT 'tickets' AS kind, t.refund_id AS claim_id, t.station_id, c.environment, t.counter_id, t.booking_ref,
  string_agg((t.passenger_index + 1)::text, ', ' ORDER BY t.passenger_index) AS held, min(t.claimed_at) AS claimed_at, ${HOLDER}
FROM ticket_refunds t JOIN counters c ON c.id = t.counter_id LEFT JOIN counter_leases l ON l.counter_id = t.counter_id
WHERE ($1::text IS NULL OR t.station_id = $1) AND ($2::text IS NULL OR t.refund_id = $2)
  AND NOT EXISTS (SELECT 1 FROM entries e WHERE e.type = 'refund.paid' AND (e.payload::jsonb ->> 'bookingReference') = t.booking_ref
    AND e.counter_id = t.counter_id AND (e.payload::jsonb ->> 'refundId') = t.refund_id)
GROUP BY t.refund_id, t.station_id, c.environment, t.counter_id, t.booking_ref, l.retired_at, l.heartbeat_at
UNION ALL
SELECT 'wallet_line', w.match_id, w.station_id, w.environment, w.counter_id, w.booking_ref, w.transaction_id, w.claimed_at, ${HOLDER}
FROM wallet_line_matches w LEFT JOIN counter_leases l ON l.counter_id = w.counter_id
WHERE ($1::text IS NULL OR w.station_id = $1) AND ($2::text IS NULL OR w.match_id = $2)
  AND NOT EXISTS (SELECT 1 FROM entries e WHERE e.counter_id = w.counter_id AND e.type = 'claim.matched'
    AND (e.payload::jsonb ->> 'transactionId') = w.transaction_id)
ORDER BY claimed_at, claim_id`;

const heldOf = (r: Row): HeldClaim => ({
  kind: r.kind,
  claimId: r.claim_id,
  stationId: r.station_id,
  environment: r.environment,
  counterId: r.counter_id,
  bookingReference: r.booking_ref,
  held: r.held,
  claimedAt: r.claimed_at,
  heardAt: r.heard_at,
  retired: r.retired,
  alive: r.alive,
});

/** The claims held with no record behind them, oldest first (of one station, or of all). */
export async function heldClaims(pool: Pick<pg.Pool, 'query'>, stationId: string | null = null): Promise<HeldClaim[]> {
  const { rows } = await pool.query<Row>(HELD, [stationId, null]);
  return rows.map(heldOf);
}

/** The command that releases a claim, as `claims` prints it. */
export const releaseCommand = (c: Pick<HeldClaim, 'claimId'>): string => `npm run station -- release-claim --claim ${c.claimId} --reason "…"`;

/** One line of `claims`: what is held, by which counter, since when, whether it is heard. */
export function heldClaimLine(c: HeldClaim): string {
  const what = c.kind === 'tickets' ? `travellers ${c.held} of ${c.bookingReference}, claimed for refund ${c.claimId}` : `wallet line ${c.held} (${c.bookingReference}), claimed for hand match ${c.claimId}`;
  const holder = c.retired ? 'retired' : c.alive ? `heard ${c.heardAt!.toISOString()}: it gives the claim back itself` : c.heardAt ? `last heard ${c.heardAt.toISOString()}` : 'not heard (no lease, or released)';
  return `${c.stationId} ${c.environment} ${c.counterId}: ${what}, since ${c.claimedAt.toISOString()}; counter ${holder}`;
}

/**
 * Releases one claim held with no record behind it, and keeps the release (what, whose, since when,
 * who, why). Refused while its counter is heard (it gives its own claims back; release-counter
 * first if that PC is dead), when the record arrived (the claim stands), and without a reason.
 */
export async function releaseClaim(pool: pg.Pool, claimId: string, reason: string): Promise<HeldClaim> {
  const why = reason.trim();
  if (!why) throw new Error('--reason: say why the claim is released (what the dead PC paid, found where)');
  return inTransaction(pool, async (client) => {
    // the claim's rows, locked: a counter's own give-back or record meets this release one at a time
    const tickets = await client.query('SELECT 1 FROM ticket_refunds WHERE refund_id = $1 FOR UPDATE', [claimId]);
    const lines = await client.query('SELECT 1 FROM wallet_line_matches WHERE match_id = $1 FOR UPDATE', [claimId]);
    if (tickets.rowCount === 0 && lines.rowCount === 0) throw new Error(`not_found: no claim ${claimId} is held at the station`);
    const [row] = (await client.query<Row>(HELD, [null, claimId])).rows;
    if (!row) throw new Error(`claim_settled: the record of claim ${claimId} reached the station (its refund was paid, or its line matched): the claim stands`);
    const claim = heldOf(row);
    if (claim.alive) {
      throw new Error(
        `claim_holder_alive: counter ${claim.counterId} was heard at ${claim.heardAt!.toISOString()}: it gives its own claims back when it starts or looks at refunds; if that PC is dead, run "npm run station -- release-counter --counter ${claim.counterId}" first`,
      );
    }
    await client.query(claim.kind === 'tickets' ? 'DELETE FROM ticket_refunds WHERE refund_id = $1' : 'DELETE FROM wallet_line_matches WHERE match_id = $1', [claimId]);
    await client.query('INSERT INTO claim_releases (kind, claim_id, station_id, counter_id, booking_ref, held, claimed_at, reason) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
      claim.kind,
      claim.claimId,
      claim.stationId,
      claim.counterId,
      claim.bookingReference,
      claim.held,
      claim.claimedAt,
      why,
    ]);
    return claim;
  });
}
