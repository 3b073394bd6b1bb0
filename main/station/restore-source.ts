// The station database as a source for restoring a counter (main/backup/restore.ts): which
// environment the counter sold in, its entries as received (each one checked on arrival), and
// its lease, taken for the restoring PC only from a holder silent long enough.
import type pg from 'pg';
import type { StationCopy } from '../backup/restore.ts';
import type { CounterEnvironment } from '../../contract/counter.ts';
import { claimCounter, liveElsewhere, TAKE_OVER_AFTER_S } from './lease.ts';

export function stationCopy(pool: pg.Pool, now: () => Date, takeOverAfterS = TAKE_OVER_AFTER_S): StationCopy {
  return {
    async environmentOf(counterId) {
      const { rows } = await pool.query<{ environment: CounterEnvironment }>('SELECT environment FROM counters WHERE id = $1', [counterId]);
      return rows[0]?.environment ?? null;
    },
    async entriesAfter(counterId, afterSeq, limit) {
      const { rows } = await pool.query<{ seq: string; at: string; type: string; payload: string; prev_hash: string; hash: string; chained_counter: boolean; shift_id: string | null }>(
        'SELECT seq, at, type, payload, prev_hash, hash, chained_counter, shift_id FROM entries WHERE counter_id = $1 AND seq > $2 ORDER BY seq LIMIT $3',
        [counterId, afterSeq, limit],
      );
      return rows.map((r) => ({ seq: Number(r.seq), at: r.at, type: r.type, payload: r.payload, prevHash: r.prev_hash, hash: r.hash, chainedCounter: r.chained_counter, shiftId: r.shift_id }));
    },
    async claim(counterId, holder) {
      const lease = await claimCounter(pool, counterId, holder, takeOverAfterS);
      if (!lease.granted) throw liveElsewhere(counterId, lease, now());
    },
  };
}
