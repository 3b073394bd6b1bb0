import type { z } from 'zod';
import { retryDelay, type RetryPolicy } from '../../core/retry.ts';
import type { Sleep } from '../clock.ts';
import { AppFailure } from '../failure.ts';
import { problemFailure } from './problems.ts';

/** Retries of one Partner API request (429 always; 503, timeouts and network errors when idempotent). */
export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 3, maxTotalWaitMs: 8_000, backoffMs: [300, 1_000] };

export interface HttpDeps {
  fetch: typeof fetch;
  userAgent: string;
  /** Per attempt, from sending the request to the last byte of the answer. */
  timeoutMs: number;
  retry: RetryPolicy;
  sleep: Sleep;
}

export type Method = 'GET' | 'POST' | 'DELETE';

export interface RequestSpec<T> {
  method: Method;
  /** Under the base URL, e.g. `/search`; path parameters already encoded. */
  path: string;
  query?: Record<string, string | number | undefined>;
  /** The exact body text sent, on every attempt. */
  body?: string;
  headers?: Record<string, string>;
  /** Parses a 2xx body; a mismatch is bad_response. */
  schema: z.ZodType<T>;
  /**
   * Safe to send again after a 503, a timeout or a network error: it has no effect (reads,
   * search, token), or its effect is keyed (POST /bookings with the same Idempotency-Key and
   * body). A 429 is retried for every request: it was refused before anything was done.
   */
  idempotent: boolean;
  /** Answer the body as bytes (PDFs) instead of parsing JSON. */
  binary?: boolean;
  /** Extra statuses that are a normal answer (e.g. 304). */
  okStatuses?: readonly number[];
  /** Overrides the per-attempt timeout. */
  timeoutMs?: number;
  /** One attempt only: the caller owns the retry policy. */
  noRetry?: boolean;
}

export interface HttpAnswer<T> {
  status: number;
  headers: Headers;
  value: T;
}

function urlOf(baseUrl: string, spec: RequestSpec<unknown>): string {
  const url = new URL(baseUrl + spec.path);
  for (const [k, v] of Object.entries(spec.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  return url.toString();
}

function transportFailure(err: unknown, spec: RequestSpec<unknown>, timeoutMs: number): AppFailure {
  const name = err instanceof Error ? err.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new AppFailure('timeout', `No answer from the Partner API within ${timeoutMs} ms (${spec.method} ${spec.path})`, {
      retryable: true,
    });
  }
  const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return new AppFailure('network', `Could not reach the Partner API (${spec.method} ${spec.path})${cause}`, { retryable: true });
}

/**
 * One request to the Partner API with a bearer token (or none), a timeout on every attempt,
 * and bounded retries: 429 always, 503 / timeout / network error only when `idempotent`.
 * Retry-After is honoured when it fits in the wait budget; otherwise the failure is answered
 * with it so the caller (or the agent) can come back later.
 */
export async function send<T>(deps: HttpDeps, baseUrl: string, token: string | null, spec: RequestSpec<T>): Promise<HttpAnswer<T>> {
  const headers: Record<string, string> = { 'User-Agent': deps.userAgent, Accept: 'application/json', ...spec.headers };
  if (spec.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  const url = urlOf(baseUrl, spec);
  const timeoutMs = spec.timeoutMs ?? deps.timeoutMs;
  let waited = 0;
  for (let attempt = 1; ; attempt++) {
    let failure: AppFailure;
    let serverWaitS: number | undefined;
    try {
      const res = await deps.fetch(url, {
        method: spec.method,
        headers,
        body: spec.body,
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      if ((res.status >= 200 && res.status < 300) || spec.okStatuses?.includes(res.status)) {
        return { status: res.status, headers: res.headers, value: await readBody(res, spec, timeoutMs) };
      }
      failure = problemFailure(res.status, res.headers, await res.text());
      const code = failure.error.code;
      const retryable = code === 'rate_limited' || (code === 'service_unavailable' && spec.idempotent);
      if (!retryable) throw failure;
      serverWaitS = failure.error.retryAfter;
    } catch (err) {
      if (err instanceof AppFailure) {
        // Thrown above (a final answer), or by readBody (bad_response, timeout while reading).
        if (err.error.code !== 'timeout' && err.error.code !== 'network') throw err;
        if (!spec.idempotent) throw err;
        failure = err;
      } else {
        failure = transportFailure(err, spec, timeoutMs);
        if (!spec.idempotent) throw failure;
      }
    }
    const waitMs = spec.noRetry ? null : retryDelay(deps.retry, { attempt, waitedMs: waited, retryAfterS: serverWaitS });
    if (waitMs === null) throw failure;
    waited += waitMs;
    await deps.sleep(waitMs);
  }
}

async function readBody<T>(res: Response, spec: RequestSpec<T>, timeoutMs: number): Promise<T> {
  let text: string;
  let bytes: Uint8Array | undefined;
  try {
    if (spec.binary) {
      bytes = new Uint8Array(await res.arrayBuffer());
      text = '';
    } else text = await res.text();
  } catch (err) {
    throw transportFailure(err, spec, timeoutMs);
  }
  if (spec.binary) {
    const parsed = spec.schema.safeParse(bytes);
    if (!parsed.success) throw new AppFailure('bad_response', `Unexpected body from ${spec.method} ${spec.path}`);
    return parsed.data;
  }
  if (res.status === 304 || text === '') {
    const parsed = spec.schema.safeParse(undefined);
    if (parsed.success) return parsed.data;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppFailure('bad_response', `The Partner API answered ${spec.method} ${spec.path} with a body that is not JSON`);
  }
  const parsed = spec.schema.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`)
      .join('; ');
    throw new AppFailure('bad_response', `The Partner API answered ${spec.method} ${spec.path} with an unexpected shape (${where})`);
  }
  return parsed.data;
}
