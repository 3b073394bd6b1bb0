// The old PC of a restore test, at the level of its services: a real journal file with a
// supervisor and an open shift, a backup folder and the data folder of the PC it is restored on.
import { randomBytes } from 'node:crypto';
import { AgentDirectory } from '../../../main/agents/directory.ts';
import type { Journal } from '../../../main/journal/journal.ts';
import { ShiftService } from '../../../main/shifts/service.ts';
import { manualClock, openTempJournal, tempDir } from '../../unit/main/journal/helpers.ts';

/** A shift service over `journal`, as the counter of the old PC makes it. */
export const shiftsOf = (journal: Journal, clock: ReturnType<typeof manualClock>) =>
  new ShiftService(journal, clock, { counterId: journal.counterId, stationName: () => 'Cairo 1', environment: 'TRAINING' });

/** Everything made is removed by the cleanups it pushes on `cleanups`. */
export async function oldCounter(cleanups: (() => void)[]) {
  const clock = manualClock('2026-07-01T05:00:00.000Z');
  const old = openTempJournal(clock);
  const out = tempDir('shubbak-backups-');
  const pc = tempDir('shubbak-new-pc-');
  cleanups.push(old.cleanup, out.cleanup, pc.cleanup);
  const keys = { current: randomBytes(32), previous: null };
  const boss = await new AgentDirectory(old.journal, clock, () => keys).createFirstSupervisor('Samir', '246810');
  const shifts = shiftsOf(old.journal, clock);
  shifts.open(boss, { '20000': 1 });
  return { clock, old, folder: out.dir, newPc: pc.dir, boss, shifts };
}
