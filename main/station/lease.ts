// One live writer per counter id at the station (migration 0008): the PC that ships a counter's
// journal holds its lease and renews it every shipping round; a restore takes it only from a
// holder silent for longer than TAKE_OVER_AFTER_S, and a PC whose lease another took stops
// shipping (and says so) instead of writing beside the restored counter.
import type pg from 'pg';
import { AppFailure } from '../failure.ts';

/** How long a holder must have been silent before a restore on another PC may take its counter. */
export const TAKE_OVER_AFTER_S = 15 * 60;

export interface LeaseAnswer {
  granted: boolean;
  holder: string;
  heartbeatAt: Date;
  retired: boolean;
}

export async function claimCounter(pool: pg.Pool | pg.PoolClient, counterId: string, holder: string, takeOverAfterS: number | null): Promise<LeaseAnswer> {
  const { rows } = await pool.query<{ granted: boolean; holder: string; heartbeat_at: Date; retired: boolean }>('SELECT * FROM claim_counter($1, $2, $3)', [counterId, holder, takeOverAfterS]);
  const r = rows[0]!;
  return { granted: r.granted, holder: r.holder, heartbeatAt: r.heartbeat_at, retired: r.retired };
}

/** The lease given up (retire: for good, no PC may write for this counter again). */
export async function releaseCounter(pool: pg.Pool, counterId: string, holder: string, retire: boolean, reason: string): Promise<boolean> {
  const { rows } = await pool.query<{ release_counter: boolean }>('SELECT release_counter($1, $2, $3, $4)', [counterId, holder, retire, reason]);
  return rows[0]!.release_counter;
}

/** The refusal a restore or a shipping round meets when another PC holds the counter. */
export function liveElsewhere(counterId: string, lease: LeaseAnswer, now: Date): AppFailure {
  if (lease.retired) {
    return new AppFailure('counter_retired', `Counter ${counterId} was retired at the station (Replace): no PC may write as it again, so it cannot be restored to sell`, { counterId });
  }
  const minutes = Math.max(0, Math.round((now.getTime() - lease.heartbeatAt.getTime()) / 60_000));
  return new AppFailure(
    'counter_live_elsewhere',
    `Counter ${counterId} is held by another PC (${lease.holder}), last heard ${minutes} minute(s) ago; switch that PC off, then wait ${TAKE_OVER_AFTER_S / 60} minutes after its last word, or have the administrator run "npm run station -- release-counter --counter ${counterId}"`,
    { counterId },
  );
}

/**
 * An administrator (the database owner, `npm run station -- release-counter`) frees a counter whose
 * PC is dead and cannot release it itself: the restoring PC may take it at once. With `retire`,
 * no PC may take it again.
 */
export async function releaseCounterAsAdministrator(pool: pg.Pool, counterId: string, retire: boolean, reason: string): Promise<boolean> {
  const { rowCount } = await pool.query(
    `UPDATE counter_leases SET heartbeat_at = '-infinity', retired_at = CASE WHEN $2 THEN now() ELSE NULL END, retired_reason = CASE WHEN $2 THEN $3 ELSE NULL END
      WHERE counter_id = $1 AND retired_at IS NULL`,
    [counterId, retire, reason],
  );
  return (rowCount ?? 0) > 0;
}

/** Every counter of the station with its lease: which PC holds it and when it was last heard. */
export async function countersWithLeases(pool: pg.Pool): Promise<{ id: string; stationId: string; environment: string; lastSeq: number; holder: string | null; heartbeatAt: Date | null; retiredAt: Date | null }[]> {
  const { rows } = await pool.query<{ id: string; station_id: string; environment: string; last_seq: string | null; holder: string | null; heartbeat_at: Date | null; retired_at: Date | null }>(
    `SELECT c.id, c.station_id, c.environment, (SELECT max(seq) FROM entries e WHERE e.counter_id = c.id) AS last_seq, l.holder, l.heartbeat_at, l.retired_at
       FROM counters c LEFT JOIN counter_leases l ON l.counter_id = c.id ORDER BY c.station_id, c.id`,
  );
  return rows.map((r) => ({ id: r.id, stationId: r.station_id, environment: r.environment, lastSeq: Number(r.last_seq ?? 0), holder: r.holder, heartbeatAt: r.heartbeat_at, retiredAt: r.retired_at }));
}
