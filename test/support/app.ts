import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCounter, type Counter, type CounterOptions } from '../../main/counter.ts';
import { KEYCHAIN_SERVICE, keytarKeychain } from '../../main/vault/keychain.ts';
import { startHarness, type Harness } from '../../main/web/harness.ts';
import { assertRebuildsIn } from './read-models.ts';

export const ROOT = join(import.meta.dirname, '..', '..');
export const RENDERER_DIR = join(ROOT, 'out', 'renderer');

export interface RunningApp {
  counter: Counter;
  harness: Harness;
  dataDir: string;
  stop(): Promise<void>;
}

export interface AppOptions {
  dataDir?: string;
  /** What the counter starts with beyond its folder (a keychain holding a credential, a shipping pace…). */
  counter?: Partial<Omit<CounterOptions, 'dataDir' | 'version'>>;
}

/**
 * The whole app as `npm start` runs it here: counter services behind the web harness. Several
 * may run side by side (each its own data folder, harness and port), as the windows of a station.
 */
export async function startApp(opts: AppOptions = {}): Promise<RunningApp> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'shubbak-app-'));
  // The real keychain, under a service name of this data folder's own: apps running side by side
  // (and the keychain test) never see each other's entries, and a restart finds its own again.
  const keychain = keytarKeychain({ service: `${KEYCHAIN_SERVICE} (test ${dataDir})` });
  const counter = await startCounter({ keychain, ...opts.counter, dataDir, version: '0.0.0-test' });
  const harness = await startHarness({ dispatch: counter.dispatch, rendererDir: RENDERER_DIR });
  return {
    counter,
    harness,
    dataDir,
    async stop() {
      await harness.close();
      await counter.close();
      assertRebuildsIn(dataDir);
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const SCREENSHOTS = join(ROOT, 'test-results', 'screens');
