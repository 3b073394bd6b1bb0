// When to try again after a failed attempt, and how long to wait first. Pure: the caller does the
// attempts, decides whether a failure may be retried at all (is it safe? did it do anything?),
// and sleeps; this only says "wait this long" or "stop".

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Longest total time spent waiting between attempts of one operation. */
  maxTotalWaitMs: number;
  /** Wait after failed attempt n when the server names none: `backoffMs[n - 1]`, the last one repeated ([] = no wait). */
  backoffMs: readonly number[];
}

export interface FailedAttempt {
  /** The attempt that just failed, 1 for the first. */
  attempt: number;
  /** Time already spent waiting before this attempt, in all. */
  waitedMs: number;
  /** The server's Retry-After, in seconds, when it gave one: honoured instead of the backoff. */
  retryAfterS?: number | undefined;
}

/**
 * Milliseconds to wait before the next attempt, or null to stop: the attempts are used up, or the
 * wait (the server's Retry-After, else the backoff) would go past the wait budget, in which case
 * the failure is answered as it is and the caller, or the agent, comes back later.
 */
export function retryDelay(policy: RetryPolicy, failed: FailedAttempt): number | null {
  if (failed.attempt >= policy.maxAttempts) return null;
  const waitMs = failed.retryAfterS !== undefined ? failed.retryAfterS * 1000 : backoffAfter(policy, failed.attempt);
  return failed.waitedMs + waitMs <= policy.maxTotalWaitMs ? waitMs : null;
}

function backoffAfter(policy: RetryPolicy, attempt: number): number {
  return policy.backoffMs[attempt - 1] ?? policy.backoffMs.at(-1) ?? 0;
}

/** `step`, 2 × `step`, 3 × `step`…: one wait for each retry of `maxAttempts`. */
export function linearBackoff(stepMs: number, maxAttempts: number): number[] {
  return Array.from({ length: Math.max(0, maxAttempts - 1) }, (_, i) => stepMs * (i + 1));
}
