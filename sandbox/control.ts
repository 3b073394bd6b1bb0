import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DateTime } from '../contract/partner/index.ts';
import type { Sandbox } from './context.ts';
import { ConfigPatch } from './config.ts';
import { single } from './http/envelope.ts';
import { ApiProblem, parseOrThrow } from './http/problem.ts';
import { presentWallet, type Posting } from './wallet/ledger.ts';

// The control API of sandbox-interface.md: simulator-only, never under /v1, loopback only, no
// auth. Every answer is `{ data }`; refusals are problem documents like those of /v1.

const MAX_AMOUNT_MINOR = 1e15;
const Advance = z.strictObject({ seconds: z.number().positive().max(10 * 366 * 86_400) });
const TopUp = z.strictObject({ client_id: z.string().min(1).max(200), amount_minor: z.int().min(1).max(MAX_AMOUNT_MINOR) });
const Adjust = z.strictObject({
  client_id: z.string().min(1).max(200),
  amount_minor: z.int().min(-MAX_AMOUNT_MINOR).max(MAX_AMOUNT_MINOR).refine((n) => n !== 0, 'must not be zero'),
  reason: z.string().trim().min(1).max(500),
  /** The account manager settling a claim names the booking it is for (a booking of that wallet's account). */
  booking_ref: z.string().min(1).max(100).optional(),
});

const Reschedule = z.strictObject({ departure_at: DateTime });
const RegisterWebhook = z.strictObject({ client_id: z.string().min(1).max(200), url: z.string().min(1).max(2048) });

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export function controlRoutes(app: FastifyInstance, sandbox: Sandbox): void {
  // Seen from elsewhere, the control API does not exist.
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) {
      throw new ApiProblem('invalid_reference', `No endpoint ${request.method} ${request.url}.`, { status: 404 });
    }
  });

  // What the control API offers, served so a trainer or a test can read it without the README.
  app.get('/', () => single(CONTROL_CALLS));

  app.post('/reset', () => {
    sandbox.reset();
    return single({ status: 'reset', now: sandbox.clock.nowIso() });
  });

  app.get('/clock', () => single({ now: sandbox.clock.nowIso() }));

  app.post('/clock/advance', (request) => {
    const { seconds } = parseOrThrow(Advance, request.body);
    sandbox.clock.advance(seconds);
    return single({ now: sandbox.clock.nowIso() });
  });

  app.post('/wallet/topup', (request) => {
    const body = parseOrThrow(TopUp, request.body);
    return single(post(sandbox, body.client_id, { type: 'TOPUP', amountMinor: body.amount_minor, reason: 'Top-up' }));
  });

  app.post('/wallet/adjust', (request) => {
    const body = parseOrThrow(Adjust, request.body);
    if (body.booking_ref !== undefined) bookingOfWallet(sandbox, body.client_id, body.booking_ref);
    return single(
      post(sandbox, body.client_id, { type: 'ADJUSTMENT', amountMinor: body.amount_minor, reason: body.reason, bookingRef: body.booking_ref ?? null }),
    );
  });

  app.post<{ Params: { reference: string } }>('/bookings/:reference/reschedule', (request) => {
    const { departure_at } = parseOrThrow(Reschedule, request.body);
    return single(sandbox.disruptions.reschedule(request.params.reference, departure_at));
  });

  app.post<{ Params: { reference: string } }>('/bookings/:reference/cancel-trip', (request) => {
    // No body is expected; an empty JSON object is accepted too.
    parseOrThrow(z.strictObject({}).optional(), request.body);
    return single(sandbox.disruptions.cancelTrip(request.params.reference));
  });

  app.post('/webhooks', (request) => {
    const { client_id, url } = parseOrThrow(RegisterWebhook, request.body);
    return single(sandbox.webhooks.register(client_id, url));
  });

  app.get('/webhooks/deliveries', () => single(sandbox.webhooks.deliveries()));

  // What is under way, so a test waits on it instead of on a timer.
  app.get('/bookings/in-flight', () => single(sandbox.idempotency.inFlightKeys()));
  app.post('/settle', async () => {
    sandbox.bookings.confirmDue();
    await sandbox.webhooks.settle();
    return single({ now: sandbox.clock.nowIso() });
  });

  app.get('/config', () => single(sandbox.config.current));
  app.put('/config', (request) => single(sandbox.config.apply(parseOrThrow(ConfigPatch, request.body))));
}

