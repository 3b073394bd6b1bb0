import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect, vi } from 'vitest';
import { z } from 'zod';
import { expectData, type TestSandbox } from './helpers.ts';

// A webhook receiver on 127.0.0.1:0 for the event tests: it records every request and answers
// what the test tells it to. Signatures are checked with the independent `standardwebhooks`
// package, never with the sandbox's own code.

export interface Received {
  id: string;
  timestamp: number;
  signature: string;
  headers: IncomingHttpHeaders;
  body: string;
  event: { id: string; type: string; created_at: string; data: Record<string, unknown> };
  /** Real time of arrival (ms). */
  at: number;
}

export const Delivery = z.strictObject({
  event_id: z.string(),
  type: z.string(),
  url: z.string(),
  attempts: z.int(),
  last_status_code: z.int().nullable(),
  state: z.enum(['pending', 'delivered', 'retrying', 'failed', 'paused']),
  next_retry_at: z.iso.datetime().nullable(),
});
export type Delivery = z.infer<typeof Delivery>;

export const Registration = z.strictObject({ id: z.string(), secret: z.string() });

export class Receiver {
  readonly received: Received[] = [];
  /** Status to answer; a function decides per request. */
  respond: number | ((r: Received) => number) = 200;
  readonly #server: Server;
  /** Answers kept back until `release` (see `hold`). */
  #held: (() => void)[] | null = null;
  /** Called after each request is recorded (the waits of `waitFor`). */
  readonly #arrivals = new Set<() => void>();
  readonly url: string;

  constructor(server: Server, path = '/hooks') {
    this.#server = server;
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  }

  of(type: string): Received[] {
    return this.received.filter((r) => r.event.type === type);
  }

  /** Records a request, then answers it now or once released. */
  take(r: Received, answer: () => void): void {
    this.received.push(r);
    for (const arrived of this.#arrivals) arrived();
    if (this.#held) this.#held.push(answer);
    else answer();
  }

  /** From now on requests are recorded but answered only when the returned function is called. */
  hold(): () => void {
    this.#held ??= [];
    return () => {
      const answers = this.#held ?? [];
      this.#held = null;
      for (const answer of answers) answer();
    };
  }

  /** Resolves as soon as `predicate` holds for what was received (checked at each arrival); returns it. */
  waitFor(predicate: (received: Received[]) => boolean, timeoutMs = 10_000): Promise<Received[]> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!predicate(this.received)) return;
        this.#arrivals.delete(check);
        clearTimeout(timer);
        resolve(this.received);
      };
      const timer = setTimeout(() => {
        this.#arrivals.delete(check);
        reject(new Error(`receiver: not seen in ${timeoutMs} ms; got ${this.received.map((r) => r.event.type).join(', ')}`));
      }, timeoutMs);
      this.#arrivals.add(check);
      check();
    });
  }

  async waitForType(type: string, count = 1, timeoutMs = 10_000): Promise<Received[]> {
    await this.waitFor((all) => all.filter((r) => r.event.type === type).length >= count, timeoutMs);
    return this.of(type);
  }

  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

export async function startReceiver(): Promise<Receiver> {
  const holder: { receiver?: Receiver } = {};
  const server = createServer((request, response) => {
    const receiver = holder.receiver!;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const r: Received = {
        id: String(request.headers['webhook-id']),
        timestamp: Number(request.headers['webhook-timestamp']),
        signature: String(request.headers['webhook-signature']),
        headers: request.headers,
        body,
        event: JSON.parse(body) as Received['event'],
        at: Date.now(),
      };
      const status = typeof receiver.respond === 'function' ? receiver.respond(r) : receiver.respond;
      receiver.take(r, () => response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  holder.receiver = new Receiver(server);
  return holder.receiver;
}

/**
 * Checks a request's Standard Webhooks signature with the independent `standardwebhooks`
 * package, whose `verify` also refuses timestamps more than 5 minutes from the real clock (the
 * sandbox signs with the real time of sending even after the simulated clock moved).
 */
export function expectSigned(secret: string, r: Received): void {
  const wh = new Webhook(secret);
  expect(r.signature).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
  expect(wh.sign(r.id, new Date(r.timestamp * 1000), r.body)).toBe(r.signature);
  const headers = { 'webhook-id': r.id, 'webhook-timestamp': String(r.timestamp), 'webhook-signature': r.signature };
  expect(wh.verify(r.body, headers)).toEqual(JSON.parse(r.body));
}

/** POST /_sandbox/webhooks. */
export async function register(sbx: TestSandbox, clientId: string, url: string): Promise<z.infer<typeof Registration>> {
  return expectData(await sbx.control('POST', '/webhooks', { client_id: clientId, url }), Registration);
}

/** GET /_sandbox/webhooks/deliveries, every entry checked against the documented shape. */
export async function deliveries(sbx: TestSandbox): Promise<Delivery[]> {
  return expectData(await sbx.control('GET', '/webhooks/deliveries'), z.array(Delivery));
}

/** Polls the deliveries list (an observable state, not a timer) until it satisfies `predicate`. */
export function waitForDeliveries(sbx: TestSandbox, predicate: (list: Delivery[]) => boolean, timeoutMs = 10_000): Promise<Delivery[]> {
  return vi.waitFor(
    async () => {
      const list = await deliveries(sbx);
      if (!predicate(list)) throw new Error(`deliveries not as expected: ${JSON.stringify(list, null, 1)}`);
      return list;
    },
    { timeout: timeoutMs, interval: 25 },
  );
}
