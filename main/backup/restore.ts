// Bringing a counter back on a new or repaired PC: from a backup file, and/or from the station
// database's copy of its entries. The counter comes back with its identity (installation.json
// takes the backup's counter id, with a new holder id), its journal as it was (open shift, cash
// count, pending sales, the same seq onwards), plus the entries the station holds beyond the
// backup. Refused on a PC whose journal already holds work of its own, and refused while another
// PC still holds the counter at the station (main/station/lease.ts).
import { chmodSync, closeSync, copyFileSync, existsSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { CounterEnvironment } from '../../contract/counter.ts';
import type { Clock } from '../clock.ts';
import { AppFailure } from '../failure.ts';
import { Journal, type StoredEntry } from '../journal/journal.ts';
import { journalPath } from '../session.ts';
import { adoptCounterId } from '../settings/installation.ts';
import { adoptEntries } from '../journal/adopt.ts';
import { journalFileHasWork } from '../journal/journal-file.ts';
import { verifyBackupFile } from './verify.ts';

const ENVIRONMENTS: CounterEnvironment[] = ['TRAINING', 'SANDBOX', 'LIVE'];

export interface Restored {
  environment: CounterEnvironment;
  counterId: string;
  /** The last entry, and how many came from the station beyond the backup. */
  seq: number;
  fromStation: number;
}

/** What restoring from the station reads of its database (main/station/restore-source.ts). */
export interface StationCopy {
  environmentOf(counterId: string): Promise<CounterEnvironment | null>;
  /** Up to `limit` entries of the counter after `afterSeq`, as received. */
  entriesAfter(counterId: string, afterSeq: number, limit: number): Promise<StoredEntry[]>;
  /** Takes the counter's lease for this PC, or throws counter_live_elsewhere (before anything is restored). */
  claim(counterId: string, holder: string): Promise<void>;
}

function refuseWhenInUse(dataDir: string): void {
  for (const env of ENVIRONMENTS) {
    const path = journalPath(dataDir, env);
    // A journal that holds anything an agent did is never replaced.
    if (journalFileHasWork(path)) throw new AppFailure('restore_refused', `This PC already holds a ${env} journal with work of its own (${path}); restore only on a new or emptied PC`);
  }
}

/** The journal file of `environment` set aside (a fresh, unused one made by this PC's first start). */
function setAside(path: string, now: Date): void {
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(path + suffix)) renameSync(path + suffix, `${path}.unused-${stamp}${suffix}`);
}

/**
 * Restores from a backup file. The caller has closed its journals (the counter reopens them
 * after). Returns what was restored; the station's entries are added by `restoreFromStation`.
 */
export async function restoreFromBackup(dataDir: string, file: string, clock: Clock): Promise<Restored> {
  const verified = await verifyBackupFile(file);
  refuseWhenInUse(dataDir);
  const now = clock.now();
  const target = journalPath(dataDir, verified.environment);
  mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
  setAside(target, now);
  const partial = `${target}.restoring`;
  try {
    closeSync(openSync(partial, 'w', 0o600));
    copyFileSync(file, partial);
    chmodSync(partial, 0o600);
    const fd = openSync(partial, 'r');
    fsyncSync(fd);
    closeSync(fd);
    renameSync(partial, target);
  } finally {
    rmSync(partial, { force: true });
  }
  adoptCounterId(dataDir, verified.counterId, now, basename(file));
  return { environment: verified.environment, counterId: verified.counterId, seq: verified.seq, fromStation: 0 };
}

/**
 * Restores a counter from the station database: on top of a backup already restored (`from`),
 * or from nothing (the station holds the whole journal). The caller took the counter's lease
 * first (StationCopy.claim), so a counter still selling on its old PC is never restored beside it.
 */
export async function restoreFromStation(dataDir: string, counterId: string, station: StationCopy, clock: Clock, from: Restored | null = null): Promise<Restored> {
  const environment = from?.environment ?? (await station.environmentOf(counterId));
  if (!environment) throw new AppFailure('not_found', `The station database does not know counter ${counterId}`);
  if (!from) refuseWhenInUse(dataDir);
  const now = clock.now();
  if (!from) {
    setAside(journalPath(dataDir, environment), now);
    adoptCounterId(dataDir, counterId, now, 'station');
  }
  const journal = Journal.open({ path: journalPath(dataDir, environment), clock, environment, counterId });
  try {
    if (journal.counterId !== counterId) throw new AppFailure('restore_refused', `The restored journal is counter ${journal.counterId}'s, not ${counterId}'s`);
    let taken = 0;
    for (;;) {
      const page = await station.entriesAfter(counterId, journal.lastSeq(), 1000);
      if (page.length === 0) break;
      taken += adoptEntries(journal, page);
    }
    const check = journal.verify();
    if (!check.ok) throw new AppFailure('backup_corrupt', `The restored journal does not verify at entry ${check.firstBadSeq}`);
    return { environment, counterId, seq: check.entries, fromStation: taken };
  } finally {
    journal.close();
  }
}
