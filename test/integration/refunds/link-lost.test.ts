// A counter whose journal went to the station database, and whose link is gone (a supervisor
// disconnected it, its settings file was removed, or the keychain no longer gives the counter's
// key): another window may have paid its sales back from the station's copy, so it does not pay
// them again on what it alone knows. It says why (`refund_needs_station`), and pays the same sale
// once linked again only where the station says no window did. A counter never linked refunds its
// own sales as before (station-refunds.test.ts).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCounter, type Counter } from '../../../main/counter.ts';
import { STATION_SETTINGS_FILE } from '../../../main/station/link.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import type { RunningSandbox } from '../../../sandbox/server.ts';
import { startPostgres, type TestPostgres } from '../../support/postgres.ts';
import { caller, keychainWith, sandbox, tempDir, type Caller } from '../main/helpers.ts';
import { cancelTrip, closeStationFile, sellSeats, shippedAll } from './helpers.ts';

let api: RunningSandbox;
let db: TestPostgres;
const dirs = [tempDir('shubbak-ll-a-'), tempDir('shubbak-ll-b-')];
const counters: Counter[] = [];
const keychains: ReturnType<typeof memoryKeychain>[] = [];
const [A, B] = [0, 1];
const c: Caller[] = [];

async function start(i: number): Promise<void> {
  counters[i] = await startCounter({ dataDir: dirs[i]!.dir, version: '0.1.0', keychain: keychains[i]!, shipEveryMs: 200 });
  c[i] = caller(counters[i].dispatch);
}
const connect = (i: number) =>
  c[i]!.ok('connectStation', { stationId: 'stn_giza', stationName: 'Giza Gateway', host: db.host, port: db.port, database: db.database, user: db.user, tls: false });

beforeAll(async () => {
  api = await sandbox();
  db = await startPostgres({ station: true });
  for (const i of dirs.keys()) {
    keychains.push(memoryKeychain(keychainWith('cid_sandbox_demo', api.baseUrl)));
    await start(i);
    await connect(i);
  }
});
afterAll(() => closeStationFile({ counters, db, api, dirs }));

describe('a linked counter whose link is gone', () => {
  it('does not pay back again a sale another window paid back, after a supervisor disconnects it', async () => {
    const sale = await sellSeats(c[A]!, ['Mariam Adel'], 3);
    await cancelTrip(api.origin, sale.ref);
    await shippedAll(c[A]!);
    await c[B]!.ok('refund', { bookingReference: sale.ref, language: 'en' });
    await c[A]!.ok('disconnectStation');
    expect(await c[A]!.err('refund', { saleId: sale.saleId, language: 'en' })).toMatchObject({ code: 'refund_needs_station', bookingReference: sale.ref });
    // a sale made after the disconnect never went to the station: paid back here
    const after = await sellSeats(c[A]!, ['Hassan Adel'], 3);
    await cancelTrip(api.origin, after.ref);
    expect((await c[A]!.ok('refund', { saleId: after.saleId, language: 'en' })).refund.bookingReference).toBe(after.ref);
    // linked again, the station says why (and the note of the disconnect is forgotten: the next test)
    await connect(A);
    expect((await c[A]!.err('refund', { saleId: sale.saleId, language: 'en' })).code).toBe('ticket_already_refunded');
  });

  it('nor after its station settings file was removed and it started again, a sale made since it was linked again included', async () => {
    const sale = await sellSeats(c[A]!, ['Yasser Kamal'], 4);
    await cancelTrip(api.origin, sale.ref);
    await shippedAll(c[A]!);
    await c[B]!.ok('refund', { bookingReference: sale.ref, language: 'en' });
    await counters[A]!.close();
    rmSync(join(dirs[A]!.dir, STATION_SETTINGS_FILE));
    await start(A);
    expect((await c[A]!.ok('stationStatus')).configured).toBe(false);
    expect((await c[A]!.err('refund', { saleId: sale.saleId, language: 'en' })).code).toBe('refund_needs_station');
    expect((await c[A]!.err('refundQuote', { saleId: sale.saleId })).code).toBe('refund_needs_station');
  });
});
