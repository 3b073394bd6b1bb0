import Fastify, { type FastifyInstance } from 'fastify';
import { createSandbox, type Sandbox } from './context.ts';
import { controlRoutes } from './control.ts';
import { randomBytes } from './ids.ts';
import { BODY_LIMIT_BYTES, sendClientError, sendFrameworkError } from './http/errors.ts';
import { API_PREFIX } from './http/guard.ts';
import { MAX_PARAM_LENGTH, installPlumbing } from './http/plumbing.ts';
import { bookingRoutes } from './routes/bookings.ts';
import { holdRoutes } from './routes/holds.ts';
import { metaRoutes } from './routes/meta.ts';
import { oauthRoutes } from './routes/oauth.ts';
import { offerRoutes } from './routes/offers.ts';
import { referenceRoutes } from './routes/reference.ts';
import { ticketRoutes } from './routes/tickets.ts';
import { walletRoutes } from './routes/wallet.ts';

export interface StartOptions {
  /** 0 picks a free port. Default 4010. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** SQLite file, or ':memory:' (the default). */
  dbPath?: string | ':memory:';
  /** Inventory seed; default: the one the database was made with, else the inventory's default. */
  seed?: number;
  /** No logging at all (the embedded TRAINING mode); errors are logged to stderr otherwise. */
  quiet?: boolean;
  /** Bytes of rendered ticket PDFs kept in memory (64 MB by default; the embedded one keeps less). */
  pdfCacheBytes?: number;
}

export interface RunningSandbox {
  /** `http://HOST:PORT` */
  origin: string;
  /** `http://HOST:PORT/v1` */
  baseUrl: string;
  port: number;
  close(): Promise<void>;
}

export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = '127.0.0.1';
/** Due pending bookings are confirmed at least this often, even when nobody reads them. */
const SWEEP_INTERVAL_MS = 1000;

/**
 * Starts a sandbox server. Safe to embed: no process-wide state, no exit, several instances may
 * run in one process (each on its own database).
 */
export async function startSandbox(options: StartOptions = {}): Promise<RunningSandbox> {
  const sandbox = createSandbox({
    dbPath: options.dbPath ?? ':memory:',
    seed: options.seed,
    pdfCacheBytes: options.pdfCacheBytes,
    log: options.quiet ? () => {} : (...args: unknown[]) => console.error('[sandbox]', ...args),
  });
  const app = buildApp(sandbox);
  const host = options.host ?? DEFAULT_HOST;
  try {
    await app.listen({ port: options.port ?? DEFAULT_PORT, host });
  } catch (error) {
    sandbox.db.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? DEFAULT_PORT);
  const origin = `http://${urlHost(host)}:${port}`;
  sandbox.baseUrl = `${origin}${API_PREFIX}`;

  const sweeper = setInterval(() => sandbox.bookings.confirmDue(), SWEEP_INTERVAL_MS);
  sweeper.unref();
  sandbox.webhooks.start();
  let closing: Promise<void> | undefined;
  return {
    origin,
    baseUrl: sandbox.baseUrl,
    port,
    close() {
      closing ??= (async () => {
        clearInterval(sweeper);
        await sandbox.webhooks.close();
        await app.close();
        sandbox.db.close();
      })();
      return closing;
    },
  };
}

const newRequestId = (): string => `req_${randomBytes(9).toString('base64url')}`;

export function buildApp(sandbox: Sandbox): FastifyInstance {
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT_BYTES,
    requestIdHeader: false,
    genReqId: newRequestId,
    clientErrorHandler: (error, socket) => sendClientError(error, socket, newRequestId),
    forceCloseConnections: true,
    return503OnClosing: true,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: (error, request, reply) => sendFrameworkError(sandbox, error, request, reply),
  });
  installPlumbing(app, sandbox);
  app.register(
    async (v1) => {
      // One plugin per resource, so a parser added by one (the token endpoint's form body) stays there.
      for (const routes of [metaRoutes, oauthRoutes, referenceRoutes, offerRoutes, holdRoutes, bookingRoutes, ticketRoutes, walletRoutes]) {
        v1.register(async (scope) => routes(scope, sandbox));
      }
    },
    { prefix: API_PREFIX },
  );
  app.register(async (control) => controlRoutes(control, sandbox), { prefix: '/_sandbox' });
  return app;
}

/** A wildcard listen address is reached through loopback; IPv6 literals need brackets. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
