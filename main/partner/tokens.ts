import { TokenResponse } from '../../contract/partner/resources.ts';
import type { Clock } from '../clock.ts';
import { AppFailure } from '../failure.ts';
import { send, type HttpDeps } from './http.ts';

export interface ClientCredential {
  clientId: string;
  clientSecret: string;
}

export interface MintedToken {
  accessToken: string;
  /** Local time after which the token is not used any more. */
  renewAt: number;
  environment: 'SANDBOX' | 'LIVE';
  scope: string;
}

/** Renew this long before the token's stated expiry. */
export const RENEW_BEFORE_MS = 60_000;

/**
 * POST /oauth/token with client credentials. The secret travels only in this request body,
 * which is never logged or put into an error message.
 */
export async function mintToken(http: HttpDeps, baseUrl: string, cred: ClientCredential, now: Date): Promise<MintedToken> {
  const answer = await send(http, baseUrl, null, {
    method: 'POST',
    path: '/oauth/token',
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: cred.clientId, client_secret: cred.clientSecret }),
    schema: TokenResponse,
    idempotent: true,
  });
  const t = answer.value;
  return {
    accessToken: t.access_token,
    renewAt: now.getTime() + t.expires_in * 1000 - RENEW_BEFORE_MS,
    environment: t.environment,
    scope: t.scope,
  };
}

/**
 * The bearer token of a client: minted on first use, cached, renewed a minute before expiry
 * (or at once after a 401), one mint in flight at a time. When the API refuses a credential
 * (invalid_client), the next one held (the rotation slot) is tried.
 */
export class TokenSource {
  readonly #http: HttpDeps;
  readonly #baseUrl: string;
  readonly #credentials: readonly ClientCredential[];
  readonly #clock: Clock;
  #current = 0;
  #token: MintedToken | null = null;
  #minting: Promise<MintedToken> | null = null;

  constructor(http: HttpDeps, baseUrl: string, credentials: readonly ClientCredential[], clock: Clock) {
    if (credentials.length === 0) throw new AppFailure('not_configured', 'No Partner API credential');
    this.#http = http;
    this.#baseUrl = baseUrl;
    this.#credentials = credentials;
    this.#clock = clock;
  }

  async token(): Promise<MintedToken> {
    if (this.#token && this.#clock.now().getTime() < this.#token.renewAt) return this.#token;
    this.#minting ??= this.#mint().finally(() => {
      this.#minting = null;
    });
    return this.#minting;
  }

  /** The API said 401 unauthorized to this token: mint a new one next time. */
  invalidate(accessToken: string): void {
    if (this.#token?.accessToken === accessToken) this.#token = null;
  }

  async #mint(): Promise<MintedToken> {
    const tried = new Set<number>();
    for (;;) {
      tried.add(this.#current);
      const cred = this.#credentials[this.#current]!;
      try {
        this.#token = await mintToken(this.#http, this.#baseUrl, cred, this.#clock.now());
        return this.#token;
      } catch (err) {
        const refused = err instanceof AppFailure && err.error.code === 'invalid_client';
        const next = (this.#current + 1) % this.#credentials.length;
        if (!refused || tried.has(next)) throw err;
        this.#current = next;
      }
    }
  }
}
