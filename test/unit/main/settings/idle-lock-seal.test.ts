// The idle minutes guard the counter, in a file its PC's user can edit: saved with a seal of the
// PIN key, and without one that opens they count only where they lock sooner than the default.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { CounterSettingsStore, DEFAULT_IDLE_LOCK_MINUTES } from '../../../../main/settings/counter.ts';
import type { PinKeys } from '../../../../main/vault/pin-key.ts';
import { settingSeal } from '../../../../main/vault/settings-seal.ts';
import { tempDir } from '../journal/helpers.ts';

let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp.cleanup());

function store(keys: PinKeys | null) {
  const logged: string[] = [];
  const s = new CounterSettingsStore(tmp.dir, (m) => logged.push(m), settingSeal(() => keys));
  return { s, logged };
}
/** The file edited as the PC's user would, with any text editor. */
function edit(change: (stored: Record<string, unknown>) => void, keys: PinKeys | null) {
  const { s } = store(keys);
  const stored = JSON.parse(readFileSync(s.path, 'utf8')) as Record<string, unknown>;
  change(stored);
  writeFileSync(s.path, JSON.stringify(stored));
  return store(keys); // read afresh, as the next start does
}

describe('the idle minutes', () => {
  const keys: PinKeys = { current: randomBytes(32), previous: null };

  it('saved by a supervisor count, sealed', () => {
    tmp = tempDir();
    expect(store(keys).s.idleLockMinutes()).toBe(DEFAULT_IDLE_LOCK_MINUTES);
    expect(store(keys).s.saveIdleLockMinutes(30)).toBe(30);
    expect(store(keys).s.idleLockMinutes()).toBe(30);
    expect(store(keys).s.saveIdleLockMinutes(0)).toBe(0); // never, as a supervisor chose
    expect(store(keys).s.idleLockMinutes()).toBe(0);
  });

  it.each([
    ['raised, the seal kept', (s: Record<string, unknown>) => (s.idleLockMinutes = 240)],
    ['set to never, the seal kept', (s: Record<string, unknown>) => (s.idleLockMinutes = 0)],
    ['raised, the seal removed', (s: Record<string, unknown>) => ((s.idleLockMinutes = 60), delete s.idleLockSeal)],
    ['raised, a garbled seal', (s: Record<string, unknown>) => ((s.idleLockMinutes = 60), (s.idleLockSeal = 'AAAAAAAAAAAAAAAAAAAAAA'))],
  ])('edited by hand (%s) lock after the default, and the log says why', (_, change) => {
    tmp = tempDir();
    store(keys).s.saveIdleLockMinutes(30);
    const { s, logged } = edit(change, keys);
    expect(s.idleLockMinutes()).toBe(DEFAULT_IDLE_LOCK_MINUTES);
    expect(s.idleLockMinutes()).toBe(DEFAULT_IDLE_LOCK_MINUTES);
    expect(logged.filter((m) => m.includes('carry no seal'))).toHaveLength(1); // once, not at every check
  });

  it('copied from a counter with another PIN key lock after the default', () => {
    tmp = tempDir();
    store({ current: randomBytes(32), previous: null }).s.saveIdleLockMinutes(60);
    expect(store(keys).s.idleLockMinutes()).toBe(DEFAULT_IDLE_LOCK_MINUTES);
  });

  it('unsealed (an earlier version saved them, or a hand) count where they lock sooner', () => {
    tmp = tempDir();
    store(keys).s.saveStationName('Ramses');
    for (const minutes of [1, 3, DEFAULT_IDLE_LOCK_MINUTES]) expect(edit((s) => (s.idleLockMinutes = minutes), keys).s.idleLockMinutes()).toBe(minutes);
  });

  it('sealed with the key held before a station secret was adopted still count', () => {
    tmp = tempDir();
    store(keys).s.saveIdleLockMinutes(20);
    expect(store({ current: randomBytes(32), previous: keys.current }).s.idleLockMinutes()).toBe(20);
  });

  it('saved where no PIN key is held cannot be sealed: only a sooner lock counts', () => {
    tmp = tempDir();
    expect(store(null).s.saveIdleLockMinutes(30)).toBe(DEFAULT_IDLE_LOCK_MINUTES);
    expect(store(null).s.saveIdleLockMinutes(2)).toBe(2);
  });
});
