// SQLite's integrity_check of a backup file, in a worker thread: it reads every page of the file
// (seconds on a journal of a few months) and must not hold up the main thread, where sales are
// answered. The worker is a few lines of plain CommonJS run with `eval`, so it needs no file of
// its own beside the bundled main process; it loads the same better-sqlite3 the app resolved.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
let db;
try {
  db = new Database(workerData.path, { readonly: true, fileMustExist: true });
  parentPort.postMessage({ ok: true, rows: db.pragma('integrity_check').map((r) => r.integrity_check) });
} catch (err) {
  parentPort.postMessage({ ok: false, message: err && err.message ? err.message : String(err) });
} finally {
  if (db) db.close();
}
`;

/** integrity_check's answer lines for the database at `path` ("ok" alone when whole); rejects when it cannot be read. */
export function integrityCheck(path: string): Promise<string[]> {
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { path, module } });
    worker.once('message', (m: { ok: true; rows: string[] } | { ok: false; message: string }) => {
      if (m.ok) resolve(m.rows);
      else reject(new Error(m.message));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the integrity check stopped (${code})`));
    });
  });
}
