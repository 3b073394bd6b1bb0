// Linking a new PC to restore a dead counter: the administrator handed it the dead counter's login
// (`npm run station -- hand-over`), which the station database binds to that counter's id, not to
// this PC's. Such a link is kept for the restore only: nothing is registered, shipped or published
// until this PC's journal is that counter's (main/backup/restore.ts), then it ships as that
// counter. Only a PC with no work of its own links so; any other is refused, naming both ids.
import type pg from 'pg';
import type { CounterEnvironment } from '../../contract/counter.ts';
import { AppFailure } from '../failure.ts';

export interface LoginCounter {
  id: string;
  stationId: string;
  environment: CounterEnvironment;
}

/** The counter the session's login is bound to (`enrol`), or null (the owner, or a login of no counter). */
export async function loginCounter(pool: pg.Pool): Promise<LoginCounter | null> {
  const { rows } = await pool.query<{ id: string; station_id: string; environment: CounterEnvironment }>('SELECT id, station_id, environment FROM counters WHERE login = session_user');
  const r = rows[0];
  return r ? { id: r.id, stationId: r.station_id, environment: r.environment } : null;
}

/**
 * The counter this PC links to restore, when its login is another counter's; null when the login is
 * this PC's own counter's (or the owner's): an ordinary link.
 */
export function counterToRestore(bound: LoginCounter | null, own: { counterId: string; stationId: string; fresh: boolean; login: string }): string | null {
  if (!bound || bound.id === own.counterId) return null;
  if (bound.stationId !== own.stationId) {
    throw new AppFailure('station_not_enrolled', `Login ${own.login} is counter ${bound.id}'s, of station ${bound.stationId}, not of station ${own.stationId}`);
  }
  if (!own.fresh) {
    throw new AppFailure(
      'station_not_enrolled',
      `Login ${own.login} is counter ${bound.id}'s; this PC is counter ${own.counterId} and holds work of its own: link it with its own login (npm run station -- enrol --counter ${own.counterId})`,
    );
  }
  return bound.id;
}
