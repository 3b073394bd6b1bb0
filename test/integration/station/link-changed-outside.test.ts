// The station link's file (station-settings.json) edited while the counter is closed, as its PC's
// user can: pointed at a server in the wrong hands, the journal would go there (its travellers'
// names and phones) and the station would stop hearing from this window. The file is sealed:
// changed outside the app, the counter links nowhere (the server is never contacted), says so,
// and refunds of its station's sales wait, until a supervisor connects it again.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCounter, type Counter } from '../../../main/counter.ts';
import type { Dispatch } from '../../../main/dispatch.ts';
import { STATION_SETTINGS_FILE } from '../../../main/station/link.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import { pgListener, type PgListener } from '../../support/pg-listener.ts';
import { startPostgres, type TestPostgres } from '../../support/postgres.ts';
import { caller, sellOneSeat, tempDir } from '../main/helpers.ts';

const tmp = tempDir('shubbak-link-changed-');
const keychain = memoryKeychain();
let counter: Counter | null = null;
const c = caller(((name, arg) => counter!.dispatch(name, arg)) as Dispatch);
const start = async () => void (counter = await startCounter({ dataDir: tmp.dir, version: '0.1.0', keychain, shipEveryMs: 100 }));
const stop = async () => {
  await counter?.close();
  counter = null;
};
let db: TestPostgres;
let rogue: PgListener;
const connection = () => ({ stationId: 'stn_cairo', stationName: 'Cairo Gateway', host: db.host, port: db.port, database: db.database, user: db.user, password: 'pg-secret', tls: false });
let saleId = '';

beforeAll(async () => {
  db = await startPostgres({ station: true });
  rogue = await pgListener('cleartext');
  await start();
  saleId = (await sellOneSeat(c, 'Hoda Salem', 0)).saleId;
  // connecting ships what is there before it answers
  expect(await c.ok('connectStation', connection())).toMatchObject({ configured: true, shipping: 'synced', backlog: 0 });
  await stop();
  const file = join(tmp.dir, STATION_SETTINGS_FILE);
  const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  expect(stored.seal).toEqual(expect.any(String));
  writeFileSync(file, JSON.stringify({ ...stored, port: rogue.port }));
  await start();
});
afterAll(async () => {
  await stop();
  await rogue?.close();
  db?.destroy();
  tmp.cleanup();
});

describe('a station link changed outside the app', () => {
  it('links nowhere and says so: the server it names is never contacted', async () => {
    await sellOneSeat(c, 'Omar Said', 0);
    expect(await c.ok('stationStatus')).toMatchObject({ configured: false, changedOutside: true, shipping: 'off' });
    expect(rogue.startups()).toBe(0);
  });

  it('keeps refunds of the station’s sales waiting for the station', async () => {
    expect((await c.err('refundQuote', { saleId })).code).toBe('refund_needs_station');
  });

  it('is linked again by a supervisor connecting, and ships what it sold meanwhile', async () => {
    expect(await c.ok('connectStation', connection())).toMatchObject({ configured: true, shipping: 'synced', backlog: 0 });
    expect((await c.ok('stationStatus')).changedOutside).toBeUndefined();
    expect(rogue.startups()).toBe(0);
  });
});
