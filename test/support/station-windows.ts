import { afterAll, beforeAll } from 'vitest';
import { memoryKeychain } from '../../main/vault/keychain.ts';
import type { RunningSandbox } from '../../sandbox/server.ts';
import { caller, keychainWith, sandbox } from '../integration/main/helpers.ts';
import { startPostgres, type TestPostgres } from './postgres.ts';
import { countersPerFile, type Counter } from './sale.ts';

export interface StationWindows {
  api: RunningSandbox;
  db: TestPostgres;
  windows: Counter[];
}

/**
 * `count` windows of one station for the test file: one SANDBOX account on a sandbox of their own,
 * a station PostgreSQL, each window its own app (data folder, web harness) in its own Chromium,
 * shipping every 200 ms. Read the fields inside the tests (they are set before the first).
 */
export function stationWindowsPerFile(count: number): StationWindows {
  const file = {} as StationWindows;
  beforeAll(async () => {
    file.api = await sandbox();
    file.db = await startPostgres({ station: true });
  });
  countersPerFile(
    count,
    () => ({ app: { counter: { keychain: memoryKeychain(keychainWith('cid_sandbox_demo', file.api.baseUrl)), shipEveryMs: 200 } }, environment: 'SANDBOX' }),
    (opened) => {
      file.windows = opened;
    },
  );
  afterAll(async () => {
    file.db?.destroy();
    await file.api?.close();
  });
  return file;
}

/** Links a window to the file's station database. */
export function linkWindow(w: Counter, db: TestPostgres, station: { stationId: string; stationName: string }): Promise<unknown> {
  return caller(w.app.counter.dispatch).ok('connectStation', { ...station, host: db.host, port: db.port, database: db.database, user: db.user, tls: false });
}
