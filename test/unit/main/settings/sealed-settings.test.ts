// The settings that guard the counter live in files its PC's user can edit: they are saved sealed
// with the PIN key. The idle minutes found changed outside the app count only where they lock
// sooner than the default; the first start of this version seals, once, what an earlier one left.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BackupSettingsStore, BACKUP_SETTINGS_FILE } from '../../../../main/backup/settings.ts';
import { COUNTER_SETTINGS_FILE, CounterSettingsStore, DEFAULT_IDLE_LOCK_MINUTES } from '../../../../main/settings/counter.ts';
import { sealEarlierSettings, SEALED_SETTINGS } from '../../../../main/settings/seal-earlier.ts';
import { memoryKeychain } from '../../../../main/vault/keychain.ts';
import type { PinKeys } from '../../../../main/vault/pin-key.ts';
import { settingSeal } from '../../../../main/vault/settings-seal.ts';
import { tempDir } from '../journal/helpers.ts';

let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp.cleanup());

const keys: PinKeys = { current: randomBytes(32), previous: null };
function store(held: PinKeys | null = keys) {
  const logged: string[] = [];
  const s = new CounterSettingsStore(tmp.dir, (m) => logged.push(m), settingSeal(() => held));
  return { s, logged };
}
/** The file edited as the PC's user would, with any text editor; read afresh, as the next start does. */
function edit(change: (stored: Record<string, unknown>) => void, file = COUNTER_SETTINGS_FILE) {
  const path = join(tmp.dir, file);
  const stored = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  change(stored);
  writeFileSync(path, JSON.stringify(stored));
  return store();
}

describe('the idle minutes', () => {
  it('saved by a supervisor count, sealed', () => {
    tmp = tempDir();
    expect(store().s.idleLockMinutes()).toBe(DEFAULT_IDLE_LOCK_MINUTES);
    expect(store().s.saveIdleLockMinutes(30)).toBe(30);
    expect(store().s.idleLockMinutes()).toBe(30);
    expect(store().s.saveIdleLockMinutes(0)).toBe(0); // never, as a supervisor chose
    expect(store().s.idleLockMinutes()).toBe(0);
  });

  it.each([
    ['raised, the seal kept', (s: Record<string, unknown>) => (s.idleLockMinutes = 240)],
    ['set to never, the seal kept', (s: Record<string, unknown>) => (s.idleLockMinutes = 0)],
    ['raised, the seal removed', (s: Record<string, unknown>) => ((s.idleLockMinutes = 60), delete s.seal)],
    ['raised, a garbled seal', (s: Record<string, unknown>) => ((s.idleLockMinutes = 60), (s.seal = 'AAAAAAAAAAAAAAAAAAAAAA'))],
  ])('edited by hand (%s) lock after the default, and the log says why once', (_, change) => {
    tmp = tempDir();
    store().s.saveIdleLockMinutes(30);
    const { s, logged } = edit(change);
    expect(s.idleLockMinutes()).toBe(DEFAULT_IDLE_LOCK_MINUTES);
    expect(s.idleLockMinutes()).toBe(DEFAULT_IDLE_LOCK_MINUTES);
    expect(logged.filter((m) => m.includes('idle lock'))).toHaveLength(1);
    // another setting saved afterwards does not seal the minutes found
    s.saveStationName('Ramses Window 3');
    expect(store().s.idleLockMinutes()).toBe(DEFAULT_IDLE_LOCK_MINUTES);
  });

  it('copied from a counter with another PIN key lock after the default', () => {
    tmp = tempDir();
    store({ current: randomBytes(32), previous: null }).s.saveIdleLockMinutes(60);
    expect(store().s.idleLockMinutes()).toBe(DEFAULT_IDLE_LOCK_MINUTES);
  });

  it('changed outside the app still count where they lock sooner', () => {
    tmp = tempDir();
    store().s.saveStationName('Ramses');
    for (const minutes of [1, 3, DEFAULT_IDLE_LOCK_MINUTES]) expect(edit((s) => (s.idleLockMinutes = minutes)).s.idleLockMinutes()).toBe(minutes);
  });

  it('sealed with the key held before a station secret was adopted still count', () => {
    tmp = tempDir();
    store().s.saveIdleLockMinutes(20);
    expect(store({ current: randomBytes(32), previous: keys.current }).s.idleLockMinutes()).toBe(20);
  });
});

