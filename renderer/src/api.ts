import { buildApi, type ShubbakApi } from '../../contract/api.ts';
import type { CallName } from '../../contract/calls.ts';
import type { Result } from '../../contract/errors.ts';
import { SUPERVISOR_ACTIONS, actionOf, type SupervisorAction } from '../../contract/overrides.ts';
import { useOverride } from './desk/override.ts';
import { installApi } from './transport.ts';

const transport = installApi();
const raw = (name: CallName, arg: unknown) => (transport[name] as (a: unknown) => Promise<Result<unknown>>)(arg);

let afterUnlock: () => Promise<boolean> = async () => false;

/**
 * What a call refused for want of an agent signed in waits for (main locked the screen by itself:
 * its idle lock): true once the same agent's PIN opened it again, and the call is made again then;
 * false (another agent, a sign-out, nobody was at work) and the refusal stands.
 */
export function setAfterUnlock(wait: () => Promise<boolean>): void {
  afterUnlock = wait;
}

/**
 * The contract calls, over whichever transport this renderer runs on. A supervisor-only call
 * refused for the agent signed in asks for a supervisor's approval (their PIN, at the agent's
 * side) and is made again once it is given, instead of failing after the form was filled.
 */
export const api: ShubbakApi = buildApi(async (name, arg) => {
  const first = await raw(name, arg);
  if (!first.ok && first.error.code === 'not_signed_in') return (await afterUnlock()) ? raw(name, arg) : first;
  if (!first.ok && first.error.code === 'supervisor_proof_needed') return withPinProof(name, arg, first);
  if (first.ok || first.error.code !== 'forbidden_role') return first;
  const action = actionOf(name);
  if (!action) return first;
  return (await askApproval(action)) ? raw(name, arg) : first;
});

/**
 * Asks for a supervisor's approval of `action` (their PIN, at the agent's side, in the approval
 * dialog): resolves true once main granted it for the action's calls, false when cancelled.
 */
export function askApproval(action: SupervisorAction): Promise<boolean> {
  const calls = [...SUPERVISOR_ACTIONS[action]];
  return useOverride.getState().ask(action, (supervisorId, pin) => transport.approveOverride({ supervisorId, pin, action, calls }));
}

/**
 * A change of the station's settings refused for want of the supervisor's PIN proof (they signed
 * in before the counter was linked): their PIN is asked right here, and the change is made once
 * more with the proof kept from it. Cancelled: the refusal stands and the form keeps what was typed.
 */
async function withPinProof(name: CallName, arg: unknown, first: Result<unknown>): Promise<Result<unknown>> {
  const action = actionOf(name);
  if (!action) return first;
  const typed = await useOverride.getState().ask(action, (_supervisorId, pin) => transport.confirmSupervisorPin({ pin }), 'proof');
  return typed ? raw(name, arg) : first;
}
