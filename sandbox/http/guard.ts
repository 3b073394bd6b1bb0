import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../auth/jwt.ts';
import type { Sandbox } from '../context.ts';
import { randomFraction } from '../ids.ts';
import { ApiProblem } from './problem.ts';

export const API_PREFIX = '/v1';

export const isApi = (request: FastifyRequest): boolean =>
  request.url === API_PREFIX || request.url.startsWith(`${API_PREFIX}/`);

/** Rate-limit subject of an authenticated caller: its account in its environment. */
export const subjectOf = (p: { accountId: string; environment: string }): string => `${p.accountId}|${p.environment}`;
/** Subject whose budget is shown (never counted) on answers to unauthenticated requests. */
export const ANONYMOUS = 'anonymous';

/**
 * What a /v1 request meets before its handler, in order: simulated latency, fault injection,
 * bearer authentication, its rate-limit budget, and the scope its route declares. Without
 * simulated latency it all happens at once (no promise per request).
 */
export function guardApi(sandbox: Sandbox, request: FastifyRequest, reply: FastifyReply): Promise<void> | undefined {
  const route = request.routeOptions.config ?? {};
  const latency = sandbox.config.current.latency_ms;
  if (latency > 0 && !route.ownLatency) return sleep(latency).then(() => guardNow(sandbox, request, reply));
  guardNow(sandbox, request, reply);
  return undefined;
}

function guardNow(sandbox: Sandbox, request: FastifyRequest, reply: FastifyReply): void {
  const route = request.routeOptions.config ?? {};
  const faultRate = sandbox.config.current.fault_rate;
  if (faultRate > 0 && randomFraction() < faultRate) {
    throw new ApiProblem('service_unavailable', 'Simulated fault (fault_rate); retry shortly.');
  }
  if (!route.scope) return;
  const principal = authenticate(sandbox, request.headers.authorization);
  request.principal = principal;
  sandbox.limiter.consume(reply, subjectOf(principal), route.bucket ?? 'default');
  if (!principal.scopes.has(route.scope)) {
    throw new ApiProblem('insufficient_scope', `This credential lacks the ${route.scope} scope.`);
  }
}

/** The authenticated caller of a route that declares a `scope`. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new ApiProblem('unauthorized', 'A bearer token is required.');
  return request.principal;
}

const BEARER = /^Bearer +([A-Za-z0-9_.~+/=-]+)$/i;

function authenticate(sandbox: Sandbox, header: string | undefined): Principal {
  const token = header === undefined ? undefined : BEARER.exec(header)?.[1];
  if (!token) throw new ApiProblem('unauthorized', 'A bearer token is required: Authorization: Bearer <access_token>.');
  const principal = sandbox.jwt.verify(token, Math.floor(sandbox.clock.now() / 1000));
  if (!principal) throw new ApiProblem('unauthorized', 'The access token is invalid or has expired; request a new one at /oauth/token.');
  return principal;
}
