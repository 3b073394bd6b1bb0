import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { BookingRequest, BookingsQuery, IdempotencyKey, fieldErrors } from '../../contract/partner/index.ts';
import { fingerprint, type StoredResponse } from '../bookings/idempotency.ts';
import type { Sandbox } from '../context.ts';
import { listOf, single } from '../http/envelope.ts';
import { pageRequest } from '../http/pagination.ts';
import { principalOf } from '../http/guard.ts';
import { ApiProblem, PROBLEM_CONTENT_TYPE, invalidField, invalidRequest, parseOrThrow } from '../http/problem.ts';

export function bookingRoutes(app: FastifyInstance, sandbox: Sandbox): void {
  const config = { scope: 'booking.write' } as const;
  const simulatedLatency = async () => {
    const ms = sandbox.config.current.latency_ms;
    if (ms > 0) await sleep(ms);
  };

  // latency_ms is applied here rather than before the handler: inside the window in which the
  // Idempotency-Key is in flight, so a twin sent meanwhile sees 409 request_in_progress.
  app.post('/bookings', { config: { ...config, ownLatency: true } }, async (request, reply) => {
    const owner = principalOf(request);
    const body = request.body;
    const key = IdempotencyKey.safeParse(request.headers['idempotency-key']);
    if (!key.success) {
      await simulatedLatency();
      throw missingKey(request.headers['idempotency-key'] === undefined, body);
    }
    const print = fingerprint(body);
    const state = sandbox.idempotency.begin(owner, key.data, print);
    await simulatedLatency();
    if (state.kind === 'replay') return sendStored(reply.header('idempotent-replayed', 'true'), state.response);
    if (state.kind === 'in_progress') {
      throw new ApiProblem('request_in_progress', 'An identical request with this Idempotency-Key is still in progress; retry shortly.');
    }
    if (state.kind === 'reused') {
      // A 422 names what is wrong in `errors[]` (partner-api.md § Errors 1): here the header.
      throw new ApiProblem('idempotency_key_reused', 'This Idempotency-Key was used with a different body; use a new key per booking attempt.', {
        errors: [{ field: 'Idempotency-Key', message: 'already used with a different body' }],
      });
    }

    let response: StoredResponse;
    try {
      const booking = await sandbox.bookings.create(owner, parseOrThrow(BookingRequest, body));
      response = { statusCode: 201, body: JSON.stringify(single(booking)) };
    } catch (error) {
      if (!(error instanceof ApiProblem)) {
        sandbox.idempotency.abandon(owner, key.data);
        throw error;
      }
      response = { statusCode: error.status, body: JSON.stringify(error.body(String(request.id))) };
      if (error.headers) reply.headers(error.headers);
    }
    sandbox.idempotency.finish(owner, key.data, print, response, sandbox.clock.now());
    return sendStored(reply, response);
  });

  app.get('/bookings', { config }, (request) => {
    const query = parseOrThrow(BookingsQuery, request.query);
    if (query.from !== undefined && query.to !== undefined && query.to < query.from) {
      throw invalidField('to', 'must not be before from');
    }
    const page = sandbox.bookings.list(principalOf(request), query, pageRequest(query));
    return listOf(page.items, page.meta);
  });

  app.get<{ Params: { reference: string } }>('/bookings/:reference', { config }, (request) =>
    single(sandbox.bookings.get(principalOf(request), request.params.reference)),
  );
}

/** 422 naming the Idempotency-Key header, together with the body's own errors if any. */
function missingKey(absent: boolean, body: unknown): ApiProblem {
  const message = absent ? 'header is required (one unique value per booking attempt)' : 'must be 1 to 120 characters';
  const parsed = BookingRequest.safeParse(body);
  return invalidRequest(
    [{ field: 'Idempotency-Key', message }, ...(parsed.success ? [] : fieldErrors(parsed.error))],
    `Idempotency-Key: ${message}`,
  );
}

function sendStored(reply: FastifyReply, response: StoredResponse): FastifyReply {
  return reply
    .code(response.statusCode)
    .type(response.statusCode >= 400 ? PROBLEM_CONTENT_TYPE : 'application/json; charset=utf-8')
    .send(response.body);
}
