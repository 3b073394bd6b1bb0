import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Environment } from '../../contract/partner/index.ts';

export const TOKEN_LIFETIME_S = 3600;

export type Scope = 'inventory.read' | 'wallet.read' | 'booking.write';

/** What a verified bearer token says about its holder. */
export interface Principal {
  clientId: string;
  accountId: string;
  environment: Environment;
  scopes: ReadonlySet<Scope>;
  expiresAt: number; // epoch seconds, simulated clock
}

interface Claims {
  sub: string;
  acc: string;
  env: Environment;
  scope: string;
  iat: number;
  exp: number;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const VERIFIED_CACHE_LIMIT = 10_000;

/** HS256 JWTs keyed with a per-database secret; expiry is checked against the simulated clock. */
export class JwtCodec {
  readonly #secret: Buffer;
  // Verified tokens skip the HMAC and JSON parse next time; expiry is still checked every call.
  readonly #verified = new Map<string, Principal>();

  constructor(secret: Buffer) {
    this.#secret = secret;
  }

  sign(principal: Omit<Principal, 'expiresAt'>, nowS: number): string {
    const claims: Claims = {
      sub: principal.clientId,
      acc: principal.accountId,
      env: principal.environment,
      scope: [...principal.scopes].join(' '),
      iat: nowS,
      exp: nowS + TOKEN_LIFETIME_S,
    };
    const body = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    return `${body}.${this.#mac(body)}`;
  }

  /** The principal of a valid, unexpired token; null for anything else. */
  verify(token: string, nowS: number): Principal | null {
    const principal = this.#verified.get(token) ?? this.#decode(token);
    if (!principal || principal.expiresAt <= nowS) return null;
    return principal;
  }

  #decode(token: string): Principal | null {
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== HEADER) return null;
    const expected = Buffer.from(this.#mac(`${parts[0]}.${parts[1]}`));
    const given = Buffer.from(parts[2]!);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let claims: Claims;
    try {
      claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as Claims;
    } catch {
      return null;
    }
    const principal: Principal = {
      clientId: claims.sub,
      accountId: claims.acc,
      environment: claims.env,
      scopes: new Set(claims.scope.split(' ').filter(Boolean) as Scope[]),
      expiresAt: claims.exp,
    };
    if (this.#verified.size >= VERIFIED_CACHE_LIMIT) this.#verified.clear();
    this.#verified.set(token, principal);
    return principal;
  }

  #mac(input: string): string {
    return createHmac('sha256', this.#secret).update(input).digest('base64url');
  }
}
