// The station day report's worker thread (main/station/walker.ts, day-walker.ts): what it answers
// for a day's walked ranges is what this thread finds walking them itself (the same chain ends,
// the same sales), from the sources and from the built bundle's entry (out/main, as the app runs
// it); a walk it cannot verify is answered as not verified, not as clean.
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { enrolCounter } from '../../../main/station/admin.ts';
import { connectionOf, stationPool } from '../../../main/station/database.ts';
import { JournalShipper } from '../../../main/station/shipper.ts';
import { projectCounterSales } from '../../../main/reports/sale-projection.ts';
import { walkChecks, type Walk } from '../../../main/station/walk-check.ts';
import { walkInWorker, type WalkAnswer, type WalkRequest } from '../../../main/station/walker.ts';
import { postgresForThisFile } from '../../support/postgres.ts';
import { addSale, memoryJournal } from '../../support/station-chain.ts';

const ROOT = join(import.meta.dirname, '../../..');
const DAY = '2026-07-01';
const server = postgresForThisFile({ station: true });
const station = { id: 'stn_walk', name: 'Walkers' };
const a = memoryJournal('ctr_walk_a');
const b = memoryJournal('ctr_walk_b');

/** Each counter's whole journal walked from its genesis to its last entry (its last signed head). */
const walksOf = () => [a, b].map((j): Walk => ({ counterId: j.counterId, hi: j.entries.length, anchor: null, from: 1, to: j.entries.length }));

/** What this thread finds for the walks: each chain's end and its counted entries' sales. */
async function walkedHere(pool: ReturnType<typeof stationPool>, walks: Walk[]) {
  return (await walkChecks(pool, walks, DAY)).map((c) => ({ counterId: c.walk.counterId, previous: c.previous, end: c.end, sales: projectCounterSales(c.walk.counterId, c.counted) }));
}

describe('the day report’s worker thread', () => {
  it('answers what this thread finds, from the sources and from the built bundle', async () => {
    for (const j of [a, b]) {
      await enrolCounter(server.pool, { stationId: station.id, stationName: station.name, counterId: j.counterId, login: `${j.counterId}_login`, environment: 'LIVE', publicKey: j.signer.publicKey });
      for (let i = 1; i <= 5; i++) addSale(j, `${j.counterId}-s${i}`, DAY, 10_000 * i);
      j.add('sale.intent', { saleId: `${j.counterId}-ar`, businessDay: DAY, agentId: 'agent-2', agentName: 'منى عبد الله', passengers: 1, netTotalMinor: 900, retailTotalMinor: 1_000 }, null);
      const shipper = new JournalShipper({ journal: () => j, pool: server.pool, station, environment: 'LIVE', signer: j.signer, log: () => {} });
      expect(await shipper.shipNow()).toMatchObject({ status: 'synced' });
    }
    const pool = stationPool({ host: server.db.host, port: server.db.port, database: server.db.database, user: server.db.user });
    try {
      const walks = walksOf();
      const here = await walkedHere(pool, walks);
      expect(here.map((w) => [w.counterId, w.end?.seq, w.sales.length])).toEqual([
        ['ctr_walk_a', 16, 6],
        ['ctr_walk_b', 16, 6],
      ]);
      expect(here[0]!.end?.hash).toBe(a.entries.at(-1)!.hash);
      expect(await walkInWorker(pool, walks, DAY)).toEqual(here);

      // the bundle's own entry, as the app starts it (npm test builds before the tests)
      const bundled = new Worker(join(ROOT, 'out/main/station-day-walker.js'));
      try {
        const answer = await new Promise<WalkAnswer>((resolve, reject) => {
          bundled.once('message', resolve);
          bundled.once('error', reject);
          bundled.postMessage({ id: 7, connection: connectionOf(pool)!, walks, date: DAY } satisfies WalkRequest);
        });
        expect(answer).toEqual({ id: 7, ok: true, walks: here });
      } finally {
        await bundled.terminate();
      }
    } finally {
      await pool.end();
    }
  });

  it('a row altered behind the triggers: the worker’s chain ends nowhere (not verified), as this thread’s', async () => {
    await server.pool.query('ALTER TABLE entries DISABLE TRIGGER entries_no_update');
    await server.pool.query(`UPDATE entries SET payload = replace(payload, '"retailTotalMinor":30000', '"retailTotalMinor":3000') WHERE counter_id = 'ctr_walk_b' AND type = 'sale.intent'`);
    await server.pool.query('ALTER TABLE entries ENABLE TRIGGER entries_no_update');
    const pool = stationPool({ host: server.db.host, port: server.db.port, database: server.db.database, user: server.db.user });
    try {
      const worker = await walkInWorker(pool, walksOf(), DAY);
      expect(worker?.map((w) => [w.counterId, w.end === null])).toEqual([
        ['ctr_walk_a', false],
        ['ctr_walk_b', true],
      ]);
      expect(worker).toEqual(await walkedHere(pool, walksOf()));
    } finally {
      await pool.end();
    }
  });

  it('a pool it cannot open connections like (not made by stationPool): no answer, the caller walks', async () => {
    const { default: pg } = await import('pg');
    const plain = new pg.Pool({ host: server.db.host, port: server.db.port, database: server.db.database, user: server.db.user });
    try {
      expect(await walkInWorker(plain, walksOf(), DAY)).toBeNull();
    } finally {
      await plain.end();
    }
  });
});
