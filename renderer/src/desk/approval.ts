import { useEffect, useState } from 'react';
import type { SupervisorAction } from '../../../contract/overrides.ts';
import type { DeskState, OverrideGrant } from '../../../contract/shifts.ts';
import { useOverride } from './override.ts';
import { useDesk } from './store.ts';

// A supervisor's form seen by an agent: visible, locked until a supervisor approves its action
// at the agent's side (the POS override), editable while that approval stands. Main decides what
// an approval opens and refuses the calls without one; this only draws the form accordingly.

/** Whether `grant` is an approval of `action` that has not expired at `now` (ms). */
export function approvalStands(grant: OverrideGrant | null, action: SupervisorAction, now: number): boolean {
  return grant !== null && grant.action === action && Date.parse(grant.expiresAt) > now;
}

/** Whether the one signed in needs an approval for a supervisor's form: an agent (a supervisor, or a counter with no agent yet, does not). */
export function needsApproval(desk: DeskState | null): boolean {
  return desk?.agentsInUse === true && desk.signedIn?.role === 'agent';
}

export interface ApprovalLock {
  /** The form is shown but cannot be changed. */
  locked: boolean;
  /** The approval that opened it, while it stands (null for a supervisor). */
  grant: OverrideGrant | null;
}

/** The lock of `action`'s forms for the one signed in now; locks again by itself when the approval expires. */
export function useApprovalLock(action: SupervisorAction): ApprovalLock {
  const agent = useDesk((s) => needsApproval(s.desk));
  const grant = useOverride((s) => s.grant);
  const [now, setNow] = useState(() => Date.now());
  const until = grant?.action === action ? Date.parse(grant.expiresAt) : 0;
  useEffect(() => {
    if (until <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), until - Date.now());
    return () => clearTimeout(timer);
  }, [until, now]);
  if (!agent) return { locked: false, grant: null };
  const stands = approvalStands(grant, action, now);
  return { locked: !stands, grant: stands ? grant : null };
}

/**
 * Main drops an approval when the screen locks or another agent signs in: so does the screen
 * (DeskGate, always on), so that a form does not open again under the next PIN.
 */
export function useApprovalLapse(desk: DeskState | null): void {
  const locked = desk?.locked ?? false;
  const who = desk?.signedIn?.id ?? null;
  useEffect(() => {
    if (locked) useOverride.getState().dropGrant();
  }, [locked]);
  useEffect(() => {
    useOverride.getState().dropGrant();
  }, [who]);
}
