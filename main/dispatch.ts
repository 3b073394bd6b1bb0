import { fieldErrors } from '../contract/partner/problems.ts';
import { calls, isCallName, type CallName } from '../contract/calls.ts';
import type { CallValue, HandlerArg } from '../contract/api.ts';
import { roleAllows } from '../contract/define.ts';
import { fail, ok, type AppError, type Result } from '../contract/errors.ts';
import type { AgentRole } from '../contract/shifts.ts';
import { toAppError } from './failure.ts';

export type Handlers = {
  [N in CallName]: (arg: HandlerArg<N>) => Promise<CallValue<N>> | CallValue<N>;
};

export type Dispatch = (name: unknown, arg: unknown) => Promise<Result<unknown>>;

export interface DispatchOptions {
  /** The role of whoever is at the counter now (null: nobody signed in, or the screen is locked). */
  role: () => AgentRole | null;
  /** Whether a supervisor's approval lets the agent signed in make this call now (main/agents/desk.ts). */
  override?: (name: CallName) => boolean;
  /** A call open now without anyone's role (a counter whose journal was lost: its restore; main/agents/journal-lost.ts). */
  openToAnyone?: (name: CallName) => boolean;
  /** Why no supervisor's call may run now, whoever is signed in (null: they may). */
  refuseSupervisor?: () => AppError | null;
  /** Why this call may not be made in the environment running now, whoever asks (null: it may). */
  refuseHere?: (name: CallName) => AppError | null;
  onInternalError?: (err: unknown) => void;
}

/**
 * The single entry point of every contract call, whatever the transport: checks the name and
 * the role the call needs, validates the argument with the contract's schema, runs the handler
 * and answers a Result.
 */
export function createDispatcher(handlers: Handlers, opts: DispatchOptions): Dispatch {
  const onInternalError = opts.onInternalError ?? (() => {});
  return async (name, arg) => {
    if (!isCallName(name)) return fail({ code: 'unknown_call', message: `No such call: ${String(name)}` });
    const needed = calls[name].role;
    const refusal = (needed === 'supervisor' ? opts.refuseSupervisor?.() : null) ?? opts.refuseHere?.(name) ?? null;
    if (refusal) return fail(refusal);
    const held = opts.role();
    if (!roleAllows(needed, held) && !(held !== null && opts.override?.(name) === true) && opts.openToAnyone?.(name) !== true) {
      return held === null
        ? fail({ code: 'not_signed_in', message: `${name} needs an agent signed in at this counter` })
        : fail({ code: 'forbidden_role', message: `${name} is for a supervisor; the agent signed in is not one` });
    }
    const parsed = calls[name].arg.safeParse(arg);
    if (!parsed.success) {
      return fail({
        code: 'invalid_argument',
        message: `Invalid argument for ${name}`,
        fields: fieldErrors(parsed.error),
      });
    }
    try {
      const handler = handlers[name] as (a: unknown) => unknown;
      return ok(await handler(parsed.data));
    } catch (err) {
      const error = toAppError(err);
      if (error.code === 'internal') onInternalError(err);
      return fail(error);
    }
  };
}
