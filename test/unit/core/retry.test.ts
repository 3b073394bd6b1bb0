import { describe, expect, it } from 'vitest';
import { linearBackoff, retryDelay, type RetryPolicy } from '../../../core/retry.ts';

const policy: RetryPolicy = { maxAttempts: 3, maxTotalWaitMs: 8_000, backoffMs: [300, 1_000] };

describe('retry policy', () => {
  it('waits the backoff of each attempt, the last one repeated, and stops when the attempts are used up', () => {
    expect(retryDelay(policy, { attempt: 1, waitedMs: 0 })).toBe(300);
    expect(retryDelay(policy, { attempt: 2, waitedMs: 300 })).toBe(1_000);
    expect(retryDelay(policy, { attempt: 3, waitedMs: 1_300 })).toBeNull();
    const five = { ...policy, maxAttempts: 5 };
    expect(retryDelay(five, { attempt: 3, waitedMs: 1_300 })).toBe(1_000);
    expect(retryDelay(five, { attempt: 4, waitedMs: 2_300 })).toBe(1_000);
    expect(retryDelay(five, { attempt: 5, waitedMs: 3_300 })).toBeNull();
  });

  it("honours the server's Retry-After instead of the backoff, within the wait budget", () => {
    expect(retryDelay(policy, { attempt: 1, waitedMs: 0, retryAfterS: 2 })).toBe(2_000);
    expect(retryDelay(policy, { attempt: 1, waitedMs: 0, retryAfterS: 0 })).toBe(0);
    expect(retryDelay(policy, { attempt: 1, waitedMs: 0, retryAfterS: 8 })).toBe(8_000); // exactly the budget
    expect(retryDelay(policy, { attempt: 1, waitedMs: 0, retryAfterS: 9 })).toBeNull(); // answered with it instead
    expect(retryDelay(policy, { attempt: 2, waitedMs: 7_500, retryAfterS: 1 })).toBeNull();
    expect(retryDelay(policy, { attempt: 2, waitedMs: 7_800 })).toBeNull(); // 7 800 + 1 000 > 8 000
  });

  it('never retries a single-attempt policy, and waits nothing with no backoff', () => {
    expect(retryDelay({ maxAttempts: 1, maxTotalWaitMs: 10_000, backoffMs: [100] }, { attempt: 1, waitedMs: 0 })).toBeNull();
    expect(retryDelay({ maxAttempts: 3, maxTotalWaitMs: 0, backoffMs: [] }, { attempt: 1, waitedMs: 0 })).toBe(0);
  });

  it('makes a linear backoff, one wait per retry', () => {
    expect(linearBackoff(500, 3)).toEqual([500, 1_000]);
    expect(linearBackoff(1_000, 1)).toEqual([]);
    const unbounded = { maxAttempts: 3, maxTotalWaitMs: Infinity, backoffMs: linearBackoff(1_000, 3) };
    expect([1, 2, 3].map((attempt) => retryDelay(unbounded, { attempt, waitedMs: 0 }))).toEqual([1_000, 2_000, null]);
  });
});
