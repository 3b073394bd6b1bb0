import { readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startCounter } from '../main/counter.ts';
import { startHarness } from '../main/web/harness.ts';
import { userDataDir } from '../main/paths.ts';
import { electronBinary } from './packaging/electron-binary.ts';

// `npm start`: the Electron app where its runtime exists; otherwise the same app through the
// loopback web harness (this is the case on machines where Electron's binary cannot be fetched).

const root = join(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
const forceWeb = process.argv.includes('--web');

const electron = forceWeb ? null : electronBinary(root);
if (electron) {
  const child = spawn(electron, [root], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  if (!forceWeb) console.log('Electron runtime not installed on this machine: serving Shubbak through the web harness.');
  const counter = await startCounter({
    dataDir: process.env.SHUBBAK_DATA_DIR ?? userDataDir(),
    version: pkg.version,
    log: (message, err) => (err === undefined ? console.error(message) : console.error(message, err)),
  });
  const harness = await startHarness({ dispatch: counter.dispatch, rendererDir: join(root, 'out', 'renderer') });
  console.log(`Shubbak (${counter.info.environment}) is open at ${harness.url}`);
  const stop = async () => {
    await harness.close();
    await counter.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}
