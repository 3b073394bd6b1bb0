// The idle minutes are kept in counter-settings.json, which the PC's user (an agent who wants the
// screen to stay open) can edit while the counter is closed. Edited by hand, seal and all, they
// count for nothing: main locks the screen after the default minutes all the same.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDLE_LOCK_GRACE_MS } from '../../../contract/idle-lock.ts';
import { COUNTER_SETTINGS_FILE, DEFAULT_IDLE_LOCK_MINUTES } from '../../../main/settings/counter.ts';
import { manualClock } from '../../unit/main/journal/helpers.ts';
import { harnessedCounter } from './harnessed-counter.ts';

const clock = manualClock(new Date().toISOString());
const t = harnessedCounter('shubbak-idle-lock-file-', { clock });
const { c, start, stop } = t;
const settingsFile = join(t.dir, COUNTER_SETTINGS_FILE);
let mona = '';

beforeAll(async () => {
  await start();
  await c.ok('createFirstSupervisor', { name: 'Samir Supervisor', pin: '246802' });
  await c.ok('saveAgent', { name: 'Mona Agent', role: 'agent', pin: '1357', active: true });
  [mona] = await t.agentIds('Mona Agent');
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
    expect(stored.idleLockSeal).toEqual(expect.any(String));
    writeFileSync(settingsFile, JSON.stringify({ ...stored, idleLockMinutes: 240 }));
    await start();
    expect((await c.ok('desk')).idleLockMinutes).toBe(DEFAULT_IDLE_LOCK_MINUTES);
    await c.ok('signIn', { agentId: mona, pin: '1357' });
    clock.advance(DEFAULT_IDLE_LOCK_MINUTES * 60_000 + IDLE_LOCK_GRACE_MS);
    expect((await c.err('listShifts')).code).toBe('not_signed_in');
    expect(await c.ok('desk')).toMatchObject({ locked: true, signedIn: { id: mona } });
  });
});
