// The desk's rules that need no screen: who may work without signing in, and a typed cash count.
import type { CashCount, DeskState } from '../../../contract/shifts.ts';
import { DENOMINATIONS, type Denomination } from '../../../contract/shift-rules.ts';
import { readWholeNumber, typedNumber } from '../../../core/digits.ts';

export type Pieces = Partial<Record<`${Denomination}`, string>>;

/** Pieces typed per denomination → the contract's count (null while one is not a whole number). */
export function countOf(pieces: Pieces): CashCount | null {
  const count: CashCount = {};
  for (const d of DENOMINATIONS) {
    const raw = pieces[`${d}`] ?? '';
    if (typedNumber(raw) === '') continue;
    const n = readWholeNumber(raw);
    if (n === null) return null;
    if (n > 0) count[`${d}`] = n;
  }
  return count;
}

/**
 * Whether the counter works with nobody signed in: a counter with no agent yet, on play money
 * (TRAINING, SANDBOX), sells as its demo agent. LIVE moves real money: its first start asks for
 * the first supervisor.
 */
export function deskOpenWithoutAgents(desk: DeskState, environment: string): boolean {
  return !desk.agentsInUse && environment !== 'LIVE';
}

/**
 * Whether the signed-in person may use the counter with no cash shift open: a supervisor, for
 * supervisor work (agents, printers, prices, reports, lookups). A shift is needed only to take cash.
 */
export function mayWorkWithoutShift(desk: DeskState): boolean {
  return desk.signedIn?.role === 'supervisor';
}

/** Whether the counter's main area must ask for the opening float instead of selling. */
export function needsShiftToSell(desk: DeskState | null): boolean {
  return desk !== null && desk.agentsInUse && desk.signedIn !== null && desk.shift === null;
}
