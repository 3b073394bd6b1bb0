// Bringing a counter back on a new or repaired PC: from a backup file, and/or from the station
// database's copy of its entries. The counter comes back with its identity (installation.json
// takes the backup's counter id, with a new holder id), its journal as it was (open shift, cash
// count, pending sales, the same seq onwards), plus the entries the station holds beyond the
// backup. Refused on a PC whose journal already holds work of its own, and refused while another
// PC still holds the counter at the station (main/station/lease.ts).
import { chmodSync, closeSync, copyFileSync, existsSync, mkdirSync, openSync, renameSync, rmSync } from 'node:fs';
import { fsyncFile, fsyncFolder } from '../files/durable.ts';
import { basename, dirname, join } from 'node:path';
import { CounterEnvironment } from '../../contract/counter.ts';
import type { Clock } from '../clock.ts';
import { AppFailure } from '../failure.ts';
import { Journal, type StoredEntry } from '../journal/journal.ts';
import { journalPath } from '../session.ts';
import { adoptCounterId } from '../settings/installation.ts';
import { adoptEntries } from '../journal/adopt.ts';
import { rebuildReadModels } from '../journal/read-models.ts';
import { journalFileHasWork } from '../journal/journal-file.ts';
import { verifyBackupFile, type VerifiedBackup } from './verify.ts';
import type { AgentsHead } from '../journal/agents-head.ts';
import { refuseWithoutAgentsHead } from '../journal/backup-agents.ts';

const ENVIRONMENTS = CounterEnvironment.options;

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
  /**
   * The counter's entries after `afterSeq`, handed to `take` page by page as they are checked,
   * then judged whole: throws station_copy_refused (naming the counter and the first entry) when
   * a row was changed, a link or a signed head fails, or rows follow the last signed head.
   */
  readVerified(counterId: string, afterSeq: number, take: (page: StoredEntry[]) => void): Promise<void>;
  /** Takes the counter's lease for this PC, or throws counter_live_elsewhere (before anything is restored). */
  claim(counterId: string, holder: string): Promise<void>;
}

/** The first journal of the data folder that holds anything an agent did (a sale, a shift, a cash move), or null. */
export function journalWithWork(dataDir: string): { environment: CounterEnvironment; path: string } | null {
  for (const environment of ENVIRONMENTS) {
    const path = journalPath(dataDir, environment);
    if (journalFileHasWork(path)) return { environment, path };
  }
  return null;
}

function refuseWhenInUse(dataDir: string): void {
  // A journal that holds anything an agent did is never replaced.
  const used = journalWithWork(dataDir);
  if (used) throw new AppFailure('restore_refused', `This PC already holds a ${used.environment} journal with work of its own (${used.path}); restore only on a new or emptied PC`);
}

/** The journal file at `path` set aside (a fresh, unused one made by this PC's first start). */
function setAside(path: string, now: Date): void {
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(path + suffix)) renameSync(path + suffix, `${path}.unused-${stamp}${suffix}`);
}

const removeFile = (path: string) => {
  for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
};

/** A copy of `file`, 0600, on disk before it is used. */
function copyDurably(file: string, to: string): void {
  closeSync(openSync(to, 'w', 0o600));
  copyFileSync(file, to);
  chmodSync(to, 0o600);
  fsyncFile(to);
}

export interface RestoreSources {
  /** A backup file (the journal up to its last entry). */
  file?: string | undefined;
  /** What the caller's own check of that file found (its decisions rest on it): the copy must be the same. */
  checked?: VerifiedBackup | null | undefined;
  /** The station database's copy, for the entries after the backup's last (or all of them). */
  station?: { copy: StationCopy; counterId: string } | undefined;
  /** Over a lost journal: the change to the agents the restored journal must hold (backup-agents.ts). */
  agentsHead?: AgentsHead | null | undefined;
}

/**
 * Restores a counter from a backup file and/or the station database's copy of its entries. The
 * journal is built beside its place (`….restoring`) and put in place, with the installation's
 * counter id, only once every source checked out: a refused backup or station copy leaves the
 * data folder as it was. The caller closed its journals (the counter reopens them after) and,
 * from the station, took the counter's lease first (StationCopy.claim), so a counter still
 * selling on its old PC is never restored beside it.
 */
export async function restoreCounter(dataDir: string, sources: RestoreSources, clock: Clock): Promise<Restored> {
  const { file, station } = sources;
  // The copy is checked, not the file: a share that serves other bytes the second time is caught.
  const copied = file ? join(dataDir, `restore-${process.pid}.copy`) : null;
  try {
    if (file) copyDurably(file, copied!);
    const verified = copied ? await verifyBackupFile(copied) : null;
    if (verified && sources.checked && !sameBackup(verified, sources.checked)) {
      throw new AppFailure('backup_corrupt', `The backup file changed while it was read: it held entries up to ${sources.checked.seq}, its copy up to ${verified.seq} (${file})`);
    }
    return await restoreFrom(dataDir, { copied, verified, station, agentsHead: sources.agentsHead ?? null, name: file ? basename(file) : 'station' }, clock);
  } finally {
    if (copied) removeFile(copied);
  }
}

const sameBackup = (a: VerifiedBackup, b: VerifiedBackup) => a.counterId === b.counterId && a.environment === b.environment && a.seq === b.seq && a.lastHash === b.lastHash;

async function restoreFrom(
  dataDir: string,
  from: { copied: string | null; verified: VerifiedBackup | null; station: RestoreSources['station']; agentsHead: AgentsHead | null; name: string },
  clock: Clock,
): Promise<Restored> {
  const { copied, verified, station } = from;
  const counterId = verified?.counterId ?? station?.counterId;
  if (!counterId) throw new AppFailure('invalid_argument', 'Restore from a backup file, the station database, or both');
  if (station && station.counterId !== counterId) throw new AppFailure('restore_refused', `The backup is counter ${counterId}'s, not ${station.counterId}'s`);
  const environment = verified?.environment ?? (await station!.copy.environmentOf(counterId));
  if (!environment) throw new AppFailure('not_found', `The station database does not know counter ${counterId}`);
  refuseWhenInUse(dataDir);
  const target = journalPath(dataDir, environment);
  mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
  const staging = `${target}.restoring`;
  removeFile(staging);
  try {
    if (copied) renameSync(copied, staging);
    let fromStation = 0;
    let seq: number;
    const journal = Journal.open({ path: staging, clock, environment, counterId });
    try {
      if (journal.counterId !== counterId) throw new AppFailure('restore_refused', `The restored journal is counter ${journal.counterId}'s, not ${counterId}'s`);
      if (station) await station.copy.readVerified(counterId, journal.lastSeq(), (page) => (fromStation += adoptEntries(journal, page)));
      refuseWithoutAgentsHead(journal, from.agentsHead);
      const check = journal.verify();
      if (!check.ok) throw new AppFailure('backup_corrupt', `The restored journal does not verify at entry ${check.firstBadSeq}`);
      seq = check.entries;
      // Only the entries are checked (the chain, the station's signatures): every figure is folded
      // from them again, never taken from the backup's tables, which a copy may have altered.
      rebuildReadModels(journal);
    } finally {
      journal.close();
    }
    const now = clock.now();
    setAside(target, now);
    renameSync(staging, target);
    fsyncFolder(dirname(target));
    adoptCounterId(dataDir, counterId, now, from.name);
    return { environment, counterId, seq, fromStation };
  } finally {
    removeFile(staging);
  }
}
