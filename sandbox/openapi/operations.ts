import type { z } from 'zod';
import * as contract from '../../contract/partner/index.ts';
import type { Scope } from '../auth/jwt.ts';
import { MAX_PARAM_LENGTH } from '../http/plumbing.ts';
import { DEFAULT_RESPONSE, IDEMPOTENT_REPLAYED, PROBLEMS, header, headersOf, problemResponse, type ProblemName } from './responses.ts';
import { parameterSchema, ref, type Json, type RequestName } from './schemas.ts';

// Every /v1 operation with every answer it can give. What the sandbox's plumbing adds to all of
// them is added here once: 503 (fault_rate, before anything) and the default problem everywhere;
// 401, 403 and 429 where a bearer token is required; 400, 413 and 415 where a body is read.

export type Tag = 'Auth' | 'Reference' | 'Offers' | 'Holds' | 'Bookings' | 'Tickets' | 'Wallet' | 'Meta';

interface Operation {
  operationId: string;
  tag: Tag;
  summary: string;
  description?: string;
  /** Bearer token with this scope required. */
  scope?: Scope;
  body?: RequestName;
  /** The body may also be sent form-encoded (the token endpoint, as OAuth clients do). */
  formBody?: boolean;
  query?: z.ZodObject;
  path?: Record<string, Json>;
  header?: { name: string; description: string; schema: z.ZodType };
  success: { status: number; description: string; schema: Json; contentType?: string; headers?: Record<string, Json> };
  /** Answers to a conditional GET (If-None-Match) that names the current ETag. */
  notModified?: Record<string, Json>;
  problems: ProblemName[];
  /** Statuses whose answer may be a stored one repeated for the same Idempotency-Key. */
  replayable?: number[];
}

const dataOf = (item: Json): Json => ({ type: 'object', required: ['data'], properties: { data: item }, additionalProperties: false });
const listOf = (item: Json): Json => dataOf({ type: 'array', items: item });
const pageOf = (item: Json, meta: Json): Json => ({
  type: 'object',
  required: ['data', 'meta'],
  properties: { data: { type: 'array', items: item }, meta },
  additionalProperties: false,
});

const REFERENCE: Json = { type: 'string', minLength: 1, maxLength: MAX_PARAM_LENGTH };
const PDF: Json = { type: 'string', contentMediaType: 'application/pdf' };

/** Ticket PDFs are private per account and revalidated on every use (routes/tickets.ts). */
const PDF_CACHING: Record<string, Json> = {
  ETag: header('Entity tag of this PDF; send it as If-None-Match to get 304 while nothing printed changed.', { type: 'string', pattern: '^"[^"]+"$' }),
  'Cache-Control': header('Private, revalidated on every use.', { type: 'string', const: 'private, no-cache' }),
  Vary: header('The answer depends on the caller.', { type: 'string', const: 'authorization' }),
};
const PDF_BODY: Record<string, Json> = {
  ...PDF_CACHING,
  'Content-Disposition': header('Shown inline, with a file name.', { type: 'string', pattern: '^inline; filename="[^"]+\\.pdf"$' }),
  'Content-Language': header('The language printed (`lang`).', { type: 'string', enum: ['en', 'ar'] }),
  'Server-Timing': header('How the PDF was produced: `pdf;desc="hit|miss";dur=<ms>`.', { type: 'string' }),
};
const IF_NONE_MATCH = { name: 'If-None-Match', in: 'header', required: false, description: 'An ETag of an earlier answer: 304 while it is current.', schema: { type: 'string' } };

/** An operation on a hold or booking named by its reference (scope booking.write, like /holds* and /bookings*). */
const byReference = (op: Omit<Operation, 'scope' | 'path'>, path: Record<string, Json> = {}): Operation => ({
  ...op,
  scope: 'booking.write',
  path: { reference: REFERENCE, ...path },
});

const ticketPdf = (operationId: string, summary: string, path: Record<string, Json> = {}): Operation => byReference({
  operationId,
  tag: 'Tickets',
  summary,
  description: 'Rendered from the booking as it is now. ETag on every answer; If-None-Match with the current ETag gives 304.',
  query: contract.TicketPdfQuery,
  success: { status: 200, description: 'The PDF.', schema: PDF, contentType: 'application/pdf', headers: PDF_BODY },
  notModified: PDF_CACHING,
  problems: ['unknownReference', 'ticketNotReady', 'invalidRequest'],
}, path);

