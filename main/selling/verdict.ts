import { AppErrorCode, type AppError } from '../../contract/errors.ts';
import type { Booking } from '../../contract/partner/resources.ts';
import { AppFailure, toAppError } from '../failure.ts';

/** What one answer (or the lack of one) to POST /bookings, or a poll of the booking, tells. */
export type Verdict =
  /** A final answer about this sale's booking. */
  | { kind: 'confirmed'; booking: Booking }
  | { kind: 'failed'; error: AppError; booking: Booking | null }
  /** Booked and charged, the operator not yet confirmed: poll the booking. */
  | { kind: 'pending'; booking: Booking }
  /**
   * The API refused the request before doing anything (429, 503, auth). Final only if no
   * earlier attempt of the sale may have reached the API unanswered: a refusal says nothing
   * about an earlier attempt (the sandbox's faults and rate limits come before key replay).
   */
  | { kind: 'refused'; error: AppError }
  /** No answer about the booking (timeout, network, unreadable answer, still in progress). */
  | { kind: 'open'; error: AppError };

/** Answers about the keyed booking itself; replays of the same key give the same answer. */
const FINAL = new Set<AppErrorCode>([
  'insufficient_funds',
  'seats_unavailable',
  'provider_rejected',
  'offer_expired',
  'invalid_reference',
  'invalid_request',
  'idempotency_key_reused',
  'booking_not_confirmed',
]);

const REFUSED = new Set<AppErrorCode>(['rate_limited', 'service_unavailable', 'unauthorized', 'invalid_client', 'insufficient_scope']);

export function bookingVerdict(booking: Booking): Verdict {
  if (booking.status === 'confirmed') return { kind: 'confirmed', booking };
  if (booking.status === 'pending') return { kind: 'pending', booking };
  const code = AppErrorCode.safeParse(booking.failure?.code);
  return {
    kind: 'failed',
    booking,
    error: {
      code: code.success ? code.data : 'provider_rejected',
      message: booking.failure?.detail ?? 'The booking failed; the wallet was credited back',
      bookingReference: booking.id,
    },
  };
}

export function errorVerdict(err: unknown): Verdict {
  const error = toAppError(err);
  if (err instanceof AppFailure && err.notSent) return { kind: 'refused', error };
  if (FINAL.has(error.code)) return { kind: 'failed', error, booking: null };
  if (REFUSED.has(error.code)) return { kind: 'refused', error };
  return { kind: 'open', error: { ...error, retryable: true } };
}
