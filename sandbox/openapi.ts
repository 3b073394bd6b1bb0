import { z } from 'zod';
import * as contract from '../contract/partner/index.ts';

// GET /v1/openapi.json: the OpenAPI 3.1 description, generated from the same zod schemas the
// sandbox validates requests with and the client parses responses with.

export const API_VERSION = '1.1.0';

type Json = Record<string, unknown>;

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): Json => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return rest;
};

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const dataOf = (item: Json): Json => ({ type: 'object', required: ['data'], properties: { data: item } });
const pageOf = (item: Json, meta: Json): Json => ({
  type: 'object',
  required: ['data', 'meta'],
  properties: { data: { type: 'array', items: item }, meta },
});

const RESOURCES = {
  TokenResponse: contract.TokenResponse,
  Health: contract.Health,
  City: contract.City,
  Operator: contract.Operator,
  Route: contract.Route,
  Offer: contract.Offer,
  SearchMeta: contract.SearchMeta,
  OfferDetail: contract.OfferDetail,
  Hold: contract.Hold,
  HoldRelease: contract.HoldRelease,
  Booking: contract.Booking,
  TicketList: contract.TicketList,
  Wallet: contract.Wallet,
  Transaction: contract.Transaction,
  PageMeta: contract.PageMeta,
  Problem: contract.Problem,
  Money: contract.Money,
};
const REQUESTS = {
  TokenRequest: contract.TokenRequest,
  SearchRequest: contract.SearchRequest,
  HoldRequest: contract.HoldRequest,
  BookingRequest: contract.BookingRequest,
};

interface Operation {
  summary: string;
  scope?: string;
  body?: keyof typeof REQUESTS;
  query?: z.ZodObject;
  path?: string[];
  header?: { name: string; schema: z.ZodType };
  status: number;
  response: Json;
  /** Media type of the success body; default application/json. */
  contentType?: string;
  /** Other success statuses, e.g. 304 of a conditional GET. */
  alsoOk?: Record<number, string>;
  errors: number[];
}

const PDF: Json = { type: 'string', contentMediaType: 'application/pdf' };

const OPERATIONS: Record<string, Record<string, Operation>> = {
  '/oauth/token': {
    post: { summary: 'Exchange client credentials for a bearer token', body: 'TokenRequest', status: 200, response: ref('TokenResponse'), errors: [401, 422] },
  },
  '/reference/cities': { get: { summary: 'Cities', scope: 'inventory.read', status: 200, response: dataOf({ type: 'array', items: ref('City') }), errors: [401] } },
  '/reference/operators': { get: { summary: 'Operators', scope: 'inventory.read', status: 200, response: dataOf({ type: 'array', items: ref('Operator') }), errors: [401] } },
  '/reference/routes': {
    get: { summary: 'Routes with departures', scope: 'inventory.read', query: contract.RoutesQuery, status: 200, response: dataOf({ type: 'array', items: ref('Route') }), errors: [401, 404] },
  },
  '/search': {
    post: { summary: 'Search offers', scope: 'inventory.read', body: 'SearchRequest', status: 200, response: pageOf(ref('Offer'), ref('SearchMeta')), errors: [401, 404, 422] },
  },
  '/offers/{id}': {
    get: { summary: 'Read an offer with live availability', scope: 'inventory.read', path: ['id'], status: 200, response: dataOf(ref('OfferDetail')), errors: [401, 404, 409] },
  },
  '/holds': {
    post: { summary: 'Hold seats for 20 minutes', scope: 'booking.write', body: 'HoldRequest', status: 201, response: dataOf(ref('Hold')), errors: [401, 403, 404, 409, 422] },
    get: { summary: 'List holds', scope: 'booking.write', query: contract.HoldsQuery, status: 200, response: pageOf(ref('Hold'), ref('PageMeta')), errors: [401, 403, 422] },
  },
  '/holds/{reference}': {
    get: { summary: 'Read a hold', scope: 'booking.write', path: ['reference'], status: 200, response: dataOf(ref('Hold')), errors: [401, 403, 404] },
    delete: { summary: 'Release an active hold', scope: 'booking.write', path: ['reference'], status: 200, response: dataOf(ref('HoldRelease')), errors: [401, 403, 404] },
  },
  '/bookings': {
    post: {
      summary: 'Book: charge the wallet and confirm the seats',
      scope: 'booking.write',
      body: 'BookingRequest',
      header: { name: 'Idempotency-Key', schema: contract.IdempotencyKey },
      status: 201,
      response: dataOf(ref('Booking')),
      errors: [401, 402, 403, 404, 409, 422, 503],
    },
    get: { summary: 'List bookings', scope: 'booking.write', query: contract.BookingsQuery, status: 200, response: pageOf(ref('Booking'), ref('PageMeta')), errors: [401, 403, 422] },
  },
  '/bookings/{reference}': {
    get: { summary: 'Read a booking', scope: 'booking.write', path: ['reference'], status: 200, response: dataOf(ref('Booking')), errors: [401, 403, 404] },
  },
  '/bookings/{reference}/tickets': {
    get: { summary: 'Ticket list (200 with ready false while pending)', scope: 'booking.write', path: ['reference'], status: 200, response: dataOf(ref('TicketList')), errors: [401, 403, 404, 409] },
  },
  '/bookings/{reference}/tickets.pdf': {
    get: {
      summary: 'Tickets PDF, one page per traveller (ETag; If-None-Match gives 304)',
      scope: 'booking.write',
      path: ['reference'],
      query: contract.TicketPdfQuery,
      status: 200,
      contentType: 'application/pdf',
      response: PDF,
      alsoOk: { 304: 'Not modified (If-None-Match matched the ETag)' },
      errors: [401, 403, 404, 409, 422],
    },
  },
  '/bookings/{reference}/tickets/{passenger_index}.pdf': {
    get: {
      summary: 'One traveller’s ticket PDF (passenger_index from 0)',
      scope: 'booking.write',
      path: ['reference', 'passenger_index'],
      query: contract.TicketPdfQuery,
      status: 200,
      contentType: 'application/pdf',
      response: PDF,
      alsoOk: { 304: 'Not modified (If-None-Match matched the ETag)' },
      errors: [401, 403, 404, 409, 422],
    },
  },
  '/wallet': { get: { summary: 'Wallet balance', scope: 'wallet.read', status: 200, response: dataOf(ref('Wallet')), errors: [401, 403] } },
  '/wallet/transactions': {
    get: { summary: 'Wallet statement, newest first', scope: 'wallet.read', query: contract.TransactionsQuery, status: 200, response: pageOf(ref('Transaction'), ref('PageMeta')), errors: [401, 403, 422] },
  },
  '/health': { get: { summary: 'Health (no authentication, not wrapped)', status: 200, response: ref('Health'), errors: [] } },
};

