import { describe, expect, it } from 'vitest';
import type { DeskState } from '../../../../contract/shifts.ts';
import { countOf, deskOpenWithoutAgents } from '../../../../renderer/src/desk/rules.ts';

const desk = (agentsInUse: boolean): DeskState => ({ agentsInUse, agents: [], signedIn: null, locked: false, idleLockMinutes: 5, shift: null });

describe('the desk', () => {
  it('lets a counter with no agent sell as its demo agent on play money only', () => {
    expect(deskOpenWithoutAgents(desk(false), 'TRAINING')).toBe(true);
    expect(deskOpenWithoutAgents(desk(false), 'SANDBOX')).toBe(true);
    expect(deskOpenWithoutAgents(desk(false), 'LIVE')).toBe(false);
    expect(deskOpenWithoutAgents(desk(true), 'TRAINING')).toBe(false);
  });

  it('reads a cash count as typed: Arabic-Indic digits, blanks as none, anything else refused', () => {
    expect(countOf({ '20000': '٢', '100': ' 3 ', '50': '' })).toEqual({ '20000': 2, '100': 3 });
    expect(countOf({ '20000': '0' })).toEqual({});
    expect(countOf({ '20000': '1.5' })).toBeNull();
    expect(countOf({ '500': '-1' })).toBeNull();
    expect(countOf({ '25': '1234567' })).toBeNull();
  });

  it.each([
    ['\u200f٢\u200f', 2],
    ['\u2067١٠\u2069', 10],
    ['\u200e3', 3],
  ])('reads a count typed with direction marks, as an amount is read: %j', (typed, n) => {
    expect(countOf({ '20000': typed })).toEqual({ '20000': n });
  });

  it('takes a field holding only a direction mark as blank', () => {
    expect(countOf({ '20000': '\u200f', '100': '2' })).toEqual({ '100': 2 });
  });
});