export const OPERATIONS: Record<string, Record<string, Operation>> = {
  '/oauth/token': {
    post: {
      operationId: 'createToken',
      tag: 'Auth',
      summary: 'Exchange client credentials for a bearer token',
      description:
        'OAuth 2.0 client credentials. The token object is served at the top level (RFC 6749 § 5.1) and again under `data` ' +
        '(the envelope of every other resource), so clients of either reading work.',
      body: 'TokenRequest',
      formBody: true,
      success: {
        status: 200,
        description: 'A bearer token, valid for `expires_in` seconds.',
        schema: ref('TokenResponse'),
        headers: { 'Cache-Control': header('Tokens are never cached.', { type: 'string', const: 'no-store' }) },
      },
      problems: ['invalidClient', 'invalidRequest', 'rateLimited'],
    },
  },
  '/reference/cities': {
    get: { operationId: 'listCities', tag: 'Reference', summary: 'Cities', scope: 'inventory.read', success: { status: 200, description: 'Every city.', schema: listOf(ref('City')) }, problems: [] },
  },
  '/reference/operators': {
    get: {
      operationId: 'listOperators',
      tag: 'Reference',
      summary: 'Operators',
      scope: 'inventory.read',
      success: { status: 200, description: 'Every operator.', schema: listOf(ref('Operator')) },
      problems: [],
    },
  },
  '/reference/routes': {
    get: {
      operationId: 'listRoutes',
      tag: 'Reference',
      summary: 'Routes with departures',
      description: 'Every city pair with departures, optionally only from `origin` and/or to `destination` (city ids).',
      scope: 'inventory.read',
      query: contract.RoutesQuery,
      success: { status: 200, description: 'The routes.', schema: listOf(ref('Route')) },
      problems: ['unknownCity', 'invalidRequest'],
    },
  },
  '/search': {
    post: {
      operationId: 'searchOffers',
      tag: 'Offers',
      summary: 'Search offers',
      description: 'Every operator\'s departures on the route that day, as offers valid for 60 minutes. No departures is an empty `data`.',
      scope: 'inventory.read',
      body: 'SearchRequest',
      success: { status: 200, description: 'The offers.', schema: pageOf(ref('Offer'), ref('SearchMeta')) },
      problems: ['unknownCity', 'invalidRequest'],
    },
  },
  '/offers/{id}': {
    get: {
      operationId: 'getOffer',
      tag: 'Offers',
      summary: 'Read an offer with live availability',
      scope: 'inventory.read',
      path: { id: REFERENCE },
      success: { status: 200, description: 'The offer with seats, seat map and fare classes.', schema: dataOf(ref('OfferDetail')) },
      problems: ['unknownReference', 'offerExpired'],
    },
  },
  '/holds': {
    post: {
      operationId: 'createHold',
      tag: 'Holds',
      summary: 'Hold seats for 20 minutes',
      scope: 'booking.write',
      body: 'HoldRequest',
      success: { status: 201, description: 'The hold; nothing is charged.', schema: dataOf(ref('Hold')) },
      problems: ['unknownReference', 'holdConflict', 'invalidRequest'],
    },
    get: {
      operationId: 'listHolds',
      tag: 'Holds',
      summary: 'List holds, newest first',
      scope: 'booking.write',
      query: contract.HoldsQuery,
      success: { status: 200, description: 'A page of holds.', schema: pageOf(ref('Hold'), ref('PageMeta')) },
      problems: ['invalidRequest'],
    },
  },
  '/holds/{reference}': {
    get: byReference({
      operationId: 'getHold',
      tag: 'Holds',
      summary: 'Read a hold',
      success: { status: 200, description: 'The hold.', schema: dataOf(ref('Hold')) },
      problems: ['unknownReference'],
    }),
    delete: byReference({
      operationId: 'releaseHold',
      tag: 'Holds',
      summary: 'Release an active hold',
      success: { status: 200, description: 'The hold, now released.', schema: dataOf(ref('HoldRelease')) },
      problems: ['unknownReference'],
    }),
  },
  '/bookings': {
    post: {
      operationId: 'createBooking',
      tag: 'Bookings',
      summary: 'Book: charge the wallet and confirm the seats',
      description:
        'Status `confirmed`, or `pending` (confirmed later; `booking.confirmed` event). A booking that fails after the charge is 409 with ' +
        '`booking_reference`. The outcome of the booking itself (201, 402, 404, 409, 422) is stored against the Idempotency-Key and ' +
        'repeated, with `Idempotent-Replayed: true`, for the same key and body; a 503 is not stored, so a retry tries again.',
      scope: 'booking.write',
      body: 'BookingRequest',
      header: { name: 'Idempotency-Key', description: 'One unique value per booking attempt; kept at least 24 hours.', schema: contract.IdempotencyKey },
      success: { status: 201, description: 'The booking.', schema: dataOf(ref('Booking')) },
      problems: ['insufficientFunds', 'unknownReference', 'bookingConflict', 'invalidBooking'],
      replayable: [201, 402, 404, 409, 422],
    },
    get: {
      operationId: 'listBookings',
      tag: 'Bookings',
      summary: 'List bookings, newest first',
      description: 'Unknown query parameters are rejected.',
      scope: 'booking.write',
      query: contract.BookingsQuery,
      success: { status: 200, description: 'A page of bookings.', schema: pageOf(ref('Booking'), ref('PageMeta')) },
      problems: ['invalidRequest'],
    },
  },
  '/bookings/{reference}': {
    get: byReference({
      operationId: 'getBooking',
      tag: 'Bookings',
      summary: 'Read a booking',
      success: { status: 200, description: 'The booking as it is now.', schema: dataOf(ref('Booking')) },
      problems: ['unknownReference'],
    }),
  },
  '/bookings/{reference}/tickets': {
    get: byReference({
      operationId: 'getTicketList',
      tag: 'Tickets',
      summary: 'Ticket list',
      description: '200 with `ready: false` while the booking is pending; 409 for a failed booking.',
      success: { status: 200, description: 'The ticket list.', schema: dataOf(ref('TicketList')) },
      problems: ['unknownReference', 'bookingNotConfirmed'],
    }),
  },
  '/bookings/{reference}/tickets.pdf': {
    get: ticketPdf('getTicketsPdf', 'Tickets PDF, one page per traveller'),
  },
  '/bookings/{reference}/tickets/{passenger_index}.pdf': {
    get: ticketPdf('getPassengerTicketPdf', 'One traveller\'s ticket PDF', {
      passenger_index: { type: 'integer', minimum: 0, description: 'From 0, in the order of the booking\'s passengers.' },
    }),
  },
  '/wallet': {
    get: {
      operationId: 'getWallet',
      tag: 'Wallet',
      summary: 'Wallet balance',
      scope: 'wallet.read',
      success: { status: 200, description: 'The wallet.', schema: dataOf(ref('Wallet')) },
      problems: ['unknownReference'],
    },
  },
  '/wallet/transactions': {
    get: {
      operationId: 'listWalletTransactions',
      tag: 'Wallet',
      summary: 'Wallet statement, newest first',
      scope: 'wallet.read',
      query: contract.TransactionsQuery,
      success: { status: 200, description: 'A page of statement lines.', schema: pageOf(ref('Transaction'), ref('PageMeta')) },
      problems: ['invalidRequest'],
    },
  },
  '/health': {
    get: {
      operationId: 'getHealth',
      tag: 'Meta',
      summary: 'Health',
      description: 'No authentication, not budgeted, not wrapped in `data`.',
      success: { status: 200, description: 'The service is up.', schema: ref('Health') },
      problems: [],
    },
  },
  '/openapi.json': {
    get: {
      operationId: 'getOpenApiDocument',
      tag: 'Meta',
      summary: 'This OpenAPI 3.1 document',
      description: 'No authentication, not budgeted.',
      success: {
        status: 200,
        description: 'The document.',
        schema: {
          type: 'object',
          required: ['openapi', 'info', 'paths'],
          properties: { openapi: { type: 'string', const: '3.1.0' }, info: { type: 'object' }, paths: { type: 'object' } },
        },
      },
      problems: [],
    },
  },
};

