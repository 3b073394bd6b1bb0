// The backup schedule's timer over a real journal file: a look that fails (the journal closed under
// it, as a restore or a Replace does) is logged, never an unhandled rejection (which ends a plain
// Node process); and while the journals are being replaced (BackupService.pause) it does not look
// at all, and "Back up now" says why.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { BackupService } from '../../../main/backup/service.ts';
import type { AppFailure } from '../../../main/failure.ts';
import { manualClock, openTempJournal, tempDir } from '../../unit/main/journal/helpers.ts';

const cleanups: (() => void)[] = [];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
  while (cleanups.length) cleanups.pop()!();
});

function setup() {
  const clock = manualClock('2026-07-01T05:00:00.000Z');
  const j = openTempJournal(clock);
  const out = tempDir('shubbak-timer-backups-');
  cleanups.push(j.cleanup, out.cleanup);
  const logs: { message: string; err?: unknown }[] = [];
  const service = new BackupService({ dataDir: j.dir, journal: () => j.journal, clock, log: (message, err) => logs.push({ message, err }), checkEveryMs: 1 });
  service.saveSettings({ folder: out.dir, everyHours: 3, warnAfterHours: 26, keepDays: 7, keepWeeks: 8 });
  cleanups.push(() => void service.close());
  return { journal: j.journal, service, logs };
}

it('a look at a closed journal is logged, not thrown into an unhandled rejection', async () => {
  const { journal, service, logs } = setup();
  service.start();
  journal.close();
  await vi.advanceTimersByTimeAsync(3);
  expect(logs.length).toBeGreaterThan(0);
  expect(logs[0]!.message).toBe('the backup schedule could not look whether a backup is due');
  expect(String(logs[0]!.err)).toMatch(/database connection is not open/);
});

it('paused while the journals are replaced: no look at all, and "Back up now" refused with why', async () => {
  const { journal, service, logs } = setup();
  service.start();
  await service.pause(async () => {
    journal.close();
    await vi.advanceTimersByTimeAsync(5);
    const refused = await service.backUp().then(
      () => null,
      (err: AppFailure) => err.error,
    );
    expect(refused).toMatchObject({ code: 'backup_failed', message: expect.stringMatching(/being replaced/) });
  });
  expect(logs).toEqual([]);
});
