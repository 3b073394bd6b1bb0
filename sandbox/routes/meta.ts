import type { FastifyInstance } from 'fastify';
import type { Sandbox } from '../context.ts';
import { sendJson } from '../http/plumbing.ts';
import { API_VERSION, openApiJson } from '../openapi.ts';

/** GET /health and GET /openapi.json: no authentication, no rate-limit budget. */
export function metaRoutes(app: FastifyInstance, _sandbox: Sandbox): void {
  const config = { bucket: null };
  // Not a resource, so not wrapped in { data } (sandbox-interface.md).
  app.get('/health', { config }, () => ({ status: 'ok', service: 'partner-api-sandbox', version: API_VERSION }));
  app.get('/openapi.json', { config }, (_request, reply) => sendJson(reply, openApiJson()));
}
