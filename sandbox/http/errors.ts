import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Sandbox } from '../context.ts';
import { ANONYMOUS, isApi } from './guard.ts';
import { ApiProblem, PROBLEM_CONTENT_TYPE, sendProblem } from './problem.ts';

// Every way a request can fail, mapped to a problem document: bad input is always 4xx.

export const BODY_LIMIT_BYTES = 64 * 1024;

/** Any error thrown while handling a request. */
export function toProblem(error: FastifyError): ApiProblem {
  if (error instanceof ApiProblem) return error;
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiProblem('invalid_request', 'Send the body as JSON with Content-Type: application/json.', { status: 415 });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiProblem('invalid_request', `The body is larger than ${BODY_LIMIT_BYTES} bytes.`, { status: 413 });
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiProblem('invalid_request', 'The body is not valid JSON.', { status: 400 });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return new ApiProblem('invalid_request', error.message, { status });
  return new ApiProblem('internal_error', 'Something went wrong in the sandbox.');
}

/** Errors the router raises before any hook runs (malformed URL, over-long path segment). */
export function sendFrameworkError(sandbox: Sandbox, error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.header('x-request-id', request.id);
  if (isApi(request)) sandbox.limiter.peek(reply, ANONYMOUS, 'default');
  const problem =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new ApiProblem('invalid_reference', 'No such resource.', { status: 404 })
      : new ApiProblem('invalid_request', 'The URL is malformed.', { status: 400 });
  sendProblem(reply, problem);
}

/**
 * Requests Node's HTTP parser refuses before fastify sees them (headers too large, garbage):
 * still a problem document with an X-Request-Id, written straight to the socket.
 */
export function sendClientError(error: NodeJS.ErrnoException, socket: Duplex, newRequestId: () => string): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const requestId = newRequestId();
  const body = JSON.stringify(new ApiProblem('invalid_request', 'The HTTP request could not be read.', { status }).body(requestId));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\nX-Request-Id: ${requestId}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
