import type { FastifyReply } from 'fastify';
import type { Bucket, ConfigStore } from '../config.ts';
import { ApiProblem } from './problem.ts';

interface Window {
  /** Simulated epoch ms of the first request counted in it. */
  start: number;
  count: number;
  /** The policy it was opened under: a changed limit or window starts a fresh one. */
  policy: string;
}

export interface Usage {
  limit: number;
  remaining: number; // -1: this request was refused
  resetS: number;
  windowS: number;
}

/**
 * Fixed-window request budgets per subject (an account in one environment) and bucket, on the
 * simulated clock. A window opens with the first request counted after the previous one ended
 * (so N quick requests never straddle a boundary). Counters live in memory: a restart,
 * `/_sandbox/reset` or a new limit for the bucket (`PUT /_sandbox/config`) starts them afresh.
 */
export class RateLimiter {
  readonly #config: ConfigStore;
  readonly #now: () => number;
  readonly #windows = new Map<string, Window>();

  constructor(config: ConfigStore, now: () => number) {
    this.#config = config;
    this.#now = now;
  }

  /** Counts one request; throws 429 `rate_limited` when the budget of the window is spent. */
  consume(reply: FastifyReply, subject: string, bucket: Bucket): void {
    const usage = this.#use(subject, bucket, 1);
    setHeaders(reply, usage);
    if (usage.remaining < 0) {
      throw new ApiProblem('rate_limited', `Rate limit of ${usage.limit} requests per ${usage.windowS} s exceeded.`, {
        headers: { 'retry-after': String(usage.resetS) },
      });
    }
  }

  /** Sets the headers of a bucket without counting (answers that are not budgeted). */
  peek(reply: FastifyReply, subject: string, bucket: Bucket): void {
    setHeaders(reply, this.#use(subject, bucket, 0));
  }

  clear(): void {
    this.#windows.clear();
  }

  #use(subject: string, bucket: Bucket, cost: number): Usage {
    const { limit, window_s: windowS } = this.#config.current.rate_limits[bucket];
    const windowMs = windowS * 1000;
    const now = this.#now();
    const key = `${subject}|${bucket}`;
    const policy = `${limit};w=${windowS}`;
    let window = this.#windows.get(key);
    if (window && (now >= window.start + windowMs || window.policy !== policy)) {
      this.#windows.delete(key);
      window = undefined;
    }
    if (!window) {
      if (cost === 0) return { limit, remaining: limit, resetS: windowS, windowS };
      window = { start: now, count: 0, policy };
      this.#windows.set(key, window);
    }
    const exceeded = cost > 0 && window.count >= limit;
    if (!exceeded) window.count += cost;
    const resetS = Math.max(1, Math.ceil((window.start + windowMs - now) / 1000));
    return { limit, remaining: exceeded ? -1 : limit - window.count, resetS, windowS };
  }
}

function setHeaders(reply: FastifyReply, usage: Usage): void {
  const remaining = Math.max(0, usage.remaining);
  reply.headers({
    ratelimit: `limit=${usage.limit}, remaining=${remaining}, reset=${usage.resetS}`,
    'ratelimit-policy': `${usage.limit};w=${usage.windowS}`,
    'x-ratelimit-limit': String(usage.limit),
    'x-ratelimit-remaining': String(remaining),
    'x-ratelimit-reset': String(usage.resetS),
  });
}
