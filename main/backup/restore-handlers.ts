import type pg from 'pg';
import type { RestoreResult, RetireResult } from '../../contract/backup.ts';
import type { Clock } from '../clock.ts';
import type { HandlerGroup } from '../deps.ts';
import { AppFailure } from '../failure.ts';
import { stationCopy } from '../station/restore-source.ts';
import { releaseCounter } from '../station/lease.ts';
import { installationHolderId } from '../settings/installation.ts';
import { restoreCounter } from './restore.ts';
import { retireIdentity } from './retire.ts';
import { refuseRetireWhileBusy } from './retire-checks.ts';
import type { CounterEnvironment } from '../../contract/counter.ts';
import { verifyBackupFile, type VerifiedBackup } from './verify.ts';
import type { OverLostJournal } from '../journal/backup-agents.ts';

export interface RestoreDeps {
  dataDir: string;
  clock: Clock;
  log: (message: string, err?: unknown) => void;
  /** Closes the journals, runs `change`, opens them again with the installation's counter id. */
  reopenAfter<T>(change: () => Promise<T>): Promise<T>;
  counterId(): string;
  /** The linked station database, if any. */
  station(): pg.Pool | null;
  /** Forgets the station link (its login and password): Replace leaves the retired counter's login behind. */
  unlinkStation(): Promise<void>;
  /** The environment whose journal the linked station database takes. */
  stationEnvironment(): CounterEnvironment | null;
  /** The counter the station link was made to restore (linked with that counter's login), if any. */
  restoringFor(): string | null;
  /** Resumes every open sale once: a restored counter asks the API about its pending sales first. */
  resume(): Promise<void>;
  /** Over a lost journal, what a backup file must be (undefined: any backup of this counter). */
  overLostJournal?(): OverLostJournal | undefined;
}

/**
 * A backup of a counter that shipped to a station database is restored only with that station's
 * entries after it: alone, the counter would go on numbering from the backup's last entry while the
 * station holds later ones, and its next shipment would break the station's chain.
 */
function refuseSplitFromStation(backup: VerifiedBackup): void {
  if (backup.linkedStations.length === 0) return;
  throw new AppFailure(
    'restore_needs_station',
    `The backup of counter ${backup.counterId} ends at entry ${backup.seq}, and the counter was linked to the station database of ${backup.linkedStations.join(', ')}, which may hold its later entries: link this PC to that station database with the counter's login first (npm run station -- hand-over --counter ${backup.counterId}; Settings → Station), then restore: the backup and the station's entries after it are taken together`,
    { counterId: backup.counterId, seq: backup.seq },
  );
}

export function restoreHandlers(d: RestoreDeps): HandlerGroup<'restoreCounter' | 'retireCounter'> {
  return {
    restoreCounter: async ({ file, stationCounterId }): Promise<RestoreResult> => {
      const pool = d.station();
      if (stationCounterId && !pool) throw new AppFailure('not_configured', 'Link the station database first (Settings → Station), then restore from it');
      // Checked before anything is touched: the file whole, the counter not held by a PC still selling.
      const overLost = d.overLostJournal?.();
      const fromFile = file ? await verifyBackupFile(file, { ...(overLost && { overLostJournal: overLost }) }) : null;
      if (fromFile && !pool) refuseSplitFromStation(fromFile);
      const counterId = stationCounterId ?? (pool ? fromFile!.counterId : null);
      if (fromFile && counterId && fromFile.counterId !== counterId) throw new AppFailure('restore_refused', `The backup is counter ${fromFile.counterId}'s, not ${counterId}'s`);
      const linkedFor = d.restoringFor();
      if (linkedFor && counterId !== linkedFor) {
        throw new AppFailure('restore_needs_counter_login', `This PC is linked with counter ${linkedFor}'s login: it restores that counter only, not ${counterId ?? 'a counter from a file alone'}`, { counterId: linkedFor });
      }
      const station = pool && counterId ? { copy: stationCopy(pool, () => d.clock.now()), counterId } : undefined;
      if (station) await station.copy.claim(station.counterId, installationHolderId(d.dataDir));
      const restored = await d.reopenAfter(() => restoreCounter(d.dataDir, { file, checked: fromFile, station, agentsHead: overLost?.agentsHead }, d.clock));
      d.log(`counter ${restored.counterId} restored (${restored.environment}, entries up to ${restored.seq}, ${restored.fromStation} from the station)`);
      // Before the first new sale: every sale left open is asked of the API once, with its own key.
      await d.resume();
      return restored;
    },
    retireCounter: async ({ reason }): Promise<RetireResult> => {
      const oldCounterId = d.counterId();
      // the lease's holder as it is before the new identity (which has a holder id of its own)
      const holder = installationHolderId(d.dataDir);
      // Checked and done with the journals closed (no sale can start meanwhile); the station is told
      // only once the journals are sealed and moved: a Replace that fails here leaves the counter as it was.
      const { keptIn, newCounterId, stationRetired } = await d.reopenAfter(async () => {
        const pool = d.station();
        const environment = d.stationEnvironment();
        await refuseRetireWhileBusy(d.dataDir, oldCounterId, pool && environment ? { pool, environment } : null);
        const retired = retireIdentity(d.dataDir, oldCounterId, d.clock.now());
        if (!pool) return { ...retired, stationRetired: false };
        const told = await releaseCounter(pool, oldCounterId, holder, true, reason).catch((err: unknown) => {
          d.log(`the station database could not record the retirement of ${oldCounterId}: the administrator runs npm run station -- release-counter --counter ${oldCounterId} --retire --reason "…"`, err);
          return false;
        });
        // The login is the retired counter's: the new identity is enrolled with a login of its own.
        await d.unlinkStation();
        return { ...retired, stationRetired: told };
      });
      d.log(`counter ${oldCounterId} retired (${reason}); this PC is now ${newCounterId}; old journals in ${keptIn}`);
      return { oldCounterId, newCounterId, keptIn, stationRetired };
    },
  };
}
