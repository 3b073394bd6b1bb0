// The PIN lockout's rule, once: five wrong PINs in a row lock an agent, each lock of a row longer
// than the last, until a right PIN (which starts everything again) or a supervisor (who lifts the
// lock; the locks in a row stay counted). The counter's journal keeps it per counter
// (journal/agent-rows.ts folds the same steps); a linked counter also holds the station's count of
// the agent, taken for the length of one check (PinTurns: main/station/pin-turns.ts), and keeps to
// the stricter of the two.

export const MAX_WRONG_PINS = 5;
/** The first lock lasts a minute, then 5, 15, and an hour from the fourth lock in a row on. */
export const LOCK_STEPS_MINUTES = [1, 5, 15, 60] as const;

/** How long the lock numbered `locksBefore` (0 for the first of a row) lasts. */
export const lockMinutes = (locksBefore: number): number => LOCK_STEPS_MINUTES[Math.min(locksBefore, LOCK_STEPS_MINUTES.length - 1)]!;

/** Where an agent stands: wrong PINs since the last lock or right PIN, locks in a row, the lock in force (UTC ISO) or null. */
export interface PinState {
  wrong: number;
  locks: number;
  lockedUntil: string | null;
}

export const CLEAN_PIN_STATE: PinState = { wrong: 0, locks: 0, lockedUntil: null };

export const isClean = (s: PinState): boolean => s.wrong === 0 && s.locks === 0 && s.lockedUntil === null;

export const lockedAt = (s: PinState, now: Date): boolean => s.lockedUntil !== null && Date.parse(s.lockedUntil) > now.getTime();

/** A wrong PIN: one more, or the lock it completes (`lockedNow`: `next.lockedUntil` set). */
export function afterWrongPin(s: PinState, now: Date): { next: PinState; lockedNow: boolean } {
  const wrong = s.wrong + 1;
  if (wrong < MAX_WRONG_PINS) return { next: { ...s, wrong }, lockedNow: false };
  return { next: { wrong: 0, locks: s.locks + 1, lockedUntil: new Date(now.getTime() + lockMinutes(s.locks) * 60_000).toISOString() }, lockedNow: true };
}

/** A supervisor lifted the lock: the wrong PINs start again, the locks in a row stay. */
export const afterUnlock = (s: PinState): PinState => ({ ...s, wrong: 0, lockedUntil: null });

/** Of two counts of one agent (this counter's and the station's), the stricter in each part. */
export function stricter(a: PinState, b: PinState): PinState {
  const until = [a.lockedUntil, b.lockedUntil].filter((u): u is string => u !== null).sort((x, y) => Date.parse(y) - Date.parse(x))[0] ?? null;
  return { wrong: Math.max(a.wrong, b.wrong), locks: Math.max(a.locks, b.locks), lockedUntil: until };
}

/**
 * The station's count of one agent, held for one PIN check: `end` writes where the check left
 * the agent (null: unchanged) and lets the next check of them in, at any window. It never throws.
 */
export interface PinTurn {
  state: PinState;
  end(next: PinState | null): Promise<void>;
}

/** The station's turn at an agent's PIN, or null (not linked, or the station does not answer: this counter's count alone). */
export type PinTurns = (agentId: string) => Promise<PinTurn | null>;
