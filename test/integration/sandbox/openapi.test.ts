import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Health } from '../../../contract/partner/index.ts';
import { startTestSandbox, type TestSandbox } from './helpers.ts';

let sbx: TestSandbox;
beforeAll(async () => {
  sbx = await startTestSandbox();
});
afterAll(() => sbx.close());

describe('GET /health', () => {
  it('answers unwrapped, without authentication', async () => {
    const reply = await sbx.call('GET', '/health');
    expect(reply.status).toBe(200);
    expect(Health.parse(reply.json)).toEqual({ status: 'ok', service: 'partner-api-sandbox', version: '1.1.0' });
    expect(reply.json).not.toHaveProperty('data');
  });
});

describe('GET /openapi.json', () => {
  it('serves OpenAPI 3.1 version 1.1.0 without authentication, describing every endpoint', async () => {
    const reply = await sbx.call('GET', '/openapi.json');
    expect(reply.status).toBe(200);
    const doc = reply.json as {
      openapi: string;
      info: { version: string };
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, { additionalProperties?: unknown; required?: string[] }> };
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.1.0');
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(operations.sort()).toEqual(
      [
        'POST /oauth/token',
        'GET /reference/cities',
        'GET /reference/operators',
        'GET /reference/routes',
        'POST /search',
        'GET /offers/{id}',
        'POST /holds',
        'GET /holds',
        'GET /holds/{reference}',
        'DELETE /holds/{reference}',
        'POST /bookings',
        'GET /bookings',
        'GET /bookings/{reference}',
        'GET /bookings/{reference}/tickets',
        'GET /bookings/{reference}/tickets.pdf',
        'GET /bookings/{reference}/tickets/{passenger_index}.pdf',
        'GET /wallet',
        'GET /wallet/transactions',
        'GET /health',
        'GET /openapi.json',
      ].sort(),
    );
    // Generated from the schemas the server validates with: request bodies are strict.
    for (const request of ['TokenRequest', 'SearchRequest', 'HoldRequest', 'BookingRequest']) {
      expect(doc.components.schemas[request]!.additionalProperties).toBe(false);
    }
    expect(doc.components.schemas.BookingRequest!.required).toEqual(['offer_id', 'passengers', 'contact']);
    expect(doc.components.schemas.Booking!.required).toContain('id');
  });
});
