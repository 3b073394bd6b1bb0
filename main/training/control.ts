// The trainer's buttons, carried out on the embedded TRAINING sandbox through its control API
// (sandbox-interface.md "Control API": loopback only, never under /v1). Any other environment
// refuses: a real account's wallet and trips are the operator's and the account manager's.
import type { CounterEnvironment } from '../../contract/counter.ts';
import type { TrainingAction, TrainingDone } from '../../contract/training.ts';
import { shiftWallClock } from '../../core/wall-clock.ts';
import { AppFailure } from '../failure.ts';
import type { PartnerClient } from '../partner/client.ts';
import { TRAINING_CREDENTIAL } from '../session.ts';

/** What the wallet keeps after "drain": less than any fare, so the next sale is declined for funds. */
export const DRAINED_TO_MINOR = 5_000;

export interface TrainingTarget {
  environment: CounterEnvironment;
  /** The embedded sandbox's `/v1` base URL. */
  baseUrl: string;
  client: Pick<PartnerClient, 'booking' | 'wallet'>;
}

export class TrainingControl {
  readonly #target: () => TrainingTarget;
  readonly #fetch: typeof fetch;

  constructor(target: () => TrainingTarget, fetchImpl: typeof fetch = fetch) {
    this.#target = target;
    this.#fetch = fetchImpl;
  }

  async act(a: TrainingAction): Promise<TrainingDone> {
    const t = this.#target();
    if (t.environment !== 'TRAINING') throw new AppFailure('training_only', 'Trainer actions exist only in TRAINING, on the embedded sandbox');
    const control = (path: string, body?: unknown) => this.#post(t.baseUrl, path, body);
    const clientId = TRAINING_CREDENTIAL.clientId;
    const done: TrainingDone = { kind: a.kind, sandboxNow: '' };
    switch (a.kind) {
      case 'reschedule': {
        const booking = await t.client.booking(a.bookingReference);
        if (!booking.departure_at) throw new AppFailure('invalid_request', `${a.bookingReference} has no departure time to move`);
        const departureAt = shiftWallClock(booking.departure_at, a.hours);
        await control(`/_sandbox/bookings/${encodeURIComponent(a.bookingReference)}/reschedule`, { departure_at: departureAt });
        done.departureAt = departureAt;
        break;
      }
      case 'cancel-trip':
        await control(`/_sandbox/bookings/${encodeURIComponent(a.bookingReference)}/cancel-trip`);
        break;
      case 'topup':
        await control('/_sandbox/wallet/topup', { client_id: clientId, amount_minor: a.amountMinor });
        break;
      case 'drain': {
        const balance = (await t.client.wallet()).balance.amount_minor;
        if (balance > DRAINED_TO_MINOR) await control('/_sandbox/wallet/adjust', { client_id: clientId, amount_minor: DRAINED_TO_MINOR - balance, reason: 'Training: wallet drained' });
        break;
      }
      case 'adjust':
        await control('/_sandbox/wallet/adjust', { client_id: clientId, amount_minor: a.amountMinor, reason: a.reason, ...(a.bookingReference ? { booking_ref: a.bookingReference } : {}) });
        break;
      case 'advance':
        await control('/_sandbox/clock/advance', { seconds: a.minutes * 60 });
        break;
    }
    if (a.kind === 'topup' || a.kind === 'drain' || a.kind === 'adjust') done.balanceMinor = (await t.client.wallet()).balance.amount_minor;
    done.sandboxNow = ((await this.#get(t.baseUrl, '/_sandbox/clock')) as { now: string }).now;
    return done;
  }

  async #post(baseUrl: string, path: string, body?: unknown): Promise<unknown> {
    return this.#send(baseUrl, path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
  }

  async #get(baseUrl: string, path: string): Promise<unknown> {
    return this.#send(baseUrl, path, { method: 'GET' });
  }

  async #send(baseUrl: string, path: string, init: RequestInit): Promise<unknown> {
    const res = await this.#fetch(new URL(path, baseUrl), init);
    const text = await res.text();
    if (!res.ok) {
      const problem = (() => {
        try {
          return JSON.parse(text) as { code?: string; detail?: string };
        } catch {
          return {};
        }
      })();
      const code = problem.code === 'invalid_reference' ? 'invalid_reference' : 'invalid_request';
      throw new AppFailure(code, `The training sandbox refused ${path}: ${res.status} ${problem.detail ?? text.slice(0, 200)}`);
    }
    return text ? (JSON.parse(text) as unknown) : null;
  }
}
