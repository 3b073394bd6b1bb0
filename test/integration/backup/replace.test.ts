// Replace (retireCounter) on a counter linked with its own login (real PostgreSQL): refused while a
// sale is unfinished, a shift is open, or entries wait to reach the station, each by its code and
// with nothing changed (same counter id, lease not retired, still selling and shipping); refused
// when a journal cannot be sealed (another program holds it open), the station not told; done once
// all is clear: the journals sealed and moved first, then the station records the retirement and
// the link, whose login was the retired counter's, is forgotten.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCounter, type Counter } from '../../../main/counter.ts';
import { enrolCounter } from '../../../main/station/admin.ts';
import { handOverCounter } from '../../../main/station/hand-over.ts';
import { installationCounterId } from '../../../main/settings/installation.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import type { RunningSandbox } from '../../../sandbox/server.ts';
import { postgresForThisFile } from '../../support/postgres.ts';
import { caller, keychainWith, sandbox, sellOneSeat, tempDir, type Caller, type Control } from '../main/helpers.ts';

const STATION = { stationId: 'stn_replace', stationName: 'Replace station' };
let api: RunningSandbox & { control: Control };
const station = postgresForThisFile({ station: true });
const folder = tempDir('shubbak-replace-');
let counter: Counter;
let c: Caller;
let counterId = '';

const retired = async () => (await station.pool.query<{ retired_at: Date | null }>('SELECT retired_at FROM counter_leases WHERE counter_id = $1', [counterId])).rows[0]?.retired_at ?? null;
const atStation = async () => (await station.pool.query<{ n: number }>('SELECT coalesce(max(seq), 0)::int AS n FROM entries WHERE counter_id = $1', [counterId])).rows[0]!.n;

/** A refused Replace changed nothing: the same counter, not retired at the station. */
async function unchanged() {
  expect(installationCounterId(folder.dir)).toBe(counterId);
  expect((await c.ok('stationStatus')).counterId).toBe(counterId);
  expect(await retired()).toBeNull();
}

beforeAll(async () => {
  api = await sandbox();
  // shipping rounds only when asked (a station report ships first): entries can be left waiting
  counter = await startCounter({ dataDir: folder.dir, version: '0.1.0', keychain: memoryKeychain(keychainWith('cid_sandbox_demo', api.baseUrl)), shipEveryMs: 3_600_000, resumeEveryMs: 3_600_000 });
  c = caller(counter.dispatch);
});
afterAll(async () => {
  await counter?.close();
  await api?.close();
  folder.cleanup();
});

describe('Replace waits for what is open and unsent, and tells the station last', () => {
  it('refused while a sale is unfinished, then while the shift is open, then while entries wait to ship', async () => {
    await c.ok('createFirstSupervisor', { name: 'Samir Supervisor', pin: '246810' });
    counterId = installationCounterId(folder.dir);
    const { password } = await enrolCounter(station.pool, { ...STATION, counterId, login: 'window_r', environment: 'SANDBOX', publicKey: (await c.ok('stationStatus')).publicKey! });
    await c.ok('connectStation', { ...STATION, host: station.db.host, port: station.db.port, database: station.db.database, user: 'window_r', password, tls: false });
    await c.ok('openShift', { float: { '20000': 1 } });
    const pending = await sellOneSeat(c, 'Hany TEST PENDING', 0);
    expect(pending).toMatchObject({ status: 'pending', charged: true });

    const sale = await c.err('retireCounter', { reason: 'moving' });
    expect(sale).toMatchObject({ code: 'retire_sale_unfinished', counterId });
    await unchanged();

    await api.control.advance(31); // the operator confirms the booking
    await counter.resume();
    expect(await c.ok('getSale', { saleId: pending.saleId })).toMatchObject({ status: 'confirmed', cashRecorded: true });
    expect((await c.err('retireCounter', { reason: 'moving' })).code).toBe('retire_shift_open');
    await unchanged();

    await c.ok('countDrawer', { count: { '20000': 1 } });
    await c.ok('closeShift', { comment: 'before Replace' });
    const waiting = await c.err('retireCounter', { reason: 'moving' });
    expect(waiting).toMatchObject({ code: 'retire_unshipped', counterId, seq: (await atStation()) + 1 });
    await unchanged();
  });

  it('refused when a journal cannot be sealed: nothing retired, the counter sells and ships on', async () => {
    await counter.printed(); // the prints are journalled too
    await c.ok('stationReport'); // ships what waits, then reads the station
    expect(await atStation()).toBe((await c.ok('verifyJournal')).entries);
    // a reporting tool reading the journal, in the middle of a read transaction
    const reader = new Database(join(folder.dir, 'journal-sandbox.db'), { readonly: true });
    reader.prepare('BEGIN').run();
    reader.prepare('SELECT count(*) FROM entries').get();
    try {
      const failed = await c.err('retireCounter', { reason: 'moving' });
      expect(failed).toMatchObject({ code: 'retire_failed', counterId });
      expect(failed.message).toMatch(/could not be sealed/);
    } finally {
      reader.prepare('COMMIT').run();
      reader.close();
    }
    await unchanged();
    await c.ok('openShift', { float: { '20000': 1 } });
    expect((await sellOneSeat(c, 'Sold after a refused Replace', 0)).status).toBe('confirmed');
    await c.ok('countDrawer', { count: { '20000': 1 } });
    await c.ok('closeShift', { comment: 'again' });
    await counter.printed(); // the prints are journalled too
    await c.ok('stationReport'); // ships what waits, then reads the station
    expect(await atStation()).toBe((await c.ok('verifyJournal')).entries);
  });

  it('done once all is clear: a new identity here, the old one retired at the station', async () => {
    const done = await c.ok('retireCounter', { reason: 'moving' });
    expect(done).toMatchObject({ oldCounterId: counterId, stationRetired: true });
    expect(installationCounterId(folder.dir)).toBe(done.newCounterId);
    expect(await retired()).not.toBeNull();
    // the login was the retired counter's: the new identity is linked again with a login of its own
    expect(await c.ok('stationStatus')).toMatchObject({ configured: false, counterId: done.newCounterId });
    // no PC may be handed a retired counter to restore
    await expect(handOverCounter(station.pool, counterId)).rejects.toThrow(/was retired/);
  });
});
