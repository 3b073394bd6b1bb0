import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { startCounter, type Counter, type CounterOptions } from '../../../main/counter.ts';
import { stationPool } from '../../../main/station/database.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import type { RunningSandbox } from '../../../sandbox/server.ts';
import { startPostgres, type TestPostgres } from '../../support/postgres.ts';
import { caller, contact, findOffer, keychainWith, sandbox, tempDir, type Caller } from '../main/helpers.ts';

/** A confirmed sale of one seat per name on a departure `days` ahead, paid exactly. */
export async function sellSeats(c: Caller, names: string[], days: number) {
  const { priced, detail } = await findOffer(c, names.length, days);
  // One booking takes one fare class: the seats are picked within the class of the first free one.
  const free = detail.offer.seats.filter((s) => s.available);
  const seats = free.filter((s) => s.class === free[0]!.class).slice(0, names.length);
  expect(seats).toHaveLength(names.length);
  const total = seats.reduce((n, s) => n + detail.retailBySeat[s.number]!, 0);
  const sale = await c.ok('sell', {
    saleId: randomUUID(),
    offerId: priced.offer.id,
    passengers: names.map((full_name, i) => ({ full_name, seat: seats[i]!.number })),
    contact,
    language: 'en',
    cashTenderedMinor: total,
  });
  expect(sale.status).toBe('confirmed');
  return { ...sale, ref: sale.booking!.id, total, net: sale.booking!.total_charged.amount_minor };
}

/** The operator cancels the departure of a booking (the sandbox's control API). */
export async function cancelTrip(origin: string, bookingReference: string): Promise<void> {
  expect((await fetch(`${origin}/_sandbox/bookings/${bookingReference}/cancel-trip`, { method: 'POST' })).ok).toBe(true);
}

/** Waits until the counter's journal is all in the station database. */
export async function shippedAll(c: Caller): Promise<void> {
  await expect.poll(async () => c.ok('stationStatus').then((s) => `${s.shipping}:${s.backlog}`), { timeout: 10_000 }).toBe('synced:0');
}

/** After a file: its counters closed and its pools ended, then its PostgreSQL, its sandbox and its folders gone. */
export async function closeStationFile(f: { counters: Counter[]; pools?: (pg.Pool | undefined)[]; db: TestPostgres | undefined; api: RunningSandbox | undefined; dirs: { cleanup(): void }[] }): Promise<void> {
  for (const k of f.counters) await k.close();
  for (const p of f.pools ?? []) await p?.end();
  f.db?.destroy();
  await f.api?.close();
  for (const d of f.dirs) d.cleanup();
}

export interface LinkedCounters {
  api: RunningSandbox;
  db: TestPostgres;
  /** The station database as its owner (a superuser here): what a counter's login used elsewhere can do, and more. */
  owner: pg.Pool;
  counters: Counter[];
  c: Caller[];
  /** Closes counter `i` and starts it again on its data folder and keychain (still linked). */
  restart(i: number): Promise<void>;
}

/**
 * `count` counters on one SANDBOX account (a sandbox of the file's own), each linked to the file's
 * station PostgreSQL, for the test file. Read the fields inside the tests.
 */
export function linkedCountersPerFile(count: number, stationId: string, options: Partial<CounterOptions> = {}): LinkedCounters {
  const dirs = Array.from({ length: count }, (_, i) => tempDir(`shubbak-${stationId}-${i}-`));
  const keychains: ReturnType<typeof memoryKeychain>[] = [];
  const start = async (i: number) => {
    f.counters[i] = await startCounter({ dataDir: dirs[i]!.dir, version: '0.1.0', keychain: keychains[i]!, shipEveryMs: 200, ...options });
    f.c[i] = caller(f.counters[i].dispatch);
  };
  const f: LinkedCounters = {
    counters: [],
    c: [],
    restart: async (i: number) => {
      await f.counters[i]!.close();
      await start(i);
    },
  } as unknown as LinkedCounters;
  beforeAll(async () => {
    f.api = await sandbox();
    f.db = await startPostgres({ station: true });
    f.owner = stationPool({ host: f.db.host, port: f.db.port, database: f.db.database, user: f.db.user });
    for (const i of dirs.keys()) {
      keychains.push(memoryKeychain(keychainWith('cid_sandbox_demo', f.api.baseUrl)));
      await start(i);
      await f.c[i]!.ok('connectStation', { stationId, stationName: stationId, host: f.db.host, port: f.db.port, database: f.db.database, user: f.db.user, tls: false });
    }
  });
  afterAll(() => closeStationFile({ counters: f.counters, pools: [f.owner], db: f.db, api: f.api, dirs }));
  return f;
}
