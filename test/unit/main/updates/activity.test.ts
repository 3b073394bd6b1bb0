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

    const shift = j.db.prepare('INSERT INTO shifts (id, agent_id, business_day, implicit, opened_seq, opened_at) VALUES (?, ?, ?, ?, ?, ?)');
    shift.run('implicit-day', 'agent-1', '2026-11-26', 1, 1, '2026-11-26T07:00:00.000Z');
    expect(activityOf(j).openShifts).toBe(0);
    shift.run('counted', 'agent-1', '2026-11-26', 0, 2, '2026-11-26T07:05:00.000Z');
    expect(activityOf(j).openShifts).toBe(1);
    j.db.prepare("UPDATE shifts SET closed_seq = 3, closed_at = '2026-11-26T15:00:00.000Z' WHERE id = 'counted'").run();
    expect(activityOf(j).openShifts).toBe(0);

    j.transaction(() => j.append('agent.signed_in', { agentId: 'agent-1' }, { at: new Date('2026-11-26T15:01:00.000Z') }));
    expect(activityOf(j).lastEntryAt).toEqual(new Date('2026-11-26T15:01:00.000Z'));
  });
});
