import { describe, expect, it } from 'vitest';
import { callNames, calls } from '../../../contract/calls.ts';
import { NEVER_APPROVED, SUPERVISOR_ACTIONS, actionOf } from '../../../contract/overrides.ts';

describe('the actions a supervisor approves for an agent', () => {
  it('hold every supervisor-only call of the contract exactly once, and nothing else', () => {
    const supervisorCalls = callNames.filter((n) => calls[n].role === 'supervisor').sort();
    const listed = Object.values(SUPERVISOR_ACTIONS).flat();
    expect([...listed, ...NEVER_APPROVED].sort()).toEqual(supervisorCalls);
    expect(new Set(listed).size).toBe(listed.length);
    for (const n of supervisorCalls) expect(actionOf(n) === null, n).toBe(NEVER_APPROVED.includes(n));
    expect(actionOf('sell')).toBeNull();
  });
});
