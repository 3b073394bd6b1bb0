// The worker thread of main/station/walker.ts: some of a station day report's walked ranges read
// from the station database, checked (main/station/walk-check.ts) and their counted entries
// folded into sales, on the process's other core while the main thread does the rest.
import { parentPort } from 'node:worker_threads';
import type pg from 'pg';
import { projectCounterSales } from '../reports/sale-projection.ts';
import { stationPool } from './database.ts';
import { walkChecks } from './walk-check.ts';
import type { WalkAnswer, WalkRequest } from './walker.ts';

/** One pool per station database asked about, kept while the worker lives (its connections close when idle). */
const pools = new Map<string, pg.Pool>();

function poolFor(connection: WalkRequest['connection']): pg.Pool {
  const key = JSON.stringify(connection);
  let pool = pools.get(key);
  if (!pool) {
    pool = stationPool(connection);
    pools.set(key, pool);
  }
  return pool;
}

async function answer(m: WalkRequest): Promise<WalkAnswer> {
  try {
    const checks = await walkChecks(poolFor(m.connection), m.walks, m.date);
    return { id: m.id, ok: true, walks: checks.map((c) => ({ counterId: c.walk.counterId, previous: c.previous, end: c.end, sales: projectCounterSales(c.walk.counterId, c.counted) })) };
  } catch (err) {
    return { id: m.id, ok: false, message: err instanceof Error ? err.message : String(err) };
  }
}

parentPort!.on('message', (m: WalkRequest) => {
  void answer(m).then((a) => parentPort!.postMessage(a));
});
