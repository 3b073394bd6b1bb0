import { createHash, timingSafeEqual } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Environment } from '../../contract/partner/index.ts';
import type { Db } from '../store/db.ts';
import type { Scope } from './jwt.ts';

export interface Credential {
  clientId: string;
  /** SHA-256 of the client secret: the secret itself is never stored. */
  secretSha256: Buffer;
  accountId: string;
  environment: Environment;
  scopes: Scope[];
  revoked: boolean;
}

interface CredentialRow {
  client_id: string;
  secret_sha256: string;
  account_id: string;
  environment: Environment;
  scopes: string;
  revoked: number;
}

/** Partner accounts and their API credentials (seeded; no API manages them). */
export class Accounts {
  readonly #credential: Database.Statement<[string], CredentialRow>;
  readonly #accountName: Database.Statement<[string], { name: string }>;
  readonly #cache = new Map<string, Credential | null>();

  constructor(db: Db) {
    this.#credential = db.prepare('SELECT * FROM credentials WHERE client_id = ?');
    this.#accountName = db.prepare('SELECT name FROM accounts WHERE id = ?');
  }

  credential(clientId: string): Credential | null {
    let credential = this.#cache.get(clientId);
    if (credential === undefined) {
      const row = this.#credential.get(clientId);
      credential = row
        ? {
            clientId: row.client_id,
            secretSha256: Buffer.from(row.secret_sha256, 'hex'),
            accountId: row.account_id,
            environment: row.environment,
            scopes: row.scopes.split(' ').filter(Boolean) as Scope[],
            revoked: row.revoked === 1,
          }
        : null;
      if (this.#cache.size > 1000) this.#cache.clear();
      this.#cache.set(clientId, credential);
    }
    return credential;
  }

  /** The credential for a client id and secret, or null when either is wrong or it is revoked. */
  authenticate(clientId: string, clientSecret: string): Credential | null {
    const credential = this.credential(clientId);
    if (!credential || credential.revoked) return null;
    // Digests of equal length, compared in constant time.
    const given = createHash('sha256').update(clientSecret, 'utf8').digest();
    return credential.secretSha256.length === given.length && timingSafeEqual(given, credential.secretSha256) ? credential : null;
  }

  /** Display name printed on tickets: "booked through <name>". */
  accountName(accountId: string): string {
    return this.#accountName.get(accountId)?.name ?? accountId;
  }

  forgetCached(): void {
    this.#cache.clear();
  }
}
