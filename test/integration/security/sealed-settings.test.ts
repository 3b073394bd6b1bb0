// The idle minutes are kept in counter-settings.json, and where backups go in
// backup-settings.json, which the PC's user (an agent who wants the screen to stay open, or the
// backups out of the station's reach) can edit while the counter is closed. Edited by hand, seal
// and all, the minutes count for nothing (main locks the screen after the default minutes all the
// same), the backup settings are raised until a supervisor saves them, and an update feed is held off.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDLE_LOCK_GRACE_MS } from '../../../contract/idle-lock.ts';
import { BACKUP_SETTINGS_FILE } from '../../../main/backup/settings.ts';
import { UPDATE_SETTINGS_FILE } from '../../../main/updates/settings.ts';
import { COUNTER_SETTINGS_FILE, DEFAULT_IDLE_LOCK_MINUTES } from '../../../main/settings/counter.ts';
import { manualClock } from '../../unit/main/journal/helpers.ts';
import { harnessedCounter } from './harnessed-counter.ts';

const clock = manualClock(new Date().toISOString());
const t = harnessedCounter('shubbak-sealed-settings-', { clock });
const { c, start, stop } = t;
const settingsFile = join(t.dir, COUNTER_SETTINGS_FILE);
let mona = '';
let samir = '';

beforeAll(async () => {
  await start();
  await c.ok('createFirstSupervisor', { name: 'Samir Supervisor', pin: '246802' });
  await c.ok('saveAgent', { name: 'Mona Agent', role: 'agent', pin: '1357', active: true });
  [mona, samir] = await t.agentIds('Mona Agent', 'Samir Supervisor');
  expect((await c.ok('saveIdleLock', { minutes: 30 })).idleLockMinutes).toBe(30);
  await stop();
});
afterAll(() => t.cleanup());

describe('idle minutes edited in the settings file', () => {
  it('a supervisor’s thirty minutes hold across a restart', async () => {
    await start();
    expect((await c.ok('desk')).idleLockMinutes).toBe(30);
    await stop();
  });

  it('raised to four hours by hand, the seal kept: the screen locks after the default minutes', async () => {
    const stored = JSON.parse(readFileSync(settingsFile, 'utf8')) as Record<string, unknown>;
    expect(stored.seal).toEqual(expect.any(String));
    writeFileSync(settingsFile, JSON.stringify({ ...stored, idleLockMinutes: 240 }));
    await start();
    expect((await c.ok('desk')).idleLockMinutes).toBe(DEFAULT_IDLE_LOCK_MINUTES);
    await c.ok('signIn', { agentId: mona, pin: '1357' });
    clock.advance(DEFAULT_IDLE_LOCK_MINUTES * 60_000 + IDLE_LOCK_GRACE_MS);
    expect((await c.err('listShifts')).code).toBe('not_signed_in');
    expect(await c.ok('desk')).toMatchObject({ locked: true, signedIn: { id: mona } });
    await stop();
  });

  it('backups redirected to a folder of her own are raised until a supervisor saves the settings again', async () => {
    const backupsFile = join(t.dir, BACKUP_SETTINGS_FILE);
    await start();
    await c.ok('signIn', { agentId: samir, pin: '246802' });
    const safe = mkdtempSync(join(tmpdir(), 'shubbak-safe-backups-'));
    await c.ok('saveBackupSettings', { folder: safe, everyHours: 3, warnAfterHours: 26, keepDays: 7, keepWeeks: 8 });
    expect((await c.ok('backupStatus')).warning).toBeNull();
    await stop();
    const stored = JSON.parse(readFileSync(backupsFile, 'utf8')) as Record<string, unknown>;
    writeFileSync(backupsFile, JSON.stringify({ ...stored, folder: join(t.dir, 'mine') }));
    await start();
    await c.ok('signIn', { agentId: samir, pin: '246802' });
    expect(await c.ok('backupStatus')).toMatchObject({ warning: 'settings_changed', folder: join(t.dir, 'mine') });
    // a restart changes nothing; the supervisor's save does
    await stop();
    await start();
    await c.ok('signIn', { agentId: samir, pin: '246802' });
    expect((await c.ok('backupStatus')).warning).toBe('settings_changed');
    await c.ok('saveBackupSettings', { folder: safe, everyHours: 3, warnAfterHours: 26, keepDays: 7, keepWeeks: 8 });
    expect((await c.ok('backupStatus')).warning).toBeNull();
    rmSync(safe, { recursive: true, force: true });
    await stop();
  });

  it('an update feed of her own choosing is held off (whoever sets the feed chooses the code installed)', async () => {
    const updatesFile = join(t.dir, UPDATE_SETTINGS_FILE);
    await start();
    await c.ok('signIn', { agentId: samir, pin: '246802' });
    await c.ok('saveUpdateSettings', { enabled: false, feedUrl: 'https://updates.example.eg/shubbak' });
    await stop();
    const stored = JSON.parse(readFileSync(updatesFile, 'utf8')) as Record<string, unknown>;
    writeFileSync(updatesFile, JSON.stringify({ ...stored, enabled: true, feedUrl: 'https://evil.example.com/shubbak' }));
    await start();
    await c.ok('signIn', { agentId: samir, pin: '246802' });
    expect(await c.ok('updateStatus')).toMatchObject({ enabled: false, feedUrl: 'https://evil.example.com/shubbak', phase: 'held' });
    await c.ok('saveUpdateSettings', { enabled: true, feedUrl: 'https://updates.example.eg/shubbak' });
    expect((await c.ok('updateStatus')).phase).not.toBe('held');
  });
});
