import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { isCallName } from '../../contract/calls.ts';
import type { Dispatch } from '../dispatch.ts';
import { RENDERER_HEADERS } from '../security.ts';
import { readRendererFile } from '../renderer-files.ts';

export const CALL_PATH = '/__shubbak/call/';
export const TOKEN_HEADER = 'x-shubbak-token';
const MAX_BODY = 1 << 20;

export interface HarnessOptions {
  dispatch: Dispatch;
  rendererDir: string;
  port?: number;
}

export interface Harness {
  origin: string;
  /** Opens the app directly: the per-run token rides in the fragment, never sent to a server log. */
  url: string;
  token: string;
  close(): Promise<void>;
}

/**
 * The web transport of the contract: serves the built renderer on 127.0.0.1 and carries
 * `window.shubbak` calls as POST /__shubbak/call/<name> with a random per-run token.
 */
export async function startHarness(opts: HarnessOptions): Promise<Harness> {
  const token = randomBytes(24).toString('base64url');
  const tokenBytes = Buffer.from(token);
  let origin = '';

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, 'text/plain', 'internal error'));
  });
  // A request Node cannot parse (bad header, header too large): a 4xx, then the connection closes.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    // Every answer waits for the whole body (kept up to MAX_BODY), so no answer is cut by a reset.
    const body = await readBody(req);
    // DNS rebinding: only our exact loopback host; cross-origin pages are refused outright.
    const host = req.headers.host;
    if (`http://${host}` !== origin) return send(res, 421, 'text/plain', 'wrong host');
    if (req.headers.origin !== undefined && req.headers.origin !== origin) {
      return send(res, 403, 'text/plain', 'cross-origin request refused');
    }
    const url = req.url ?? '/';
    if (url.startsWith(CALL_PATH)) return handleCall(req, res, url.slice(CALL_PATH.length), body);
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain', 'method not allowed');
    const file = await readRendererFile(opts.rendererDir, url);
    if (!file) return send(res, 404, 'text/plain', 'not found');
    res.writeHead(200, { ...RENDERER_HEADERS, 'Content-Type': file.type, 'Cache-Control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : file.body);
  }

  async function handleCall(req: IncomingMessage, res: ServerResponse, rawName: string, body: string | null) {
    if (req.method !== 'POST') return send(res, 405, 'text/plain', 'method not allowed');
    const given = Buffer.from(String(req.headers[TOKEN_HEADER] ?? ''));
    if (given.length !== tokenBytes.length || !timingSafeEqual(given, tokenBytes)) {
      return sendJson(res, 401, { ok: false, error: { code: 'forbidden_sender', message: 'Missing or wrong harness token' } });
    }
    const name = decodeName(rawName);
    if (name === null || !isCallName(name)) {
      return name === null
        ? sendJson(res, 400, { ok: false, error: { code: 'invalid_argument', message: 'The call name is not valid percent-encoded UTF-8' } })
        : sendJson(res, 404, { ok: false, error: { code: 'unknown_call', message: `No such call: ${name.slice(0, 100)}` } });
    }
    if (body === null) {
      res.setHeader('Connection', 'close');
      return sendJson(res, 413, { ok: false, error: { code: 'invalid_argument', message: `The request body is over ${MAX_BODY} bytes` } });
    }
    let envelope: unknown;
    try {
      envelope = body.length ? JSON.parse(body) : {};
    } catch {
      return sendJson(res, 400, { ok: false, error: { code: 'invalid_argument', message: 'Body is not JSON' } });
    }
    const arg = typeof envelope === 'object' && envelope !== null ? (envelope as { arg?: unknown }).arg : undefined;
    sendJson(res, 200, await opts.dispatch(name, arg));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    token,
    url: `${origin}/#token=${token}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function decodeName(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * The body, or null when it is over MAX_BODY. An oversized body is read to its end and dropped
 * (whatever its size: only the first MAX_BODY bytes are kept), so that every answer reaches the
 * client: answering before the body is read resets the connection under a client still sending.
 * A client that never ends its body is cut by Node's own requestTimeout.
 */
function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, type: string, body: string) {
  res.writeHead(status, { 'Content-Type': type, 'X-Content-Type-Options': 'nosniff' });
  res.end(body);
}

function sendJson(res: ServerResponse, status: number, value: unknown) {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(value));
}
