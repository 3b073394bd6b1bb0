// A real PostgreSQL 15 for a test file: initdb into a temporary folder, a server on a free
// loopback port (and a socket in that folder), stopped and removed after. initdb refuses to run
// as root: as root, the folder belongs to `nobody` and the server runs as `nobody`.
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN = '/usr/lib/postgresql/15/bin';

export interface TestPostgres {
  host: string;
  port: number;
  user: string;
  database: string;
  /** Stops the server cleanly (a partition, a planned stop). */
  stop(): void;
  /** Kills the postmaster with SIGKILL, as a crash would. */
  kill(): void;
  start(): void;
  /** Stops it (if running) and removes its folder. */
  destroy(): void;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export async function startPostgres(): Promise<TestPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'shubbak-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const nobody = asRoot ? Number(execFileSync('id', ['-u', 'nobody']).toString().trim()) : 0;
  if (asRoot) chownSync(dir, nobody, Number(execFileSync('id', ['-g', 'nobody']).toString().trim()));
  const run = (cmd: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : cmd, asRoot ? ['-u', 'nobody', '--', cmd, ...args] : args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir });
  run(join(BIN, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const start = () => run(join(BIN, 'pg_ctl'), ['-D', data, '-l', join(dir, 'server.log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, '-w', 'start']);
  const stop = () => {
    try {
      run(join(BIN, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
    } catch {
      // already stopped
    }
  };
  start();
  return {
    host: '127.0.0.1',
    port,
    user: 'postgres',
    database: 'postgres',
    start,
    stop,
    kill() {
      const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGKILL');
      // The children notice their parent is gone; wait for the port to be free again.
      for (let i = 0; i < 100; i++) {
        try {
          process.kill(pid, 0);
          execFileSync('sleep', ['0.05']);
        } catch {
          break;
        }
      }
      execFileSync('sleep', ['0.5']);
      rmSync(join(data, 'postmaster.pid'), { force: true });
    },
    destroy() {
      stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
