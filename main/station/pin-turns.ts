// The station's count of an agent's wrong PINs (migration 0018), taken for the length of one PIN
// check at this counter: one transaction on one connection, the agent's row held FOR UPDATE until
// the check's outcome is written. A station that is not linked, known offline or slow to give a
// connection leaves the check to this counter's own count (main/agents/pin-lockout.ts), as before
// a link: a sign-in never waits long on the station.
import type pg from 'pg';
import type { Log } from '../deps.ts';
import type { PinState, PinTurn, PinTurns } from '../agents/pin-lockout.ts';
import type { StationDatabase } from '../refunds/station-gate.ts';

/** How long a PIN check waits for a connection to the station before going on without it. */
export const PIN_TURN_CONNECT_MS = 1_500;
/** How long the server keeps a turn whose window went quiet (a PIN check takes well under a second). */
const TURN_IDLE_MS = 10_000;
/** How long a check waits for the agent's row while another window checks them. */
const TURN_WAIT_MS = 5_000;

interface TurnRow {
  t_wrong: unknown;
  t_locks: unknown;
  t_locked_until: unknown;
}

/** The row as a PinState, or null when it is not one (a row read is checked like any other input). */
function stateOf(row: TurnRow | undefined): PinState | null {
  if (!row) return null;
  const count = (n: unknown) => (typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : null);
  const [wrong, locks] = [count(row.t_wrong), count(row.t_locks)];
  const until = row.t_locked_until;
  if (wrong === null || locks === null) return null;
  if (until === null) return { wrong, locks, lockedUntil: null };
  return until instanceof Date && !Number.isNaN(until.getTime()) ? { wrong, locks, lockedUntil: until.toISOString() } : null;
}

/** A connection within `ms`, or null (one that comes later is given back to the pool). */
async function connectWithin(pool: pg.Pool, ms: number): Promise<pg.PoolClient | null> {
  const connecting = pool.connect();
  const timer = new Promise<null>((resolve) => setTimeout(() => resolve(null), ms).unref());
  const client = await Promise.race([connecting, timer]);
  if (client) return client;
  void connecting.then(
    (c) => c.release(),
    () => undefined,
  );
  return null;
}

export function stationPinTurns(station: () => StationDatabase | null, log: Log, connectMs = PIN_TURN_CONNECT_MS): PinTurns {
  return async (agentId) => {
    const db = station();
    if (!db) return null;
    const client = await connectWithin(db.pool, connectMs).catch((err: unknown) => {
      log('PIN check: the station cannot be reached; this counter counts the wrong PINs alone', err);
      return null;
    });
    if (!client) return null;
    let state: PinState | null;
    try {
      await client.query('BEGIN');
      // A window that dies holding the row (its PC off) must not hold the agent's next check at
      // another one for long: the server ends a transaction left idle, and a wait for the row is bounded.
      await client.query(`SET LOCAL idle_in_transaction_session_timeout = ${TURN_IDLE_MS}; SET LOCAL lock_timeout = ${TURN_WAIT_MS}`);
      state = stateOf((await client.query<TurnRow>('SELECT t_wrong, t_locks, t_locked_until FROM pin_turn($1, $2)', [db.counterId, agentId])).rows[0]);
      if (!state) throw new Error(`the station's count of agent ${agentId} is not one this counter reads`);
    } catch (err) {
      log('PIN check: the station did not give its count of the agent; this counter counts the wrong PINs alone', err);
      await client.query('ROLLBACK').catch(() => undefined);
      client.release();
      return null;
    }
    const turn: PinTurn = {
      state,
      end: async (next) => {
        try {
          if (next) await client.query('SELECT pin_turn_end($1, $2, $3, $4, $5)', [db.counterId, agentId, next.wrong, next.locks, next.lockedUntil]);
          await client.query(next ? 'COMMIT' : 'ROLLBACK');
          client.release();
        } catch (err) {
          log(`PIN check: the station did not keep agent ${agentId}'s count`, err);
          client.release(err as Error);
        }
      },
    };
    return turn;
  };
}
