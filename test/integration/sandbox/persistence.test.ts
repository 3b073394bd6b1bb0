import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { Booking, Hold, Transaction } from '../../../contract/partner/index.ts';
import { MIGRATIONS } from '../../../sandbox/store/schema.ts';
import { SEEDED_ACCOUNTS, SEEDED_CREDENTIALS } from '../../../sandbox/store/seed.ts';
import { DEMO, contact, expectData, expectPage, passenger, startTestSandbox, type TestSandbox } from './helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-persist-'));
const dbPath = join(dir, 'sandbox.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('persistence across restart on the same --db file', () => {
  it('keeps wallets, ledger, holds, bookings, idempotency records, clock offset and tokens', async () => {
    let sbx: TestSandbox = await startTestSandbox({ dbPath });
    const { detail } = await sbx.pickOffer();
    const token = await sbx.token();
    await sbx.control('POST', '/wallet/topup', { client_id: DEMO, amount_minor: 777 });
    const hold = expectData(await sbx.call('POST', '/holds', { token, body: { offer_id: detail.id } }), Hold, 201);
    const body = { offer_id: detail.id, passengers: [passenger()], contact };
    const first = await sbx.book(body, { key: 'persist-1' });
    const booking = expectData(first, Booking, 201);
    await sbx.advance(600);
    const clockBefore = await sbx.now();
    const walletBefore = await sbx.wallet();
    const linesBefore = expectPage(await sbx.call('GET', '/wallet/transactions', { token: await sbx.token() }), Transaction).data;
    await sbx.close();

    sbx = await startTestSandbox({ dbPath });
    try {
      expect(Math.abs((await sbx.now()) - clockBefore)).toBeLessThan(5000);
      expect(await sbx.wallet()).toEqual(walletBefore);
      expect(expectPage(await sbx.call('GET', '/wallet/transactions', { token: await sbx.token() }), Transaction).data).toEqual(linesBefore);
      expect(expectData(await sbx.call('GET', `/holds/${hold.id}`, { token: await sbx.token() }), Hold)).toEqual(hold);
      const reread = expectData(await sbx.call('GET', `/bookings/${booking.id}`, { token: await sbx.token() }), Booking);
      // Ticket links follow the server's current address (a new port here); the rest is as it was.
      expect({ ...reread, tickets: null }).toEqual({ ...booking, tickets: null });
      expect(reread.tickets?.list_url).toBe(`${sbx.base}/bookings/${booking.id}/tickets`);
      expect(reread.tickets?.version).toBe(booking.tickets?.version);
      const replay = await sbx.book(body, { key: 'persist-1' });
      expect([replay.status, replay.text]).toEqual([201, first.text]);
      // The held and booked seats are still taken after the restart.
      const after = await sbx.offer(detail.id);
      expect(after.seats_available).toBeLessThanOrEqual(detail.seats_available! - 2);
      // The token secret is kept with the database.
      expect((await sbx.call('GET', '/wallet', { token })).status).toBe(200);
    } finally {
      await sbx.close();
    }
  });
});

/** Every file of a SQLite database (the WAL and shared-memory files too), as bytes. */
function databaseBytes(path: string): Buffer {
  return Buffer.concat([path, `${path}-wal`, `${path}-shm`].filter((f) => existsSync(f)).map((f) => readFileSync(f)));
}

function expectNoSecrets(path: string): void {
  const bytes = databaseBytes(path);
  expect(bytes.length).toBeGreaterThan(0);
  for (const { clientSecret } of SEEDED_CREDENTIALS) {
    expect(bytes.includes(Buffer.from(clientSecret)), `${clientSecret} in ${path}`).toBe(false);
    expect(bytes.includes(Buffer.from(clientSecret, 'utf16le')), `${clientSecret} (UTF-16) in ${path}`).toBe(false);
  }
}

describe('client secrets in the database file', () => {
  it('are never stored: only their SHA-256, while running and after a reset and a restart', async () => {
    const file = join(dir, 'secrets.db');
    let sbx = await startTestSandbox({ dbPath: file });
    try {
      expect(await sbx.token()).toBeTruthy();
      expectNoSecrets(file);
      await sbx.reset();
      expectNoSecrets(file);
    } finally {
      await sbx.close();
    }
    expectNoSecrets(file);
    sbx = await startTestSandbox({ dbPath: file });
    try {
      expect(await sbx.token()).toBeTruthy(); // the right secret still works
      const wrong = await sbx.call('POST', '/oauth/token', { body: { client_id: DEMO, client_secret: 'sk_sandbox_demX' } });
      expect(wrong.status).toBe(401);
    } finally {
      await sbx.close();
    }
  });

  it('are hashed in a database made before that (plain secrets), with no trace of them left in the file', async () => {
    const file = join(dir, 'old.db');
    // The schema and seeded rows of a database written by the previous sandbox version.
    const old = new Database(file);
    old.pragma('journal_mode = WAL');
    old.exec(MIGRATIONS[0]!);
    old.pragma('user_version = 1');
    for (const a of SEEDED_ACCOUNTS) old.prepare('INSERT INTO accounts (id, name) VALUES (?, ?)').run(a.id, a.name);
    const insert = old.prepare('INSERT INTO credentials (client_id, client_secret, account_id, environment, scopes, revoked) VALUES (?, ?, ?, ?, ?, ?)');
    for (const c of SEEDED_CREDENTIALS) insert.run(c.clientId, c.clientSecret, c.accountId, c.environment, c.scopes.join(' '), c.revoked ? 1 : 0);
    old.close();
    expect(databaseBytes(file).includes(Buffer.from('sk_sandbox_demo'))).toBe(true);

    const sbx = await startTestSandbox({ dbPath: file });
    try {
      expectNoSecrets(file);
      expect(await sbx.token()).toBeTruthy();
      const revoked = await sbx.call('POST', '/oauth/token', { body: { client_id: 'cid_sandbox_revoked', client_secret: 'sk_sandbox_revoked' } });
      expect(revoked.status).toBe(401);
    } finally {
      await sbx.close();
    }
    expectNoSecrets(file);
    const db = new Database(file, { readonly: true });
    try {
      const columns = (db.prepare('PRAGMA table_info(credentials)').all() as { name: string }[]).map((c) => c.name);
      expect(columns).toContain('secret_sha256');
      expect(columns).not.toContain('client_secret');
    } finally {
      db.close();
    }
  });
});
