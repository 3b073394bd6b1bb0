import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { expect } from 'vitest';

// Checks live answers against the served OpenAPI document with a standard validator: Ajv in
// JSON Schema 2020-12 mode, strict (an unknown keyword or format is an error, as it would be in
// a generated client's validator), with the standard formats.

/** What came back from the sandbox, body as bytes. */
export interface Answer {
  status: number;
  headers: Headers;
  body: Buffer;
}

interface Document {
  paths: Record<string, Record<string, OperationObject>>;
  components: { headers: Record<string, HeaderObject> };
}
interface OperationObject {
  operationId: string;
  responses: Record<string, ResponseObject>;
}
interface ResponseObject {
  headers?: Record<string, HeaderObject | { $ref: string }>;
  content?: Record<string, unknown>;
}
interface HeaderObject {
  required?: boolean;
  schema: { type?: string };
}

const DOC_ID = 'https://sandbox.test/v1/openapi.json';

/** Headers of HTTP itself, not of the API: the document does not list them. */
const TRANSPORT_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/** A JSON pointer token (RFC 6901). */
const token = (part: string): string => part.replaceAll('~', '~0').replaceAll('/', '~1');

export class OpenApiCheck {
  readonly #doc: Document;
  readonly #ajv: Ajv2020;
  readonly #validators = new Map<string, ValidateFunction>();
  readonly #routes: { method: string; template: string; pattern: RegExp }[];
  /** `operationId status` of every answer checked (`default` when the status is not listed). */
  readonly seen = new Set<string>();

  constructor(document: unknown) {
    this.#doc = document as Document;
    this.#ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
    formats.default(this.#ajv);
    // The document's own members are not schema keywords: named, so that strict mode accepts
    // the document as the root that response schemas are referenced in.
    this.#ajv.addVocabulary(['openapi', 'info', 'servers', 'tags', 'paths', 'components', 'security']);
    this.#ajv.addSchema(document as object, DOC_ID);
    this.#routes = Object.entries(this.#doc.paths).flatMap(([template, methods]) =>
      Object.keys(methods).map((method) => ({
        method,
        template,
        pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
      })),
    );
  }

  /** Every response (`operationId status`) the document declares. */
  declared(): string[] {
    return Object.values(this.#doc.paths).flatMap((methods) =>
      Object.values(methods).flatMap((op) => Object.keys(op.responses).map((status) => `${op.operationId} ${status}`)),
    );
  }

  /** Fails unless the answer is one the document describes: status, headers, media type, body. */
  answer(method: string, url: string, answer: Answer): void {
    const path = url.split('?')[0]!;
    const route = this.#routes.find((r) => r.method === method.toLowerCase() && r.pattern.test(path));
    expect(route, `${method} ${path} is in the document`).toBeDefined();
    const op = this.#doc.paths[route!.template]![route!.method]!;
    const status = String(answer.status);
    const key = op.responses[status] ? status : 'default';
    const where = `${op.operationId} ${status}`;
    expect(op.responses[key], `${where}: status declared`).toBeDefined();
    this.seen.add(`${op.operationId} ${key}`);
    const response = op.responses[key]!;
    this.#headers(where, response, answer.headers);
    this.#body(where, [route!.template, route!.method, 'responses', key], response, answer);
  }

  #headers(where: string, response: ResponseObject, headers: Headers): void {
    const declared = new Map<string, HeaderObject>();
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      declared.set(name.toLowerCase(), '$ref' in header ? this.#doc.components.headers[header.$ref.split('/').pop()!]! : header);
    }
    for (const [name, header] of declared) {
      const value = headers.get(name);
      if (value === null) {
        expect(header.required ?? false, `${where}: required header ${name} sent`).toBe(false);
        continue;
      }
      const typed = header.schema.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
      this.#validate(`${where} header ${name}`, header.schema, typed);
    }
    for (const name of headers.keys()) {
      if (!TRANSPORT_HEADERS.has(name)) expect(declared.has(name), `${where}: header ${name} is in the document`).toBe(true);
    }
  }

  #body(where: string, at: string[], response: ResponseObject, answer: Answer): void {
    const contentType = answer.headers.get('content-type');
    if (!response.content) {
      expect(answer.body.length, `${where}: no body`).toBe(0);
      expect(contentType, `${where}: no content type`).toBeNull();
      return;
    }
    const mediaType = (contentType ?? '').split(';')[0]!.trim();
    expect(Object.keys(response.content), `${where}: media type`).toContain(mediaType);
    if (mediaType === 'application/pdf') {
      expect(answer.body.subarray(0, 5).toString('latin1'), `${where}: a PDF`).toBe('%PDF-');
      return;
    }
    const pointer = [...at.map(token), 'content', token(mediaType), 'schema'];
    const validate = this.#validator(`${DOC_ID}#/paths/${pointer.join('/')}`);
    this.#report(where, validate, JSON.parse(answer.body.toString('utf8')));
  }

  #validate(where: string, schema: object, value: unknown): void {
    this.#report(where, this.#ajv.compile(schema), value);
  }

  #validator(ref: string): ValidateFunction {
    let validate = this.#validators.get(ref);
    if (!validate) {
      validate = this.#ajv.compile({ $ref: ref });
      this.#validators.set(ref, validate);
    }
    return validate;
  }

  #report(where: string, validate: ValidateFunction, value: unknown): void {
    const valid = validate(value);
    const errors = valid ? '' : this.#ajv.errorsText(validate.errors, { separator: '; ' });
    expect(valid, `${where}: ${errors} in ${JSON.stringify(value).slice(0, 300)}`).toBe(true);
  }
}
