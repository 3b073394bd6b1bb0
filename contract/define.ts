import type { z } from 'zod';

/**
 * Who may make a call. `anyone`: before anybody signs in (what the sign-in screen needs);
 * `agent`: a signed-in agent with an unlocked screen; `supervisor`: a signed-in supervisor.
 * `dispatch` enforces it for both transports; a counter with no agent yet acts as its supervisor.
 */
export type CallRole = 'anyone' | 'agent' | 'supervisor';

/** One call the renderer may make: the role it needs, its argument schema and (as a type only) its result. */
export interface CallDef<A extends z.ZodType, R> {
  role: CallRole;
  arg: A;
  /** Phantom: carries the result type, never read at run time. */
  result?: R;
}

/** `call(role, schema).returns<Result>()` — curried so the result type can be named explicitly. */
export function call<A extends z.ZodType>(role: CallRole, arg: A) {
  return { returns: <R>(): CallDef<A, R> => ({ role, arg }) };
}

/** Whether a caller holding `held` (null: nobody signed in, or the screen is locked) may make a call needing `needed`. */
export function roleAllows(needed: CallRole, held: 'agent' | 'supervisor' | null): boolean {
  if (needed === 'anyone') return true;
  if (held === null) return false;
  return needed === 'agent' || held === 'supervisor';
}
