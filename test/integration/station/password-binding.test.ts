// The station password kept in the keychain goes only to the host, port, database and user it
// was typed for. Changing any of them asks for it again; a settings file edited to point at
// another server sends it nothing; disconnecting removes it from the keychain. The other server
// is a loopback listener that asks for the password in clear, as a server in the wrong hands
// would, and counts what it is offered.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { stationPool } from '../../../main/station/database.ts';
import { STATION_SETTINGS_FILE, StationLink } from '../../../main/station/link.ts';
import { passwordFor, STATION_PASSWORD_ACCOUNT } from '../../../main/station/password.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import { pgListener, type PgListener } from '../../support/pg-listener.ts';
import { startPostgres, type TestPostgres } from '../../support/postgres.ts';
import { memoryJournal } from '../../support/station-chain.ts';

let db: TestPostgres;
let rogue: PgListener;
const dir = mkdtempSync(join(tmpdir(), 'shubbak-station-password-'));
const keychain = memoryKeychain();
const links: StationLink[] = [];

const newLink = () => {
  const link = new StationLink({
    dataDir: dir,
    keychain,
    journal: () => memoryJournal('ctr_binding'),
    environment: () => 'TRAINING',
    settingsTarget: () => ({ appliedSeq: () => 0, apply: () => {}, snapshot: () => [], keepOnlyRules: () => {} }),
    log: () => {},
    now: () => new Date('2026-07-01T08:00:00Z'),
    shipEveryMs: 50,
  });
  links.push(link);
  return link;
};

beforeAll(async () => {
  db = await startPostgres({ auth: 'scram', station: true });
  const su: pg.Pool = stationPool({ host: db.socketDir, port: db.port, database: 'postgres', user: 'postgres' });
  await su.query("CREATE ROLE other_user LOGIN PASSWORD 'other-user-Pw-1' IN ROLE shubbak_counter");
  await su.query('CREATE DATABASE other_db');
  // This counter enrolled for other_user (the superuser may write for it too).
  await su.query("INSERT INTO stations (id, name) VALUES ('stn_sohag', 'Sohag')");
  await su.query("INSERT INTO counters (id, station_id, environment, login) VALUES ('ctr_binding', 'stn_sohag', 'TRAINING', 'other_user')");
  await su.end();
  rogue = await pgListener('cleartext');
});
afterAll(async () => {
  for (const l of links) await l.close();
  await rogue?.close();
  db?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const real = () => ({ stationId: 'stn_sohag', stationName: 'Sohag', host: db.host, port: db.port, database: 'postgres', user: 'postgres', tls: false });

describe('the station password, bound to its server', () => {
  it('is kept for the server it was typed for, and used again there without typing it', async () => {
    const link = newLink();
    await link.connect({ ...real(), password: db.password! });
    expect(await passwordFor(keychain, real())).toBe(db.password);
    // Connecting again to the same place without typing it: the kept one is used.
    expect(await link.connect(real())).toMatchObject({ configured: true, connection: { hasPassword: true } });
  });

  it('is not used when the host, the port, the database or the user change: the counter asks for it', async () => {
    const link = newLink();
    for (const changed of [{ database: 'other_db' }, { user: 'other_user' }]) {
      await expect(link.connect({ ...real(), ...changed })).rejects.toMatchObject({ error: { code: 'station_password_needed' } });
    }
    // Another port: a listener that asks for the password in clear is offered none.
    await expect(link.connect({ ...real(), port: rogue.port })).rejects.toMatchObject({ error: { code: 'station_password_needed' } });
    expect(rogue.startups()).toBe(1);
    expect(rogue.passwordsOffered()).toBe(0);
    // Another host, the same port: the same.
    const elsewhere = await pgListener('cleartext', { host: '127.0.0.2', port: db.port });
    try {
      await expect(link.connect({ ...real(), host: '127.0.0.2' })).rejects.toMatchObject({ error: { code: 'station_password_needed' } });
      expect(elsewhere.startups()).toBe(1);
      expect(elsewhere.passwordsOffered()).toBe(0);
    } finally {
      await elsewhere.close();
    }
    // The listener does count a password when one is typed for it (it keeps none).
    await expect(link.connect({ ...real(), port: rogue.port, password: 'typed-for-the-rogue' })).rejects.toMatchObject({ error: { code: 'station_password_wrong' } });
    expect(rogue.passwordsOffered()).toBe(1);
    // Typed for the new place, it is bound there instead.
    await link.connect({ ...real(), user: 'other_user', password: 'other-user-Pw-1' });
    expect(await passwordFor(keychain, real())).toBeNull();
    expect(await passwordFor(keychain, { ...real(), user: 'other_user' })).toBe('other-user-Pw-1');
    await link.connect({ ...real(), password: db.password! });
  });

  it('is not sent when the settings file is edited to point at another server', async () => {
    await Promise.all(links.map((l) => l.close()));
    const file = join(dir, STATION_SETTINGS_FILE);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...saved, port: rogue.port }));
    const before = rogue.startups();
    const link = newLink();
    await link.start();
    expect(link.status().connection?.hasPassword).toBe(false);
    await link.shipNow();
    expect(rogue.startups()).toBeGreaterThan(before);
    expect(rogue.passwordsOffered()).toBe(1);
    await link.close();
  });

  it('is removed from the keychain on disconnecting', async () => {
    const link = newLink();
    await link.start();
    expect(keychain.entries.has(STATION_PASSWORD_ACCOUNT)).toBe(true);
    await link.disconnect();
    expect(keychain.entries.has(STATION_PASSWORD_ACCOUNT)).toBe(false);
  });

  it('one kept before passwords were bound (a bare string) is not used anywhere', async () => {
    await keychain.set(STATION_PASSWORD_ACCOUNT, db.password!);
    expect(await passwordFor(keychain, real())).toBeNull();
    await expect(newLink().connect(real())).rejects.toMatchObject({ error: { code: 'station_password_needed' } });
  });
});
