import { fieldErrors } from '../contract/partner/problems.ts';
import { calls, isCallName, type CallName } from '../contract/calls.ts';
import type { CallValue, HandlerArg } from '../contract/api.ts';
import { fail, ok, type Result } from '../contract/errors.ts';
import { toAppError } from './failure.ts';

export type Handlers = {
  [N in CallName]: (arg: HandlerArg<N>) => Promise<CallValue<N>> | CallValue<N>;
};

export type Dispatch = (name: unknown, arg: unknown) => Promise<Result<unknown>>;

/**
 * The single entry point of every contract call, whatever the transport: checks the name,
 * validates the argument with the contract's schema, runs the handler and answers a Result.
 */
export function createDispatcher(handlers: Handlers, onInternalError: (err: unknown) => void = () => {}): Dispatch {
  return async (name, arg) => {
    if (!isCallName(name)) return fail({ code: 'unknown_call', message: `No such call: ${String(name)}` });
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
