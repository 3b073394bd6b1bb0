import { afterEach, describe, expect, it } from 'vitest';
import { activityOf } from '../../../../main/updates/activity.ts';
import { manualClock, openTempJournal } from '../journal/helpers.ts';

// What the update policy reads of the counter: the journal's own tables.

let t: ReturnType<typeof openTempJournal>;
afterEach(() => t?.cleanup());

describe('the counter’s activity, from its journal', () => {
  it('counts shifts opened by an agent, not the implicit day shift, and sales without a final answer', () => {
    const clock = manualClock('2026-11-26T07:00:00.000Z');
    t = openTempJournal(clock);
    const j = t.journal;
    expect(activityOf(j)).toEqual({ openShifts: 0, salesInFlight: 0, lastEntryAt: null });

    // the shifts as the journal's entries make them (the read model is their fold)
    const add = <K extends 'shift.opened' | 'shift.closed'>(type: K, payload: Parameters<typeof j.append<K>>[1], at: string) =>
      j.transaction(() => j.append(type, payload, { at: new Date(at), shiftId: (payload as { shiftId: string }).shiftId }));
    add('shift.opened', { shiftId: 'implicit-day', agentId: 'agent-1', businessDay: '2026-11-26', implicit: true }, '2026-11-26T07:00:00.000Z');
    expect(activityOf(j).openShifts).toBe(0);
    add('shift.opened', { shiftId: 'counted', agentId: 'agent-1', businessDay: '2026-11-26', implicit: false, floatMinor: 0, floatCount: {} }, '2026-11-26T07:05:00.000Z');
    expect(activityOf(j).openShifts).toBe(1);
    add('shift.closed', { shiftId: 'counted', agentId: 'agent-1', implicit: false }, '2026-11-26T15:00:00.000Z');
    expect(activityOf(j).openShifts).toBe(0);

    j.transaction(() => j.append('agent.signed_in', { agentId: 'agent-1' }, { at: new Date('2026-11-26T15:01:00.000Z') }));
    expect(activityOf(j).lastEntryAt).toEqual(new Date('2026-11-26T15:01:00.000Z'));
  });
});
