import type { z } from 'zod';

/** One call the renderer may make: its argument schema and (as a type only) its result. */
export interface CallDef<A extends z.ZodType, R> {
  arg: A;
  /** Phantom: carries the result type, never read at run time. */
  result?: R;
}

/** `call(schema).returns<Result>()` — curried so the result type can be named explicitly. */
export function call<A extends z.ZodType>(arg: A) {
  return { returns: <R>(): CallDef<A, R> => ({ arg }) };
}
