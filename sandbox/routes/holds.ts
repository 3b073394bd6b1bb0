import type { FastifyInstance } from 'fastify';
import { HoldRequest, HoldsQuery } from '../../contract/partner/index.ts';
import type { Sandbox } from '../context.ts';
import { listOf, single } from '../http/envelope.ts';
import { pageRequest } from '../http/pagination.ts';
import { principalOf } from '../http/guard.ts';
import { parseOrThrow } from '../http/problem.ts';

export function holdRoutes(app: FastifyInstance, sandbox: Sandbox): void {
  const config = { scope: 'booking.write' } as const;

  app.post('/holds', { config }, (request, reply) => {
    const hold = sandbox.holds.create(principalOf(request), parseOrThrow(HoldRequest, request.body));
    return reply.code(201).send(single(hold));
  });

  app.get('/holds', { config }, (request) => {
    const query = parseOrThrow(HoldsQuery, request.query);
    const page = sandbox.holds.list(principalOf(request), query.status, pageRequest(query));
    return listOf(page.items, page.meta);
  });

  app.get<{ Params: { reference: string } }>('/holds/:reference', { config }, (request) =>
    single(sandbox.holds.get(principalOf(request), request.params.reference)),
  );

  app.delete<{ Params: { reference: string } }>('/holds/:reference', { config }, (request) =>
    single(sandbox.holds.release(principalOf(request), request.params.reference)),
  );
}
