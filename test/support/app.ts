import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCounter, type Counter } from '../../main/counter.ts';
import { startHarness, type Harness } from '../../main/web/harness.ts';

export const ROOT = join(import.meta.dirname, '..', '..');
export const RENDERER_DIR = join(ROOT, 'out', 'renderer');

export interface RunningApp {
  counter: Counter;
  harness: Harness;
  dataDir: string;
  stop(): Promise<void>;
}

/** The whole app as `npm start` runs it here: counter services behind the web harness. */
export async function startApp(opts: { dataDir?: string } = {}): Promise<RunningApp> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'shubbak-app-'));
  const counter = await startCounter({ dataDir, version: '0.0.0-test' });
  const harness = await startHarness({ dispatch: counter.dispatch, rendererDir: RENDERER_DIR });
  return {
    counter,
    harness,
    dataDir,
    async stop() {
      await harness.close();
      await counter.close();
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const SCREENSHOTS = join(ROOT, 'test-results', 'screens');
