// The counter linked to its station's PostgreSQL through the contract: a supervisor connects it
// (the schema is made, the password goes to the keychain, never to the settings file), the
// journal ships in the background, the top bar's status says synced / offline with the backlog,
// the counter sells while the database is down, and disconnecting leaves the journal alone.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import { STATION_PASSWORD_ACCOUNT, STATION_SETTINGS_FILE } from '../../../main/station/link.ts';
import { startPostgres, type TestPostgres } from '../../support/postgres.ts';
import { counterPerFile, sellOneSeat } from '../main/helpers.ts';

const keychain = memoryKeychain();
const t = counterPerFile('shubbak-station-', { keychain, shipEveryMs: 100 });
let db: TestPostgres;

beforeAll(async () => {
  db = await startPostgres({ station: true });
});
afterAll(() => db?.destroy());

const status = () => t.c.ok('stationStatus');
/** The status once shipping says `want` (and, for synced, nothing is left to ship): polled, it is the counter's own state. */
const settle = async (want: string) => {
  await expect.poll(async () => {
    const s = await status();
    return s.shipping === want && (want !== 'synced' || s.backlog === 0) ? want : `${s.shipping}:${s.backlog}`;
  }, { timeout: 10_000, interval: 100 }).toBe(want);
  return status();
};

describe('a counter linked to its station database', () => {
  it('is off until a supervisor connects it', async () => {
    expect(await status()).toMatchObject({ configured: false, shipping: 'off', backlog: 0 });
  });

  it('refuses a database it cannot reach, with a clear error, and keeps nothing', async () => {
    const err = await t.c.err('connectStation', { stationId: 'stn_cairo', stationName: 'Cairo Gateway', host: '127.0.0.1', port: 1, database: 'postgres', user: 'postgres', tls: false });
    expect(err).toMatchObject({ code: 'station_host_unreachable', retryable: true });
    expect((await status()).configured).toBe(false);
  });

  it('connects: the schema checked, the password kept in the keychain only (bound to its server), the journal shipped', async () => {
    await sellOneSeat(t.c, 'Hoda Salem', 0);
    await t.counter.printed(); // its ticket.printed entry is in the journal before the link ships it
    const s = await t.c.ok('connectStation', {
      stationId: 'stn_cairo',
      stationName: 'Cairo Gateway',
      host: db.host,
      port: db.port,
      database: db.database,
      user: db.user,
      password: 'pg-secret-do-not-leak',
      tls: false,
    });
    expect(s).toMatchObject({ configured: true, station: { id: 'stn_cairo', name: 'Cairo Gateway' }, environment: 'TRAINING', shipping: 'synced', backlog: 0 });
    expect(s.connection).toEqual({ host: db.host, port: db.port, database: 'postgres', user: 'postgres', tls: false, tlsVerify: true, hasPassword: true, hasCa: false });
    expect(readFileSync(join(t.dir, STATION_SETTINGS_FILE), 'utf8')).not.toContain('pg-secret-do-not-leak');
    expect(JSON.parse((await keychain.get(STATION_PASSWORD_ACCOUNT))!)).toEqual({ v: 1, host: db.host, port: db.port, database: 'postgres', user: 'postgres', password: 'pg-secret-do-not-leak' });
    expect(JSON.stringify(s)).not.toContain('pg-secret');
  });

  it('sells while the database is down, shows the backlog, and catches up when it is back', async () => {
    db.stop();
    const sale = await sellOneSeat(t.c, 'Karim Nabil', 0);
    expect(sale.status).toBe('confirmed');
    const offline = await settle('offline');
    expect(offline.shipping).toBe('offline');
    expect(offline.backlog).toBeGreaterThan(0);
    db.start();
    expect(await settle('synced')).toMatchObject({ shipping: 'synced', backlog: 0 });
  });

  it('disconnects: the settings and the password are gone, the journal stays', async () => {
    const s = await t.c.ok('disconnectStation');
    expect(s).toMatchObject({ configured: false, shipping: 'off' });
    expect(await keychain.get(STATION_PASSWORD_ACCOUNT)).toBeNull();
    expect((await t.c.ok('verifyJournal')).ok).toBe(true);
  });
});
