import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../../contract/errors.ts';
import { DEFAULT_SEND_POLICY, waitBeforeResend } from '../../../../main/selling/send-policy.ts';
import type { Verdict } from '../../../../main/selling/verdict.ts';

// When a sale's booking request goes out again within one sell (or resume) call: only after an
// answer that proves nothing was done (429, 503) or no answer at all (network, still in progress).

const error = (code: AppError['code'], retryAfter?: number): AppError => ({ code, message: code, ...(retryAfter === undefined ? {} : { retryAfter }) });
const booking = { id: 'BK1' } as Extract<Verdict, { kind: 'confirmed' }>['booking'];

describe('waitBeforeResend', () => {
  const cases: { name: string; verdict: Verdict; send: number; waited: number; wait: number | null }[] = [
    { name: 'a confirmed booking is final', verdict: { kind: 'confirmed', booking }, send: 1, waited: 0, wait: null },
    { name: 'a pending booking is polled, not sent again', verdict: { kind: 'pending', booking }, send: 1, waited: 0, wait: null },
    { name: 'a failure about the booking is final', verdict: { kind: 'failed', error: error('seats_unavailable'), booking: null }, send: 1, waited: 0, wait: null },
    { name: 'a refusal that did nothing (503): the refused backoff', verdict: { kind: 'refused', error: error('service_unavailable') }, send: 1, waited: 0, wait: 500 },
    { name: 'a 429 with Retry-After: that wait', verdict: { kind: 'refused', error: error('rate_limited', 2) }, send: 1, waited: 0, wait: 2_000 },
    { name: 'a refusal for the credentials is not sent again', verdict: { kind: 'refused', error: error('unauthorized') }, send: 1, waited: 0, wait: null },
    { name: 'no answer (network): the unanswered backoff, longer the second time', verdict: { kind: 'open', error: error('network') }, send: 2, waited: 500, wait: 1_000 },
    { name: 'still in progress at the API: sent again', verdict: { kind: 'open', error: error('request_in_progress') }, send: 1, waited: 0, wait: 500 },
    { name: 'a timeout is not sent again within the call (the sale is resumed later)', verdict: { kind: 'open', error: error('timeout') }, send: 1, waited: 0, wait: null },
    { name: 'the sends of one call used up', verdict: { kind: 'open', error: error('network') }, send: 3, waited: 1_500, wait: null },
    { name: 'a Retry-After past the wait budget: stop here', verdict: { kind: 'refused', error: error('service_unavailable', 9) }, send: 1, waited: 0, wait: null },
  ];
  it.each(cases)('$name', ({ verdict, send, waited, wait }) => {
    expect(waitBeforeResend(DEFAULT_SEND_POLICY, verdict, send, waited)).toBe(wait);
  });
});
