import { z } from 'zod';
import * as contract from '../../contract/partner/index.ts';

// The document's JSON Schemas, generated from the zod schemas the sandbox validates requests
// with and answers with: one generator, so the document cannot drift from the code.

export type Json = Record<string, unknown>;

/** Response bodies and the named parts they share, as served (zod output). */
const ANSWERS = {
  Money: contract.Money,
  PageMeta: contract.PageMeta,
  Token: contract.TokenResponse,
  TokenResponse: contract.TokenAnswer,
  Health: contract.Health,
  City: contract.City,
  Operator: contract.Operator,
  Route: contract.Route,
  Offer: contract.Offer,
  SearchMeta: contract.SearchMeta,
  Seat: contract.Seat,
  SeatMap: contract.SeatMap,
  FareClassInfo: contract.FareClassInfo,
  OfferDetail: contract.OfferDetail,
  Hold: contract.Hold,
  HoldRelease: contract.HoldRelease,
  Booking: contract.Booking,
  TicketList: contract.TicketList,
  Wallet: contract.Wallet,
  Transaction: contract.Transaction,
  Problem: contract.Problem,
};

/** Request bodies, as accepted (zod input). */
const REQUESTS = {
  TokenRequest: contract.TokenRequest,
  SearchRequest: contract.SearchRequest,
  HoldRequest: contract.HoldRequest,
  PassengerInput: contract.PassengerInput,
  BookingRequest: contract.BookingRequest,
};

export type SchemaName = keyof typeof ANSWERS | keyof typeof REQUESTS;
export type RequestName = keyof typeof REQUESTS;

export const ref = (name: SchemaName): Json => ({ $ref: `#/components/schemas/${name}` });

/**
 * The formats JSON Schema 2020-12 defines (§ 7.3). zod adds its own (`starts_with` for
 * `.startsWith()`), which no validator knows; their rule is already in `pattern`.
 */
const STANDARD_FORMATS = new Set([
  'date-time', 'date', 'time', 'duration', 'email', 'idn-email', 'hostname', 'idn-hostname', 'ipv4', 'ipv6',
  'uri', 'uri-reference', 'iri', 'iri-reference', 'uuid', 'uri-template', 'json-pointer', 'relative-json-pointer', 'regex',
]);

const options = (io: 'input' | 'output') => ({
  io,
  unrepresentable: 'throw' as const,
  override: ({ jsonSchema }: { jsonSchema: { format?: string } }) => {
    if (jsonSchema.format !== undefined && !STANDARD_FORMATS.has(jsonSchema.format)) delete jsonSchema.format;
  },
});

/** Top-level `$schema`/`$id` belong to a standalone schema, not to an OpenAPI component. */
function component(schema: Json): Json {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

function generate(schemas: Record<string, z.ZodType>, io: 'input' | 'output'): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
  const { schemas: out } = z.toJSONSchema(registry, { ...options(io), uri: (id) => `#/components/schemas/${id}` }) as { schemas: Record<string, Json> };
  return Object.fromEntries(Object.entries(out).map(([name, schema]) => [name, component(schema)]));
}

/** `components.schemas`: a named part used inside another is a `$ref` to it. */
export function componentSchemas(): Record<string, Json> {
  return { ...generate(ANSWERS, 'output'), ...generate(REQUESTS, 'input') };
}

/** One parameter's schema: what the sandbox accepts once parsed (a query integer is an integer). */
export function parameterSchema(schema: z.ZodType): Json {
  return component(z.toJSONSchema(schema, options('output')) as Json);
}