/** The problems the plumbing adds to an operation (see the comment at the top). */
function plumbingProblems(op: Operation): ProblemName[] {
  return [
    ...(op.body ? (['malformed', 'payloadTooLarge', 'unsupportedMediaType'] as const) : []),
    ...(op.scope ? (['unauthorized', 'insufficientScope', 'rateLimited'] as const) : []),
    'serviceUnavailable',
  ];
}

function parameters(op: Operation): Json[] {
  return [
    ...Object.entries(op.path ?? {}).map(([name, schema]) => ({ name, in: 'path', required: true, schema })),
    ...Object.entries(op.query?.shape ?? {}).map(([name, schema]) => ({
      name,
      in: 'query',
      required: !(schema as z.ZodType).safeParse(undefined).success,
      schema: parameterSchema(schema as z.ZodType),
    })),
    ...(op.header ? [{ name: op.header.name, in: 'header', required: true, description: op.header.description, schema: parameterSchema(op.header.schema) }] : []),
    ...(op.notModified ? [IF_NONE_MATCH] : []),
  ];
}

function responses(op: Operation): Json {
  const replayed = (status: number) => (op.replayable?.includes(status) ? IDEMPOTENT_REPLAYED : {});
  const { success } = op;
  const out: Record<string, Json> = {
    [success.status]: {
      description: success.description,
      headers: headersOf({ ...success.headers, ...replayed(success.status) }),
      content: { [success.contentType ?? 'application/json']: { schema: success.schema } },
    },
  };
  if (op.notModified) out['304'] = { description: 'Not modified: If-None-Match named the current ETag.', headers: headersOf(op.notModified) };
  for (const name of new Set([...op.problems, ...plumbingProblems(op)])) {
    const { status, response } = problemResponse(name, replayed(PROBLEMS[name].status));
    if (out[status]) throw new Error(`${op.operationId}: two answers for status ${status}`);
    out[status] = response;
  }
  return { ...Object.fromEntries(Object.entries(out).sort(([a], [b]) => Number(a) - Number(b))), default: DEFAULT_RESPONSE };
}

function requestBody(op: Operation): Json | undefined {
  if (!op.body) return undefined;
  const schema = ref(op.body);
  return {
    required: true,
    content: { 'application/json': { schema }, ...(op.formBody ? { 'application/x-www-form-urlencoded': { schema } } : {}) },
  };
}

export function operation(op: Operation): Json {
  const params = parameters(op);
  const body = requestBody(op);
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    security: op.scope ? [{ bearer: [op.scope] }] : [],
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: responses(op),
  };
}
