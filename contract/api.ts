import type { z } from 'zod';
import type { CallName, Calls } from './calls.ts';
import { CALL_NAMES } from './call-names.generated.ts';
import type { Result } from './errors.ts';

export type CallArg<N extends CallName> = z.input<Calls[N]['arg']>;
export type CallValue<N extends CallName> = NonNullable<Calls[N]['result']>;
export type HandlerArg<N extends CallName> = z.output<Calls[N]['arg']>;

/** `window.shubbak`: one async function per contract call, answering a Result. */
export type ShubbakApi = {
  readonly [N in CallName]: undefined extends CallArg<N>
    ? (arg?: CallArg<N>) => Promise<Result<CallValue<N>>>
    : (arg: CallArg<N>) => Promise<Result<CallValue<N>>>;
};

export type Invoke = (name: CallName, arg: unknown) => Promise<Result<unknown>>;

/** Builds `window.shubbak` over any transport: IPC in Electron, HTTP in the web harness. */
export function buildApi(invoke: Invoke): ShubbakApi {
  const api: Record<string, (arg?: unknown) => Promise<Result<unknown>>> = {};
  for (const name of CALL_NAMES) api[name] = (arg?: unknown) => invoke(name, arg);
  return Object.freeze(api) as unknown as ShubbakApi;
}

/** IPC channel of a call; one namespace so main can tell ours from anything else. */
export const ipcChannel = (name: CallName) => `shubbak:${name}`;
