import type { Handlers } from './dispatch.ts';
import type { Agent } from './journal/agents.ts';
import type { Session } from './session.ts';

/**
 * The calls `K` of the contract, answered by one group of handlers. Each group is made from the
 * few services it uses, named in its own `…HandlerDeps` interface and passed by main/counter.ts.
 */
export type HandlerGroup<K extends keyof Handlers> = Pick<Handlers, K>;

/**
 * A getter of some of the services of the environment in force, read once per call. Saving a
 * credential replaces the environment (TRAINING's journal, API client, agents… by SANDBOX's or
 * LIVE's), so a handler holds a getter, never the services; one getter for the services a call
 * uses together keeps one call in one environment (a hold taken through TRAINING's API is never
 * journalled in LIVE's journal).
 */
export type Current<K extends keyof Session> = () => Pick<Session, K>;

/** Messages for the log (a failure's detail as the second argument). */
export type Log = (message: string, err?: unknown) => void;

/** The agent a call is made for (the one signed in, or the counter's default agent). */
export type ActingAgent = () => Agent;