function operation(op: Operation): Json {
  const parameters: Json[] = [
    ...(op.path ?? []).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
    ...Object.entries(op.query?.shape ?? {}).map(([name, schema]) => ({
      name,
      in: 'query',
      required: false,
      schema: jsonSchema(schema as z.ZodType, 'input'),
    })),
    ...(op.header ? [{ name: op.header.name, in: 'header', required: true, schema: jsonSchema(op.header.schema, 'input') }] : []),
  ];
  const problem = { content: { 'application/problem+json': { schema: ref('Problem') } } };
  return {
    summary: op.summary,
    ...(op.scope ? { security: [{ bearer: [op.scope] }] } : { security: [] }),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: ref(op.body) } } } } : {}),
    responses: {
      [op.status]: { description: 'Success', content: { [op.contentType ?? 'application/json']: { schema: op.response } } },
      ...Object.fromEntries(Object.entries(op.alsoOk ?? {}).map(([status, description]) => [status, { description }])),
      ...Object.fromEntries(op.errors.map((status) => [status, { description: 'Problem document (RFC 9457)', ...problem }])),
      429: { description: 'Rate limited; see Retry-After', ...problem },
    },
  };
}

let cached: string | undefined;

/** The document, serialized once per process (it depends on the schemas only). */
export function openApiJson(): string {
  cached ??= JSON.stringify({
    openapi: '3.1.0',
    info: {
      title: 'Partner Distribution API — sandbox',
      version: API_VERSION,
      description: 'Intercity coach search and booking. All money in piastres (minor units of EGP).',
    },
    servers: [{ url: '/v1' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        ...Object.fromEntries(Object.entries(RESOURCES).map(([name, schema]) => [name, jsonSchema(schema, 'output')])),
        ...Object.fromEntries(Object.entries(REQUESTS).map(([name, schema]) => [name, jsonSchema(schema, 'input')])),
      },
    },
    paths: Object.fromEntries(
      Object.entries(OPERATIONS).map(([path, methods]) => [
        path,
        Object.fromEntries(Object.entries(methods).map(([method, op]) => [method, operation(op)])),
      ]),
    ),
  });
  return cached;
}
