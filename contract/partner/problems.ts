import { z } from 'zod';

/** Every stable `code` of a problem document: partner-api.md § Errors plus sandbox-interface.md. */
export const ProblemCode = z.enum([
  'invalid_client',
  'unauthorized',
  'insufficient_scope',
  'invalid_reference',
  'insufficient_funds',
  'offer_expired',
  'seats_unavailable',
  'provider_rejected',
  'request_in_progress',
  'ticket_not_ready',
  'booking_not_confirmed',
  'idempotency_key_reused',
  'invalid_request',
  'rate_limited',
  'service_unavailable',
]);
export type ProblemCode = z.infer<typeof ProblemCode>;

/** RFC 9457 problem document. `code` is what clients key off; title/detail may be reworded. */
export const Problem = z.looseObject({
  type: z.string().optional(),
  title: z.string(),
  status: z.int(),
  code: z.string(),
  detail: z.string().optional(),
  request_id: z.string().optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  /** Extension member on a booking that failed after the charge (sandbox-interface.md). */
  booking_reference: z.string().optional(),
});
export type Problem = z.infer<typeof Problem>;

/** `passengers[0].full_name` from a zod issue path: dots between keys, brackets for indexes. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

/** The `errors[]` of a 422 from a failed zod parse. */
export function fieldErrors(error: z.ZodError): { field: string; message: string }[] {
  return error.issues.map((issue) => {
    // An unknown key is reported on its parent; name the key itself.
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((k) => ({ field: fieldPath([...issue.path, k]), message: 'unknown field' }));
    }
    return [{ field: fieldPath(issue.path) || '(body)', message: issue.message }];
  }).flat();
}
