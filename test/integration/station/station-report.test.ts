// Three counters (three data folders) of one station sell on one Partner API account, each ships
// its journal to the station's PostgreSQL, and the station day report, read from any of them,
// equals the sum of the counters' own reports, with every wallet line of the account matched
// exactly once to the one counter that sold it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../sandbox/server.ts';
import { startCounter, type Counter } from '../../../main/counter.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import { startPostgres, type TestPostgres } from '../../support/postgres.ts';
import { caller, keychainWith, sandbox, sellOneSeat, tempDir, type Caller } from '../main/helpers.ts';

let api: RunningSandbox;
let db: TestPostgres;
const dirs = [tempDir('shubbak-stn-a-'), tempDir('shubbak-stn-b-'), tempDir('shubbak-stn-c-')];
const counters: Counter[] = [];
const callers: Caller[] = [];

beforeAll(async () => {
  api = await sandbox();
  db = await startPostgres();
  for (const d of dirs) {
    const counter = await startCounter({ dataDir: d.dir, version: '0.1.0', keychain: memoryKeychain(keychainWith('cid_sandbox_demo', api.baseUrl)), shipEveryMs: 200 });
    counters.push(counter);
    const c = caller(counter.dispatch);
    callers.push(c);
    await c.ok('connectStation', { stationId: 'stn_cairo', stationName: 'Cairo Gateway', host: db.host, port: db.port, database: db.database, user: db.user, tls: false });
  }
});
afterAll(async () => {
  for (const c of counters) await c.close();
  db?.destroy();
  await api?.close();
  for (const d of dirs) d.cleanup();
});

describe('a station of three counters on one account', () => {
  it('adds up, and matches every wallet line of the account once, to the counter that sold it', async () => {
    expect((await callers[0]!.ok('appInfo')).environment).toBe('SANDBOX');
    // Two confirmed at A, one failed and one confirmed at B, one confirmed at C; the counters ship
    // in the background, concurrently.
    for (const [i, name] of [
      [0, 'Hoda Salem'],
      [1, 'Adel TEST FAIL'],
      [2, 'Karim Nabil'],
      [0, 'Omar Fathy'],
      [1, 'Laila Mahmoud'],
    ] as const) {
      const sale = await sellOneSeat(callers[i]!, name, 500);
      expect(sale.status, name).toBe(name.includes('TEST FAIL') ? 'failed' : 'confirmed');
    }
    for (const c of callers) {
      await expect.poll(async () => c.ok('stationStatus').then((s) => `${s.shipping}:${s.backlog}`), { timeout: 10_000 }).toBe('synced:0');
    }
    const report = await callers[2]!.ok('stationReport');
    const own = await Promise.all(callers.map((c) => c.ok('dayReport')));
    expect(report.totals.sales).toBe(own.reduce((n, r) => n + r.counts.confirmed, 0));
    expect(report.totals.sales).toBe(4);
    expect(report.totals.failed).toBe(1);
    expect(report.totals.retailMinor).toBe(own.reduce((n, r) => n + r.retailMinor, 0));
    expect(report.totals.netMinor).toBe(own.reduce((n, r) => n + r.netMinor, 0));
    expect(report.totals.cashMinor).toBe(own.reduce((n, r) => n + r.cashReceivedMinor, 0));
    expect(report.counters).toHaveLength(3);
    const pairs = (xs: { sales: number; retailMinor: number }[]) => xs.map((x) => `${x.sales}:${x.retailMinor}`).sort();
    expect(pairs(report.counters)).toEqual(pairs(own.map((r) => ({ sales: r.counts.confirmed, retailMinor: r.retailMinor }))));
    const r = report.reconciliation;
    expect(r.statementRead).toBe(true);
    expect(r.matchedDebits).toHaveLength(4);
    expect(r.matchedReversals).toHaveLength(1);
    expect(new Set(r.matchedDebits.map((m) => m.counterId)).size).toBe(3);
    expect(new Set(r.matchedDebits.map((m) => m.transactionId)).size).toBe(4);
    // The account's only other lines are the seeded opening top-up (apart), nothing unmatched.
    expect(r.unmatched).toEqual([]);
  });
});
