import type { SandboxProblemCode } from '../http/problem.ts';
import { ref, type Json } from './schemas.ts';

// Headers and problem documents of the answers, as plumbing.ts, rate-limit.ts, problem.ts and
// the routes send them.

const integer = (minimum: number): Json => ({ type: 'integer', minimum });

export const header = (description: string, schema: Json, required = true): Json => ({ description, required, schema });

/** `components.headers`: what every /v1 answer carries (plumbing.ts, rate-limit.ts). */
export const EVERY_ANSWER_HEADERS: Record<string, Json> = {
  'X-Request-Id': header('Id of this request; a problem document repeats it as `request_id`.', { type: 'string' }),
  RateLimit: header(
    'The budget of the rate-limit bucket this request counts against: `limit`, `remaining` and `reset` (seconds until the window ends).',
    { type: 'string', pattern: '^limit=\\d+, remaining=\\d+, reset=\\d+$' },
  ),
  'RateLimit-Policy': header('The bucket\'s policy: `<limit>;w=<window seconds>`.', { type: 'string', pattern: '^\\d+;w=\\d+$' }),
  'X-RateLimit-Limit': header('Requests allowed per window (legacy form of `RateLimit`).', integer(1)),
  'X-RateLimit-Remaining': header('Requests left in this window.', integer(0)),
  'X-RateLimit-Reset': header('Seconds until this window ends.', integer(1)),
};

/** The header map of a documented answer: every-answer headers plus its own. */
export function headersOf(own: Record<string, Json> = {}): Json {
  const every = Object.fromEntries(Object.keys(EVERY_ANSWER_HEADERS).map((name) => [name, { $ref: `#/components/headers/${name}` }]));
  return { ...every, ...own };
}

const retryAfter = (required: boolean, when: string): Json => header(`Seconds to wait before retrying (${when}).`, integer(1), required);

/** Sent with every answer of POST /bookings that repeats a stored one (same Idempotency-Key and body). */
export const IDEMPOTENT_REPLAYED = { 'Idempotent-Replayed': header('`true` when this answer repeats the stored answer of an earlier request with the same Idempotency-Key and body.', { type: 'string', enum: ['true'] }, false) };

interface ProblemSpec {
  status: number;
  codes: readonly SandboxProblemCode[];
  description: string;
  headers?: Record<string, Json>;
}

/** Every problem answer an operation can give, by the name the operation table uses. */
export const PROBLEMS = {
  malformed: { status: 400, codes: ['invalid_request'], description: 'The body is not valid JSON, or the URL is malformed.' },
  invalidClient: { status: 401, codes: ['invalid_client'], description: 'The client credentials are invalid or revoked.' },
  unauthorized: { status: 401, codes: ['unauthorized'], description: 'The bearer token is missing, invalid or expired.' },
  insufficientFunds: { status: 402, codes: ['insufficient_funds'], description: 'The wallet does not cover the booking; nothing was booked or charged.' },
  insufficientScope: { status: 403, codes: ['insufficient_scope'], description: 'The credential lacks the scope this operation requires.' },
  unknownReference: { status: 404, codes: ['invalid_reference'], description: 'Unknown id, one issued to another account, or a modified one.' },
  unknownCity: { status: 404, codes: ['invalid_reference'], description: 'origin or destination is not a city id.' },
  offerExpired: { status: 409, codes: ['offer_expired'], description: 'The offer has expired (or its coach has departed); search again.' },
  holdConflict: {
    status: 409,
    codes: ['offer_expired', 'seats_unavailable'],
    description: 'The offer has expired, or a named seat is taken / no fare class has enough free seats.',
  },
  bookingConflict: {
    status: 409,
    codes: ['offer_expired', 'seats_unavailable', 'provider_rejected', 'request_in_progress'],
    description:
      'offer_expired: the offer or hold lapsed. seats_unavailable / provider_rejected: the booking failed; when it failed after the charge ' +
      '(wallet already credited back) the extension member `booking_reference` names the failed booking (GET /bookings/{reference}). ' +
      'request_in_progress: an identical request with this Idempotency-Key is still running.',
  },
  bookingNotConfirmed: { status: 409, codes: ['booking_not_confirmed'], description: 'The booking failed: it has no ticket.' },
  ticketNotReady: {
    status: 409,
    codes: ['ticket_not_ready', 'booking_not_confirmed'],
    description: 'ticket_not_ready (with Retry-After): the booking is still being confirmed. booking_not_confirmed: the booking failed, it has no ticket.',
    headers: { 'Retry-After': retryAfter(false, 'sent with ticket_not_ready') },
  },
  payloadTooLarge: { status: 413, codes: ['invalid_request'], description: 'The body is larger than 64 KiB.' },
  unsupportedMediaType: { status: 415, codes: ['invalid_request'], description: 'The body is not sent as JSON.' },
  invalidRequest: { status: 422, codes: ['invalid_request'], description: 'Invalid, missing or unknown fields; `errors[]` names each (`field` is a dotted path).' },
  invalidBooking: {
    status: 422,
    codes: ['invalid_request', 'idempotency_key_reused'],
    description: 'invalid_request: invalid, missing or unknown fields or Idempotency-Key (`errors[]`). idempotency_key_reused: the key was used with a different body (`errors[]` names `Idempotency-Key`).',
  },
  rateLimited: { status: 429, codes: ['rate_limited'], description: 'The rate-limit budget of this window is spent.', headers: { 'Retry-After': retryAfter(true, 'until the window ends') } },
  serviceUnavailable: {
    status: 503,
    codes: ['service_unavailable'],
    description: 'Temporary (simulated fault, or the operator did not answer a booking); nothing was charged. Retry (a booking with the same Idempotency-Key).',
  },
} as const satisfies Record<string, ProblemSpec>;

export type ProblemName = keyof typeof PROBLEMS;

const PROBLEM_CONTENT = 'application/problem+json';

export function problemResponse(name: ProblemName, extraHeaders: Record<string, Json> = {}): { status: number; response: Json } {
  const spec: ProblemSpec = PROBLEMS[name];
  const schema = {
    allOf: [
      ref('Problem'),
      { type: 'object', properties: { status: { const: spec.status }, code: { type: 'string', enum: [...spec.codes] } } },
    ],
  };
  return {
    status: spec.status,
    response: { description: spec.description, headers: headersOf({ ...spec.headers, ...extraHeaders }), content: { [PROBLEM_CONTENT]: { schema } } },
  };
}

/**
 * Anything else, still a problem document with X-Request-Id: a request the HTTP server cannot
 * read (400, 408, 431; without the rate-limit headers) or an unexpected error (500).
 */
export const DEFAULT_RESPONSE: Json = {
  description: 'Any other failure as a problem document: an HTTP request that cannot be read (400, 408, 431) or an unexpected error (500).',
  headers: { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } },
  content: { [PROBLEM_CONTENT]: { schema: ref('Problem') } },
};
