import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { fieldErrors, type Problem, type ProblemCode } from '../../contract/partner/index.ts';

/** Base of every problem `type` URI: `{docs_url}/errors#<code>`. */
export const DOCS_URL = 'https://developers.partner-api.example/docs';

/**
 * The contract's codes, plus the one answer no request should ever get and the control API's
 * own `trip_cancelled` (reschedule or cancel-trip of a departure already cancelled).
 */
export type SandboxProblemCode = ProblemCode | 'internal_error' | 'trip_cancelled';

const TITLES: Record<SandboxProblemCode, string> = {
  invalid_client: 'Invalid client credentials',
  unauthorized: 'Unauthorized',
  insufficient_scope: 'Insufficient scope',
  invalid_reference: 'Unknown reference',
  insufficient_funds: 'Insufficient funds',
  offer_expired: 'Offer expired',
  seats_unavailable: 'Seats unavailable',
  provider_rejected: 'Operator rejected the booking',
  request_in_progress: 'Request in progress',
  ticket_not_ready: 'Ticket not ready',
  booking_not_confirmed: 'Booking not confirmed',
  idempotency_key_reused: 'Idempotency key reused',
  invalid_request: 'Invalid request',
  rate_limited: 'Too many requests',
  service_unavailable: 'Service unavailable',
  internal_error: 'Internal error',
  trip_cancelled: 'Departure cancelled',
};

const STATUS: Record<SandboxProblemCode, number> = {
  invalid_client: 401,
  unauthorized: 401,
  insufficient_scope: 403,
  invalid_reference: 404,
  insufficient_funds: 402,
  offer_expired: 409,
  seats_unavailable: 409,
  provider_rejected: 409,
  request_in_progress: 409,
  ticket_not_ready: 409,
  booking_not_confirmed: 409,
  idempotency_key_reused: 422,
  invalid_request: 422,
  rate_limited: 429,
  service_unavailable: 503,
  internal_error: 500,
  trip_cancelled: 409,
};

export interface FieldError {
  field: string;
  message: string;
}

export interface ProblemOptions {
  /** Overrides the code's usual status (only `invalid_request` uses it: 400, 405, 413, 415). */
  status?: number;
  errors?: FieldError[];
  /** Extension members, e.g. `booking_reference`. */
  extra?: Record<string, string>;
  /** Response headers that belong to this problem, e.g. `Retry-After`. */
  headers?: Record<string, string>;
}

/** Thrown anywhere in a request; the error handler turns it into a problem document. */
export class ApiProblem extends Error {
  readonly code: SandboxProblemCode;
  readonly status: number;
  readonly detail: string;
  readonly errors: FieldError[] | undefined;
  readonly extra: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(code: SandboxProblemCode, detail: string, options: ProblemOptions = {}) {
    super(detail);
    this.code = code;
    this.status = options.status ?? STATUS[code];
    this.detail = detail;
    this.errors = options.errors;
    this.extra = options.extra;
    this.headers = options.headers;
  }

  body(requestId: string): Problem {
    return {
      type: `${DOCS_URL}/errors#${this.code}`,
      title: TITLES[this.code],
      status: this.status,
      code: this.code,
      detail: this.detail,
      request_id: requestId,
      ...(this.errors ? { errors: this.errors } : {}),
      ...this.extra,
    };
  }
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

export function sendProblem(reply: FastifyReply, problem: ApiProblem): FastifyReply {
  if (problem.headers) reply.headers(problem.headers);
  return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(problem.body(String(reply.request.id)));
}

/** 422 `invalid_request` listing each invalid field. */
export function invalidRequest(errors: FieldError[], detail = 'The request has invalid or unknown fields.'): ApiProblem {
  return new ApiProblem('invalid_request', detail, { errors });
}

export const invalidField = (field: string, message: string): ApiProblem =>
  invalidRequest([{ field, message }], `${field}: ${message}`);

/** Parses `value` with a zod schema or throws 422 `invalid_request` naming every bad field. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw invalidRequest(fieldErrors(result.error));
}

export const notFound = (what: string): ApiProblem =>
  new ApiProblem('invalid_reference', `${what} is unknown or was issued to another account.`);
