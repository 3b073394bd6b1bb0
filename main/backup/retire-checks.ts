// What Replace waits for before it retires a counter for good: every shift closed (the drawer
// counted), every sale finished (confirmed or failed at the API, its cash recorded), and, linked,
// every entry of the station's environment received by the station database. A retired journal is
// never written again and the station takes nothing more from a retired counter: whatever was
// still open or unsent then would be lost to the drawer, the traveller or the station's record.
import { existsSync } from 'node:fs';
import type pg from 'pg';
import { CounterEnvironment } from '../../contract/counter.ts';
import { AppFailure } from '../failure.ts';
import { JournalFile } from '../journal/journal-file.ts';
import { journalPath } from '../session.ts';
import { stationLastSeq } from '../station/shipper.ts';

const ENVIRONMENTS = CounterEnvironment.options;

export interface RetireStation {
  pool: pg.Pool;
  /** The environment whose journal the station database takes. */
  environment: CounterEnvironment;
}

function unfinishedIn(path: string): ReturnType<JournalFile['unfinished']> {
  const file = JournalFile.open(path);
  try {
    return file.unfinished();
  } finally {
    file.close();
  }
}

async function receivedUpTo(station: RetireStation, counterId: string): Promise<number> {
  try {
    return await stationLastSeq(station.pool, counterId);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new AppFailure('retire_unshipped', `Counter ${counterId} cannot be retired now: the station database cannot be reached to check that it received every entry (${why}); try again once it answers`, { counterId, retryable: true });
  }
}

/** Throws the first reason this data folder's counter cannot be retired yet; nothing is changed. */
export async function refuseRetireWhileBusy(dataDir: string, counterId: string, station: RetireStation | null): Promise<void> {
  for (const environment of ENVIRONMENTS) {
    const path = journalPath(dataDir, environment);
    if (!existsSync(path)) continue;
    const left = unfinishedIn(path);
    if (left.unfinishedSales > 0) {
      throw new AppFailure('retire_sale_unfinished', `Counter ${counterId} cannot be retired: ${left.unfinishedSales} sale(s) of its ${environment} journal are not finished (sending or pending at the API); wait until each is confirmed or failed`, { counterId });
    }
    if (left.openShifts > 0) {
      throw new AppFailure('retire_shift_open', `Counter ${counterId} cannot be retired: a shift of its ${environment} journal is still open; count the drawer and close it first`, { counterId });
    }
    if (station?.environment !== environment) continue;
    const received = await receivedUpTo(station, counterId);
    if (received < left.lastSeq) {
      throw new AppFailure(
        'retire_unshipped',
        `Counter ${counterId} cannot be retired: entries ${received + 1}–${left.lastSeq} of its journal have not reached the station database yet; retire it once they are sent (Settings → Station)`,
        { counterId, seq: received + 1 },
      );
    }
  }
}
