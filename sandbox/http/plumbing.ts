import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { Principal, Scope } from '../auth/jwt.ts';
import type { Bucket } from '../config.ts';
import type { Sandbox } from '../context.ts';
import { toProblem } from './errors.ts';
import { ANONYMOUS, guardApi, isApi, subjectOf } from './guard.ts';
import { ApiProblem, sendProblem } from './problem.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Rate-limit bucket; null for /health and /openapi.json, which are not budgeted. */
    bucket?: Bucket | null;
    /** Bearer token with this scope required. */
    scope?: Scope;
    /** The route applies `latency_ms` itself (POST /bookings: inside its in-flight window). */
    ownLatency?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** Offer ids are long (sealed claims); a longer path segment is no id of ours. */
export const MAX_PARAM_LENGTH = 2048;

/**
 * What every request goes through: JSON parsing that turns bad input into 4xx problems,
 * X-Request-Id on every response, the /v1 guard (guard.ts), rate-limit headers on every /v1
 * answer, and errors and unknown routes as problem documents (errors.ts).
 */
export function installPlumbing(app: FastifyInstance, sandbox: Sandbox): void {
  app.decorateRequest('principal', null);

  // JSON only (text/plain would otherwise be accepted); an empty body reads as no body, so a
  // DELETE sent with a JSON content type but nothing in it is fine.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    parseJson(request, body as string, (err, value) => {
      // Valid JSON refused for a prototype key is a body with an unknown field: 422 naming it, as any other.
      const field = err ? prototypeKeyIn(body as string) : null;
      if (field) done(new ApiProblem('invalid_request', `Unknown field ${field}.`, { errors: [{ field, message: 'unknown field' }] }), undefined);
      else done(err, value);
    });
  });

  // Callback hooks: most requests need no promise (see guardApi).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    if (!isApi(request)) return done();
    let waiting: Promise<void> | undefined;
    try {
      waiting = guardApi(sandbox, request, reply);
    } catch (err) {
      return done(err as Error);
    }
    if (waiting) waiting.then(() => done(), done);
    else done();
  });

  // Every /v1 answer carries the rate-limit headers, also those that were not counted.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApi(request) && !reply.hasHeader('ratelimit')) {
      const bucket = request.routeOptions.config?.bucket ?? 'default';
      sandbox.limiter.peek(reply, request.principal ? subjectOf(request.principal) : ANONYMOUS, bucket);
    }
    done(null, payload);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const problem = toProblem(error);
    if (problem.status >= 500 && !(error instanceof ApiProblem)) sandbox.log('unexpected error', request.method, request.url, error);
    sendProblem(reply, problem);
  });

  // A /v1 path that exists under other methods is 405 with `Allow` (RFC 9110); any other is 404.
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const allowed = isApi(request) ? METHODS.filter((method) => routeExists(app, method, path)) : [];
    if (allowed.length > 0) {
      const allow = allowed.join(', ');
      sendProblem(reply, new ApiProblem('invalid_request', `${request.method} is not allowed on ${path}; use ${allow}.`, { status: 405, headers: { allow } }));
      return;
    }
    sendProblem(reply, new ApiProblem('invalid_reference', `No endpoint ${request.method} ${path}.`, { status: 404 }));
  });
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

function routeExists(app: FastifyInstance, method: string, path: string): boolean {
  try {
    return app.findRoute({ method: method as (typeof METHODS)[number], url: path }) !== null;
  } catch {
    return false;
  }
}

/** Sends JSON already serialized (cached reference data, or a search answer assembled as bytes). */
export function sendJson(reply: FastifyReply, json: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/** The path of the first `__proto__` or `constructor` key of a JSON text (null: none, or not JSON). */
function prototypeKeyIn(text: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(text); // own properties only: JSON.parse never sets a prototype
  } catch {
    return null;
  }
  const walk = (v: unknown, path: string): string | null => {
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const found = walk(v[i], `${path}[${i}]`);
        if (found) return found;
      }
    } else if (v !== null && typeof v === 'object') {
      for (const key of Object.keys(v)) {
        const here = path ? `${path}.${key}` : key;
        if (key === '__proto__' || key === 'constructor') return here;
        const found = walk((v as Record<string, unknown>)[key], here);
        if (found) return found;
      }
    }
    return null;
  };
  return walk(value, '');
}
