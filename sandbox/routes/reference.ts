import type { FastifyInstance } from 'fastify';
import { RoutesQuery } from '../../contract/partner/index.ts';
import type { Sandbox } from '../context.ts';
import { iso } from '../clock.ts';
import { single } from '../http/envelope.ts';
import { sendJson } from '../http/plumbing.ts';
import { ApiProblem, parseOrThrow } from '../http/problem.ts';

const HOUR_MS = 3_600_000;

/** GET /reference/*: static for a seed, so serialized once. */
export function referenceRoutes(app: FastifyInstance, sandbox: Sandbox): void {
  const inv = sandbox.inventory;
  const config = { bucket: 'reference', scope: 'inventory.read' } as const;
  const cities = JSON.stringify(single(inv.cities.map((c) => ({ id: c.id, name: c.name, name_ar: c.name_ar, country: c.country }))));
  const operators = JSON.stringify(
    single(inv.operators.map((o) => ({ id: o.id, name: o.name, name_ar: o.name_ar, logo_url: o.logo_url }))),
  );

  app.get('/reference/cities', { config }, (_request, reply) => sendJson(reply, cities));
  app.get('/reference/operators', { config }, (_request, reply) => sendJson(reply, operators));

  app.get('/reference/routes', { config }, (request) => {
    const query = parseOrThrow(RoutesQuery, request.query);
    for (const field of ['origin', 'destination'] as const) {
      const id = query[field];
      if (id !== undefined && !inv.cityById.has(id)) {
        throw new ApiProblem('invalid_reference', `${field} "${id}" is not a city id.`);
      }
    }
    // Timetables are checked continuously: every route was last seen at the top of this hour.
    const lastSeenAt = iso(Math.floor(sandbox.clock.now() / HOUR_MS) * HOUR_MS);
    return single(
      inv.routes
        .filter((r) => (query.origin === undefined || r.origin_id === query.origin) && (query.destination === undefined || r.destination_id === query.destination))
        .map((r) => ({ ...r, last_seen_at: lastSeenAt })),
    );
  });
}
