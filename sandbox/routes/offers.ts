import type { FastifyInstance } from 'fastify';
import { SearchRequest } from '../../contract/partner/index.ts';
import type { Sandbox } from '../context.ts';
import { single } from '../http/envelope.ts';
import { principalOf } from '../http/guard.ts';
import { sendJson } from '../http/plumbing.ts';
import { parseOrThrow } from '../http/problem.ts';

/** POST /search and GET /offers/{id}. */
export function offerRoutes(app: FastifyInstance, sandbox: Sandbox): void {
  app.post('/search', { config: { bucket: 'search', scope: 'inventory.read' } }, (request, reply) =>
    sendJson(reply, sandbox.offers.searchJson(principalOf(request), parseOrThrow(SearchRequest, request.body))),
  );

  app.get<{ Params: { id: string } }>('/offers/:id', { config: { scope: 'inventory.read' } }, (request) =>
    single(sandbox.offers.read(principalOf(request), request.params.id)),
  );
}
