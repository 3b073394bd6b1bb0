export interface SeenRequest {
  url: string;
  method: string;
  headers: Headers;
  body: string | undefined;
}

export type Reply = Response | Error | ((req: SeenRequest) => Response | Error | Promise<Response | Error>);

/** A fetch that answers from a script and remembers every request. */
export function fakeFetch(replies: Reply[] | ((req: SeenRequest, n: number) => Reply)) {
  const seen: SeenRequest[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const req: SeenRequest = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : undefined,
    };
    seen.push(req);
    let r: Reply | undefined = Array.isArray(replies) ? replies.shift() : replies(req, seen.length);
    if (r === undefined) throw new Error(`fake fetch: no reply scripted for ${req.method} ${req.url}`);
    if (typeof r === 'function') r = await r(req);
    if (r instanceof Error) throw r;
    return r;
  }) as typeof globalThis.fetch;
  return { fetch, seen };
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

export const problem = (status: number, code: string, headers: Record<string, string> = {}, extra: Record<string, unknown> = {}) =>
  new Response(JSON.stringify({ title: code, status, code, ...extra }), {
    status,
    headers: { 'content-type': 'application/problem+json', ...headers },
  });

export const networkError = () => Object.assign(new TypeError('fetch failed'), { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') });

export const timeoutError = () => new DOMException('The operation was aborted due to timeout', 'TimeoutError');

export const token = (expiresIn = 3600, accessToken = 'tok-1') =>
  json(200, { access_token: accessToken, token_type: 'Bearer', expires_in: expiresIn, scope: 'inventory.read', environment: 'SANDBOX' });