describe('the settings an earlier version left', () => {
  const earlier = (file: string, values: object) => writeFileSync(join(tmp.dir, file), JSON.stringify(values));

  it('are sealed as found at the first start of this version, once: a seal removed later is changed outside', async () => {
    tmp = tempDir();
    const keychain = memoryKeychain();
    earlier(COUNTER_SETTINGS_FILE, { version: 1, idleLockMinutes: 10, savedAt: '2026-01-01T00:00:00.000Z' });
    earlier(BACKUP_SETTINGS_FILE, { folder: tmp.dir, everyHours: 3, warnAfterHours: 26, keepDays: 7, keepWeeks: 8 });
    const seal = settingSeal(() => keys);
    await sealEarlierSettings({ dataDir: tmp.dir, files: SEALED_SETTINGS, seal, keychain, log: () => {} });
    expect(store().s.idleLockMinutes()).toBe(10);
    const backups = () => new BackupSettingsStore(tmp.dir, () => {}, seal);
    expect(backups().changedOutside()).toBe(false);
    expect(backups().folder()).toBe(tmp.dir);
    // later, the PC's user writes the plain file again: the next start seals nothing
    earlier(COUNTER_SETTINGS_FILE, { version: 1, idleLockMinutes: 240, savedAt: '2026-01-01T00:00:00.000Z' });
    earlier(BACKUP_SETTINGS_FILE, { folder: join(tmp.dir, 'mine'), everyHours: 3, warnAfterHours: 26, keepDays: 1, keepWeeks: 0 });
    await sealEarlierSettings({ dataDir: tmp.dir, files: SEALED_SETTINGS, seal, keychain, log: () => {} });
    expect(store().s.idleLockMinutes()).toBe(DEFAULT_IDLE_LOCK_MINUTES);
    expect(backups().changedOutside()).toBe(true);
    // a supervisor's save ends it
    const b = backups();
    b.save({ ...b.get(), folder: tmp.dir });
    expect(backups().changedOutside()).toBe(false);
  });

  it('found damaged after this version sealed them are changed outside the app too (the app writes whole files)', async () => {
    tmp = tempDir();
    const seal = settingSeal(() => keys);
    await sealEarlierSettings({ dataDir: tmp.dir, files: SEALED_SETTINGS, seal, keychain: memoryKeychain(), log: () => {} });
    for (const text of ['{"folder": "/tmp/x", ', '[]', '{"folder": 7}']) {
      writeFileSync(join(tmp.dir, BACKUP_SETTINGS_FILE), text);
      const b = new BackupSettingsStore(tmp.dir, () => {}, seal);
      expect(b.changedOutside()).toBe(true);
      expect(b.folder()).toBe(b.defaultFolder());
    }
  });

  it('are left alone, and not noted, while no PIN key can seal them', async () => {
    tmp = tempDir();
    const keychain = memoryKeychain();
    earlier(COUNTER_SETTINGS_FILE, { version: 1, idleLockMinutes: 10, savedAt: '2026-01-01T00:00:00.000Z' });
    await sealEarlierSettings({ dataDir: tmp.dir, files: SEALED_SETTINGS, seal: settingSeal(() => null), keychain, log: () => {} });
    expect(JSON.parse(readFileSync(join(tmp.dir, COUNTER_SETTINGS_FILE), 'utf8'))).not.toHaveProperty('seal');
    await sealEarlierSettings({ dataDir: tmp.dir, files: SEALED_SETTINGS, seal: settingSeal(() => keys), keychain, log: () => {} });
    expect(store().s.idleLockMinutes()).toBe(10);
  });
});