/** An adjustment may name only a booking of the same account and environment as the wallet. */
function bookingOfWallet(sandbox: Sandbox, clientId: string, reference: string): void {
  const credential = sandbox.accounts.credential(clientId);
  if (!credential) throw new ApiProblem('invalid_reference', `Unknown client_id "${clientId}".`);
  const record = sandbox.bookings.recordAny(reference);
  if (!record || record.accountId !== credential.accountId || record.environment !== credential.environment) {
    const detail = `No booking ${reference} on the wallet of "${clientId}".`;
    throw new ApiProblem('invalid_request', detail, { errors: [{ field: 'booking_ref', message: detail }] });
  }
}

/** The served description of the control API (GET /_sandbox/): method, path, body, answer. */
const CONTROL_CALLS = [
  { method: 'GET', path: '/_sandbox/', body: null, answer: 'this list' },
  { method: 'POST', path: '/_sandbox/reset', body: null, answer: 'the seeded state; { status, now }' },
  { method: 'GET', path: '/_sandbox/clock', body: null, answer: '{ now }' },
  { method: 'POST', path: '/_sandbox/clock/advance', body: '{ seconds }', answer: '{ now }' },
  { method: 'POST', path: '/_sandbox/wallet/topup', body: '{ client_id, amount_minor }', answer: 'the wallet and its TOPUP transaction' },
  {
    method: 'POST',
    path: '/_sandbox/wallet/adjust',
    body: '{ client_id, amount_minor (signed), reason, booking_ref? }',
    answer: "the wallet and its ADJUSTMENT transaction; booking_ref (a booking of the wallet's account) is what an account manager settling a claim writes",
  },
  { method: 'POST', path: '/_sandbox/bookings/{reference}/reschedule', body: '{ departure_at }', answer: 'the booking after the move' },
  { method: 'POST', path: '/_sandbox/bookings/{reference}/cancel-trip', body: null, answer: 'the booking after the cancellation' },
  { method: 'POST', path: '/_sandbox/webhooks', body: '{ client_id, url }', answer: '{ id, secret }' },
  { method: 'GET', path: '/_sandbox/webhooks/deliveries', body: null, answer: 'the deliveries, newest first' },
  { method: 'GET', path: '/_sandbox/bookings/in-flight', body: null, answer: 'the Idempotency-Keys of the POST /bookings being handled now: [{ account_id, environment, key }]' },
  {
    method: 'POST',
    path: '/_sandbox/settle',
    body: null,
    answer: '{ now } once due pending bookings are confirmed and every due webhook delivery was sent and answered',
  },
  { method: 'GET', path: '/_sandbox/config', body: null, answer: 'the whole config' },
  { method: 'PUT', path: '/_sandbox/config', body: '{ rate_limits?, latency_ms?, fault_rate?, operator_latency_ms? }', answer: 'the whole config' },
] as const;

/** A wallet line on the wallet of a credential's account and environment, with its events. */
function post(sandbox: Sandbox, clientId: string, posting: Posting) {
  const credential = sandbox.accounts.credential(clientId);
  const wallet = credential && sandbox.ledger.walletOf(credential);
  if (!credential || !wallet) throw new ApiProblem('invalid_reference', `Unknown client_id "${clientId}".`);
  const transaction = sandbox.db.transaction(() => {
    const line = sandbox.ledger.post(credential, posting);
    if (posting.type === 'TOPUP') {
      sandbox.outbox.emit(credential, 'wallet.topped_up', {
        environment: credential.environment,
        amount: { amount_minor: posting.amountMinor, currency: line.currency },
        balance: { amount_minor: line.balance_after_minor, currency: line.currency },
        transaction: line,
      });
    }
    sandbox.ledger.notifyIfLow(credential, wallet.balance_minor);
    return line;
  })();
  return { ...presentWallet(sandbox.ledger.walletOf(credential)!), transaction };
}
