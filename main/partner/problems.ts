import type { AppError, AppErrorCode } from '../../contract/errors.ts';
import { Problem, ProblemCode } from '../../contract/partner/problems.ts';
import { AppFailure } from '../failure.ts';

/** Codes after which the same request may succeed later (the agent may try again). */
const RETRYABLE = new Set<string>(['rate_limited', 'service_unavailable', 'request_in_progress', 'ticket_not_ready']);

/** Seconds from a Retry-After header (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: Date = new Date()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/** The status's own meaning when the body is not a problem document we can read. */
function codeForStatus(status: number): AppErrorCode {
  if (status === 401) return 'unauthorized';
  if (status === 429) return 'rate_limited';
  if (status === 503) return 'service_unavailable';
  return 'bad_response';
}

/**
 * An error response as a typed failure keyed on the problem's `code` (never on title/detail).
 * Carries Retry-After, the booking reference of a failed booking and per-field errors.
 */
export function problemFailure(status: number, headers: Headers, bodyText: string): AppFailure {
  const retryAfter = parseRetryAfter(headers.get('retry-after'));
  let json: unknown;
  try {
    json = JSON.parse(bodyText);
  } catch {
    json = undefined;
  }
  const parsed = Problem.safeParse(json);
  const extra: Omit<AppError, 'code' | 'message'> = {};
  if (retryAfter !== undefined) extra.retryAfter = retryAfter;
  if (parsed.success && ProblemCode.safeParse(parsed.data.code).success) {
    const p = parsed.data;
    const code = p.code as ProblemCode;
    if (RETRYABLE.has(code)) extra.retryable = true;
    if (p.booking_reference) extra.bookingReference = p.booking_reference;
    if (p.errors?.length) extra.fields = p.errors.map((e) => ({ field: e.field, message: e.message }));
    return new AppFailure(code, `${p.detail ?? p.title} (HTTP ${status} ${code})`, extra);
  }
  const code = codeForStatus(status);
  if (RETRYABLE.has(code)) extra.retryable = true;
  const what = parsed.success ? `an unknown problem code "${parsed.data.code}"` : 'no readable problem document';
  return new AppFailure(code, `The Partner API answered HTTP ${status} with ${what}`, extra);
}

/**
 * The API gave no answer about the resource (could not be reached, timed out, was busy, or said
 * nothing readable): what the counter recorded may stand in. Any other failure is the API's answer.
 */
export function apiDidNotAnswer(err: unknown): boolean {
  if (!(err instanceof AppFailure)) return false;
  const { code, retryable } = err.error;
  return retryable === true || code === 'network' || code === 'timeout' || code === 'bad_response';
}
