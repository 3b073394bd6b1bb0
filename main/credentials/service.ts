import type { CredentialsStatus, CounterEnvironment } from '../../contract/counter.ts';
import type { Clock } from '../clock.ts';
import { AppFailure } from '../failure.ts';
import type { HttpDeps } from '../partner/http.ts';
import { mintToken } from '../partner/tokens.ts';
import { environmentOf, validateBaseUrl, type Slot } from '../vault/credentials.ts';
import { viewOf, type HeldCredential, type Vault } from '../vault/vault.ts';
import type { SessionTarget } from '../session.ts';

export interface CredentialInput {
  clientId: string;
  clientSecret: string;
  baseUrl: string;
  slot?: Slot | undefined;
}

/** What the held credentials make the counter talk to: TRAINING when none. */
export function targetOf(held: HeldCredential[]): SessionTarget {
  const first = held[0];
  if (!first) return { kind: 'training' };
  return {
    kind: 'api',
    environment: first.environment,
    baseUrl: first.baseUrl,
    credentials: held.filter((c) => c.environment === first.environment).map((c) => ({ clientId: c.clientId, clientSecret: c.clientSecret })),
  };
}

/**
 * Checks a credential by minting a token with it at its base URL. The answer names what is
 * wrong; it never repeats the secret.
 */
export async function checkCredential(http: HttpDeps, input: { clientId: string; clientSecret: string; baseUrl: string }, now: Date) {
  const environment = environmentOf(input.clientId, input.clientSecret);
  let token;
  try {
    token = await mintToken(http, input.baseUrl, input, now);
  } catch (err) {
    if (!(err instanceof AppFailure)) throw err;
    const code = err.error.code;
    if (code === 'invalid_client' || code === 'unauthorized' || code === 'invalid_request' || code === 'insufficient_scope') {
      throw new AppFailure('credential_rejected', `The Partner API at ${input.baseUrl} refused this client id and secret (${code})`);
    }
    if (code === 'bad_response') {
      throw new AppFailure('invalid_base_url', `No Partner API token endpoint answered at ${input.baseUrl}/oauth/token`, {
        fields: [{ field: 'baseUrl', message: 'no Partner API at this address' }],
      });
    }
    throw new AppFailure(code, `Could not check the credential at ${input.baseUrl}: ${err.error.message}`, {
      ...(err.error.retryable ? { retryable: true } : {}),
    });
  }
  if (token.environment !== environment) {
    throw new AppFailure(
      'credential_rejected',
      `This looks like a ${environment} credential but the API says it is ${token.environment}; check which credential you entered`,
    );
  }
  return environment;
}

export interface CredentialServiceDeps {
  vault: Vault;
  http: HttpDeps;
  clock: Clock;
  environment: () => CounterEnvironment;
  /** Re-wires the counter to what the vault now holds. */
  rewire: (target: SessionTarget) => Promise<void>;
}

/** The supervisor's credential screen: status, save (checked first), remove. */
export class CredentialService {
  readonly #d: CredentialServiceDeps;

  constructor(deps: CredentialServiceDeps) {
    this.#d = deps;
  }

  async status(): Promise<CredentialsStatus> {
    const environment = this.#d.environment();
    const keychainProblem = await this.#d.vault.problem();
    if (keychainProblem) return { environment, keychainAvailable: false, keychainProblem, credentials: [] };
    const held = await this.#d.vault.read();
    return { environment, keychainAvailable: true, keychainProblem: null, credentials: held.map(viewOf) };
  }

  async save(input: CredentialInput): Promise<CredentialsStatus> {
    const baseUrl = validateBaseUrl(input.baseUrl);
    const environment = environmentOf(input.clientId, input.clientSecret);
    const slot = input.slot ?? 'primary';
    const held = await this.#d.vault.read();
    const other = held.find((c) => c.slot !== slot);
    if (other && other.environment !== environment) {
      throw new AppFailure('conflict', `The ${other.slot} slot holds a ${other.environment} credential; remove it before adding a ${environment} one`);
    }
    await checkCredential(this.#d.http, { clientId: input.clientId, clientSecret: input.clientSecret, baseUrl }, this.#d.clock.now());
    await this.#d.vault.save(slot, {
      clientId: input.clientId,
      clientSecret: input.clientSecret,
      baseUrl,
      savedAt: this.#d.clock.now().toISOString(),
    });
    await this.#d.rewire(targetOf(await this.#d.vault.read()));
    return this.status();
  }

  async remove(slot: Slot): Promise<CredentialsStatus> {
    await this.#d.vault.remove(slot);
    await this.#d.rewire(targetOf(await this.#d.vault.read()));
    return this.status();
  }
}
