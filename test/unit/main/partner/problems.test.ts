import { describe, expect, it } from 'vitest';
import { apiDidNotAnswer, parseRetryAfter, problemFailure } from '../../../../main/partner/problems.ts';
import { AppFailure } from '../../../../main/failure.ts';

const problem = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  problemFailure(status, new Headers(headers), typeof body === 'string' ? body : JSON.stringify(body)).error;

describe('problem documents', () => {
  it('are keyed on code, never on title or detail', () => {
    const e = problem(402, { title: 'Payment required (reworded)', status: 402, code: 'insufficient_funds', detail: 'low' });
    expect(e.code).toBe('insufficient_funds');
    expect(e.retryable).toBeUndefined();
    expect(problem(409, { title: 'insufficient_funds', status: 409, code: 'offer_expired' }).code).toBe('offer_expired');
  });

  it('carry the booking reference of a failed booking and per-field errors', () => {
    const e = problem(409, { title: 'x', status: 409, code: 'seats_unavailable', booking_reference: 'PB-123' });
    expect(e).toMatchObject({ code: 'seats_unavailable', bookingReference: 'PB-123' });
    const v = problem(422, {
      title: 'x',
      status: 422,
      code: 'invalid_request',
      errors: [{ field: 'passengers[0].full_name', message: 'required' }],
    });
    expect(v.fields).toEqual([{ field: 'passengers[0].full_name', message: 'required' }]);
  });

  it('carry Retry-After and say what may be retried', () => {
    expect(problem(429, { title: 'x', status: 429, code: 'rate_limited' }, { 'Retry-After': '7' })).toMatchObject({
      code: 'rate_limited',
      retryAfter: 7,
      retryable: true,
    });
    expect(problem(503, { title: 'x', status: 503, code: 'service_unavailable' })).toMatchObject({ retryable: true });
    expect(problem(409, { title: 'x', status: 409, code: 'request_in_progress' })).toMatchObject({ retryable: true });
    expect(problem(409, { title: 'x', status: 409, code: 'ticket_not_ready' }, { 'retry-after': '3' })).toMatchObject({ retryAfter: 3 });
  });

  it('fall back on the status when the body is not a problem we know', () => {
    expect(problem(503, '<html>bad gateway</html>').code).toBe('service_unavailable');
    expect(problem(429, '').code).toBe('rate_limited');
    expect(problem(401, 'nope').code).toBe('unauthorized');
    expect(problem(500, 'oops').code).toBe('bad_response');
    expect(problem(409, { title: 'x', status: 409, code: 'some_future_code' }).code).toBe('bad_response');
    expect(problem(400, { status: 'four hundred' }).code).toBe('bad_response');
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    const now = new Date('2026-07-01T10:00:00Z');
    expect(parseRetryAfter('12', now)).toBe(12);
    expect(parseRetryAfter('Wed, 01 Jul 2026 10:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Wed, 01 Jul 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});

describe('apiDidNotAnswer: when what the counter recorded may stand in for the API', () => {
  const problem = (status: number, code: string) => problemFailure(status, new Headers(), JSON.stringify({ type: 'about:blank', title: code, status, code }));
  it.each<[string, unknown, boolean]>([
    ['network', new AppFailure('network', 'Could not reach the Partner API'), true],
    ['timeout', new AppFailure('timeout', 'no answer in time'), true],
    ['429', problem(429, 'rate_limited'), true],
    ['503', problem(503, 'service_unavailable'), true],
    ['an unreadable 502', problemFailure(502, new Headers(), '<html>bad gateway</html>'), true],
    ['404: no such booking on this account', problem(404, 'invalid_reference'), false],
    ['409: the booking failed', problem(409, 'booking_not_confirmed'), false],
    ['401', problem(401, 'unauthorized'), false],
    ['a bug, not the API', new TypeError('x is undefined'), false],
  ])('%s → %s', (_, err, expected) => {
    expect(apiDidNotAnswer(err)).toBe(expected);
  });
});
