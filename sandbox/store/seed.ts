import type { Environment } from '../../contract/partner/index.ts';
import type { Scope } from '../auth/jwt.ts';
import type { Ledger } from '../wallet/ledger.ts';
import { sha256Hex, type Db } from './db.ts';
import { STATE_TABLES } from './schema.ts';

// The seeded state of sandbox-interface.md § Seeded credentials. `/_sandbox/reset` returns here.

const ALL_SCOPES: Scope[] = ['inventory.read', 'wallet.read', 'booking.write'];

export const SEEDED_ACCOUNTS = [
  { id: 'acc_demo', name: 'Shubbak Demo Station' },
  { id: 'acc_other', name: 'Delta Star Travel' },
] as const;

export const SEEDED_CREDENTIALS: {
  clientId: string;
  clientSecret: string;
  accountId: string;
  environment: Environment;
  scopes: Scope[];
  revoked?: boolean;
}[] = [
  { clientId: 'cid_sandbox_demo', clientSecret: 'sk_sandbox_demo', accountId: 'acc_demo', environment: 'SANDBOX', scopes: ALL_SCOPES },
  { clientId: 'cid_sandbox_demo_2', clientSecret: 'sk_sandbox_demo_2', accountId: 'acc_demo', environment: 'SANDBOX', scopes: ALL_SCOPES },
  { clientId: 'cid_sandbox_other', clientSecret: 'sk_sandbox_other', accountId: 'acc_other', environment: 'SANDBOX', scopes: ALL_SCOPES },
  { clientId: 'cid_sandbox_readonly', clientSecret: 'sk_sandbox_readonly', accountId: 'acc_demo', environment: 'SANDBOX', scopes: ['inventory.read', 'wallet.read'] },
  { clientId: 'cid_sandbox_revoked', clientSecret: 'sk_sandbox_revoked', accountId: 'acc_demo', environment: 'SANDBOX', scopes: [], revoked: true },
  { clientId: 'cid_live_demo', clientSecret: 'sk_live_demo', accountId: 'acc_demo', environment: 'LIVE', scopes: ALL_SCOPES },
];

const PLAY_CREDIT_MINOR = 10_000_000; // EGP 100,000.00
const LOW_BALANCE_THRESHOLD_MINOR = 500_000; // EGP 5,000.00

/** Wallets: sandbox wallets start with play credit, the live one at zero (strict prepaid). */
const SEEDED_WALLETS: { accountId: string; environment: Environment; openingMinor: number }[] = [
  { accountId: 'acc_demo', environment: 'SANDBOX', openingMinor: PLAY_CREDIT_MINOR },
  { accountId: 'acc_other', environment: 'SANDBOX', openingMinor: PLAY_CREDIT_MINOR },
  { accountId: 'acc_demo', environment: 'LIVE', openingMinor: 0 },
];

/** Empties every state table and writes the seeded accounts, credentials and wallets. */
export function seedState(db: Db, ledger: Ledger): void {
  db.transaction(() => {
    for (const table of STATE_TABLES) db.prepare(`DELETE FROM ${table}`).run();
    const account = db.prepare('INSERT INTO accounts (id, name) VALUES (?, ?)');
    for (const a of SEEDED_ACCOUNTS) account.run(a.id, a.name);
    const credential = db.prepare(
      'INSERT INTO credentials (client_id, secret_sha256, account_id, environment, scopes, revoked) VALUES (?, ?, ?, ?, ?, ?)',
    );
    // Only the digest of each secret is stored (the secrets are published, but a database file
    // must never carry a client secret).
    for (const c of SEEDED_CREDENTIALS) {
      credential.run(c.clientId, sha256Hex(c.clientSecret), c.accountId, c.environment, c.scopes.join(' '), c.revoked ? 1 : 0);
    }
    const wallet = db.prepare(
      `INSERT INTO wallets (account_id, environment, currency, balance_minor, credit_limit_minor, low_balance_threshold_minor, updated_at)
       VALUES (?, ?, 'EGP', 0, 0, ?, NULL)`,
    );
    for (const w of SEEDED_WALLETS) {
      wallet.run(w.accountId, w.environment, LOW_BALANCE_THRESHOLD_MINOR);
      if (w.openingMinor > 0) {
        ledger.post(
          { accountId: w.accountId, environment: w.environment },
          { type: 'TOPUP', amountMinor: w.openingMinor, reason: 'Sandbox play credit' },
        );
      }
    }
  })();
}

export function isSeeded(db: Db): boolean {
  return (db.prepare('SELECT COUNT(*) AS n FROM accounts').get() as { n: number }).n > 0;
}
