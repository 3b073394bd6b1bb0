import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_HOST, DEFAULT_PORT, startSandbox } from './server.ts';

// npm run sandbox -- [--port N] [--host H] [--db PATH | --memory] [--seed N]

const USAGE = 'usage: npm run sandbox -- [--port N] [--host H] [--db PATH | --memory] [--seed N]';

/** Default database: the user's data folder, per platform. */
function defaultDbPath(): string {
  const home = homedir();
  const base =
    process.platform === 'win32'
      ? (process.env.APPDATA ?? join(home, 'AppData', 'Roaming'))
      : process.platform === 'darwin'
        ? join(home, 'Library', 'Application Support')
        : (process.env.XDG_DATA_HOME ?? join(home, '.local', 'share'));
  return join(base, 'shubbak-sandbox', 'sandbox.db');
}

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) {
    console.error(`${name} must be a non-negative integer, got "${value}"\n${USAGE}`);
    process.exit(2);
  }
  return Number(value);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      db: { type: 'string' },
      memory: { type: 'boolean', default: false },
      seed: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = integer('--port', values.port ?? process.env.SANDBOX_PORT, DEFAULT_PORT);
  const host = values.host ?? process.env.SANDBOX_HOST ?? DEFAULT_HOST;
  const seed = values.seed === undefined ? undefined : integer('--seed', values.seed, 0);
  const dbPath = values.memory ? ':memory:' : (values.db ?? defaultDbPath());

  const sandbox = await startSandbox({ port, host, dbPath, ...(seed === undefined ? {} : { seed }) });
  console.log(`sandbox listening on ${sandbox.baseUrl}`);

  const stop = () => {
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('sandbox failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
