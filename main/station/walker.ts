// A station day report's walked ranges shared with a worker thread (main/station/day-walker.ts):
// reading 80,000 entries, hashing them and folding their sales is the report's time, all of it on
// one core; the worker takes some of the ranges on the other. One worker per process, started at
// the first report and kept (unref'd: it never keeps the process alive). Anything the worker
// cannot do (not started, no connection of its own, an error) answers null: the caller walks
// those ranges itself, so the report is the same either way, only slower.
import { Worker } from 'node:worker_threads';
import type pg from 'pg';
import type { ProjectedSale } from '../reports/sale-projection.ts';
import { connectionOf, type StationConnection } from './database.ts';
import type { ChainEnd, Walk } from './walk-check.ts';

export interface WalkRequest {
  id: number;
  connection: StationConnection;
  walks: readonly Walk[];
  date: string;
}

/** A walked range as the worker found it: its anchor, where its chain ended, its counted entries' sales. */
export interface WalkedInWorker {
  counterId: string;
  previous: { seq: number; hash: string } | null;
  end: ChainEnd;
  sales: ProjectedSale[];
}

export type WalkAnswer = { id: number; ok: true; walks: WalkedInWorker[] } | { id: number; ok: false; message: string };

// the source (run by Node with its types stripped) or the bundle's entry of its own (electron.vite.config.ts)
const WORKER_URL = new URL(import.meta.url.endsWith('.ts') ? './day-walker.ts' : './station-day-walker.js', import.meta.url);

let worker: Worker | null = null;
let unavailable = false;
let nextId = 1;
const waiting = new Map<number, (answer: WalkAnswer | null) => void>();

function theWorker(): Worker | null {
  if (worker || unavailable) return worker;
  try {
    worker = new Worker(WORKER_URL);
  } catch {
    unavailable = true;
    return null;
  }
  worker.on('message', (a: WalkAnswer) => {
    waiting.get(a.id)?.(a);
    waiting.delete(a.id);
    if (waiting.size === 0) worker?.unref();
  });
  const gone = () => {
    for (const reply of waiting.values()) reply(null);
    waiting.clear();
    worker = null;
  };
  worker.on('error', gone);
  worker.on('exit', gone);
  // unref'd after its listeners are on (a listener added later refs it again): idle, it never keeps the process alive
  worker.unref();
  return worker;
}

/** The walks read and checked by the worker, in their order; null when it could not (the caller walks them). */
export async function walkInWorker(pool: pg.Pool, walks: readonly Walk[], date: string): Promise<WalkedInWorker[] | null> {
  const connection = connectionOf(pool);
  const w = connection && walks.length > 0 ? theWorker() : null;
  if (!w || !connection) return null;
  const id = nextId++;
  const answer = await new Promise<WalkAnswer | null>((resolve) => {
    waiting.set(id, resolve);
    w.ref();
    w.postMessage({ id, connection, walks, date } satisfies WalkRequest);
  });
  return answer?.ok ? answer.walks : null;
}
