// How often a sale's booking request is sent again, and how long the API's memory of it lasts.
import { retryDelay, type RetryPolicy } from '../../core/retry.ts';
import type { Verdict } from './verdict.ts';

/** How long the API keeps an Idempotency-Key (partner-api.md: at least 24 hours). */
export const KEY_RETENTION_MS = 24 * 3_600_000;

/**
 * How often POST /bookings is sent per sell (or per resume) call, and the waits between sends
 * (a Retry-After is honoured first). The sends of one call share one count and one wait budget;
 * the backoff depends on what the last send proved.
 */
export interface SendPolicy {
  /** After a send that may have reached the API unanswered (network, request_in_progress): longer each time. */
  unanswered: RetryPolicy;
  /** After a refusal that did nothing (429, 503). */
  refused: RetryPolicy;
}

export const DEFAULT_SEND_POLICY: SendPolicy = {
  unanswered: { maxAttempts: 3, maxTotalWaitMs: 8_000, backoffMs: [500, 1_000] },
  refused: { maxAttempts: 3, maxTotalWaitMs: 8_000, backoffMs: [500] },
};

/** How long to wait before sending again after the `send`-th send's verdict, or null to stop here for now. */
export function waitBeforeResend(policy: SendPolicy, v: Verdict, send: number, waited: number): number | null {
  let p: RetryPolicy;
  if (v.kind === 'refused' && (v.error.code === 'rate_limited' || v.error.code === 'service_unavailable')) p = policy.refused;
  else if (v.kind === 'open' && (v.error.code === 'network' || v.error.code === 'request_in_progress')) p = policy.unanswered;
  else return null;
  return retryDelay(p, { attempt: send, waitedMs: waited, retryAfterS: v.error.retryAfter });
}
