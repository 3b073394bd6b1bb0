import { describe, expect, it } from 'vitest';
import { afterUnlock, afterWrongPin, CLEAN_PIN_STATE, isClean, LOCK_STEPS_MINUTES, lockedAt, MAX_WRONG_PINS, stricter } from '../../../../main/agents/pin-lockout.ts';

const now = new Date('2026-11-27T10:00:00.000Z');
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

describe('the PIN lockout rule', () => {
  it('counts wrong PINs up to the lock, each lock of a row longer than the last, an hour at most', () => {
    let s = CLEAN_PIN_STATE;
    for (let i = 1; i < MAX_WRONG_PINS; i++) {
      const wrong = afterWrongPin(s, now);
      expect(wrong).toEqual({ next: { wrong: i, locks: 0, lockedUntil: null }, lockedNow: false });
      s = wrong.next;
    }
    const locks: string[] = [];
    for (let lock = 0; lock < 6; lock++) {
      for (let i = 1; i < MAX_WRONG_PINS && lock > 0; i++) s = afterWrongPin(s, now).next;
      const { next: locked, lockedNow } = afterWrongPin(s, now);
      expect(lockedNow).toBe(true);
      expect(locked).toMatchObject({ wrong: 0, locks: lock + 1 });
      expect(lockedAt(locked, now)).toBe(true);
      locks.push(locked.lockedUntil!);
      s = afterUnlock(locked);
      expect(s).toEqual({ wrong: 0, locks: lock + 1, lockedUntil: null });
    }
    expect(locks).toEqual([...LOCK_STEPS_MINUTES, 60, 60].map(later));
  });

  it('a lock passed is no lock; a clean state has nothing to start again', () => {
    expect(lockedAt({ wrong: 0, locks: 1, lockedUntil: later(-1) }, now)).toBe(false);
    expect(lockedAt({ wrong: 0, locks: 1, lockedUntil: later(1) }, now)).toBe(true);
    expect(isClean(CLEAN_PIN_STATE)).toBe(true);
    expect(isClean({ wrong: 0, locks: 1, lockedUntil: null })).toBe(false);
  });

  it('of two counts of one agent, keeps the stricter part of each', () => {
    const table = [
      [{ wrong: 3, locks: 0, lockedUntil: null }, { wrong: 1, locks: 2, lockedUntil: null }, { wrong: 3, locks: 2, lockedUntil: null }],
      [{ wrong: 0, locks: 1, lockedUntil: later(1) }, { wrong: 2, locks: 1, lockedUntil: later(15) }, { wrong: 2, locks: 1, lockedUntil: later(15) }],
      [{ wrong: 0, locks: 1, lockedUntil: later(5) }, CLEAN_PIN_STATE, { wrong: 0, locks: 1, lockedUntil: later(5) }],
    ] as const;
    for (const [a, b, both] of table) {
      expect(stricter(a, b)).toEqual(both);
      expect(stricter(b, a)).toEqual(both);
    }
  });
});
