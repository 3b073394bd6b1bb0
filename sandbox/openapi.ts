import { EVERY_ANSWER_HEADERS } from './openapi/responses.ts';
import { OPERATIONS, operation, type Tag } from './openapi/operations.ts';
import { componentSchemas } from './openapi/schemas.ts';

// GET /v1/openapi.json: the OpenAPI 3.1 description of exactly what the sandbox serves: every
// status, header and body of every /v1 operation (openapi/operations.ts), with schemas generated
// from the zod schemas the sandbox validates requests with and answers with (openapi/schemas.ts).
// test/integration/sandbox/openapi-answers.test.ts checks a whole session's answers against it.

export const API_VERSION = '1.1.0';

const TAGS: Record<Tag, string> = {
  Auth: 'Bearer tokens for client credentials.',
  Reference: 'Cities, operators and routes.',
  Offers: 'Search, and offers with live availability.',
  Holds: 'Seats kept for 20 minutes without a charge.',
  Bookings: 'Bookings charged to the wallet.',
  Tickets: 'Ticket list and PDFs of a booking.',
  Wallet: 'The prepaid EGP wallet and its statement.',
  Meta: 'Health and this document.',
};

let cached: string | undefined;

/** The document, serialized once per process (it depends on the schemas only). */
export function openApiJson(): string {
  cached ??= JSON.stringify({
    openapi: '3.1.0',
    info: {
      title: 'Partner Distribution API — sandbox',
      version: API_VERSION,
      description: 'Intercity coach search and booking. All money in piastres (minor units of EGP).',
      license: { name: 'Proprietary: for partners of the Partner Distribution API', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/v1' }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths: Object.fromEntries(
      Object.entries(OPERATIONS).map(([path, methods]) => [
        path,
        Object.fromEntries(Object.entries(methods).map(([method, op]) => [method, operation(op)])),
      ]),
    ),
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'A token from POST /oauth/token. Scopes: inventory.read, wallet.read, booking.write.',
        },
      },
      schemas: componentSchemas(),
      headers: EVERY_ANSWER_HEADERS,
    },
  });
  return cached;
}
