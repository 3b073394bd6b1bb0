// A real PostgreSQL 15 for a test file: initdb into a temporary folder, a server on a free
// loopback port (and a socket in that folder), stopped and removed after. initdb refuses to run
// as root: as root, the folder belongs to `nobody` and the server runs as `nobody`.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { migrateStation, stationPool } from '../../main/station/database.ts';

const BIN = '/usr/lib/postgresql/15/bin';

export interface TestPostgres {
  /** The folder of the server's socket (a superuser's way in whatever the TCP authentication). */
  socketDir: string;
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
  /** With `tls`: the PEM of the certificate authority that signed the server's certificate. */
  ca: string | null;
  /** With `auth: 'scram'`: the superuser's password over TCP. */
  password: string | undefined;
}

export interface PostgresOptions {
  tls?: boolean;
  /** TCP connections checked by password (SCRAM, as Debian's pg_hba.conf does) rather than trusted. */
  auth?: 'trust' | 'scram';
  /** TCP connections taken only over TLS (pg_hba.conf `hostssl` lines only); needs `tls`. */
  tlsOnly?: boolean;
  /** The station schema made (as the superuser, standing for the owner), as an administrator's init does. */
  station?: boolean;
  /**
   * A folder kept across runs (benches with a large data set): the cluster is made there the
   * first time, started again from it the next times, and stopped, not removed, by destroy().
   */
  keep?: string;
}

const SUPERUSER_PASSWORD = 'postgres-test-superuser';

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

/**
 * A certificate authority of the test's own and a server certificate it signed for 127.0.0.1,
 * made in `dir` by `run` (the server's user owns the key, as PostgreSQL requires).
 */
function makeCertificates(dir: string, run: (cmd: string, args: string[]) => Buffer): { options: string; ca: string } {
  const openssl = '/usr/bin/openssl';
  writeFileSync(join(dir, 'san.cnf'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  run(openssl, ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Shubbak test CA']);
  run(openssl, ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1']);
  run(openssl, ['x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.crt', '-days', '2', '-extfile', 'san.cnf']);
  run('/bin/chmod', ['600', 'server.key']);
  return {
    options: ` -c ssl=on -c ssl_cert_file=${join(dir, 'server.crt')} -c ssl_key_file=${join(dir, 'server.key')}`,
    ca: readFileSync(join(dir, 'ca.pem'), 'utf8'),
  };
}

async function makeStationSchema(socketDir: string, port: number): Promise<void> {
  const pool = stationPool({ host: socketDir, port, database: 'postgres', user: 'postgres' });
  try {
    await migrateStation(pool);
  } finally {
    await pool.end();
  }
}

export async function startPostgres(opts: PostgresOptions = {}): Promise<TestPostgres> {
  const dir = opts.keep ?? mkdtempSync(join(tmpdir(), 'shubbak-pg-'));
  mkdirSync(dir, { recursive: true });
  const data = join(dir, 'data');
  const made = existsSync(join(data, 'PG_VERSION'));
  const asRoot = process.getuid?.() === 0;
  const nobody = asRoot ? Number(execFileSync('id', ['-u', 'nobody']).toString().trim()) : 0;
  if (asRoot) chownSync(dir, nobody, Number(execFileSync('id', ['-g', 'nobody']).toString().trim()));
  const run = (cmd: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : cmd, asRoot ? ['-u', 'nobody', '--', cmd, ...args] : args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir });
  const scram = opts.auth === 'scram';
  if (scram) writeFileSync(join(dir, 'pwfile'), SUPERUSER_PASSWORD);
  if (scram && asRoot) chownSync(join(dir, 'pwfile'), nobody, 0);
  const auth = scram ? ['--auth-local=trust', '--auth-host=scram-sha-256', `--pwfile=${join(dir, 'pwfile')}`] : ['--auth=trust'];
  if (!made) run(join(BIN, 'initdb'), ['-D', data, '-U', 'postgres', ...auth, '-E', 'UTF8', '--no-sync']);
  if (opts.tlsOnly) {
    const method = scram ? 'scram-sha-256' : 'trust';
    writeFileSync(join(data, 'pg_hba.conf'), `local all all trust\nhostssl all all 127.0.0.1/32 ${method}\n`);
  }
  const port = await freePort();
  const tls = opts.tls ? makeCertificates(dir, run) : null;
  const start = () =>
    run(join(BIN, 'pg_ctl'), ['-D', data, '-l', join(dir, 'server.log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off${tls?.options ?? ''}`, '-w', 'start']);
  const stop = () => {
    try {
      run(join(BIN, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
    } catch {
      // already stopped
    }
  };
  start();
  if (opts.station) await makeStationSchema(dir, port);
  return {
    socketDir: dir,
    password: scram ? SUPERUSER_PASSWORD : undefined,
    host: '127.0.0.1',
    port,
    user: 'postgres',
    database: 'postgres',
    ca: tls?.ca ?? null,
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
      if (!opts.keep) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A server and its superuser's pool for the test file that calls it: started before its tests, removed after. */
export function postgresForThisFile(opts: PostgresOptions = {}): { readonly db: TestPostgres; readonly pool: pg.Pool } {
  let db: TestPostgres | undefined;
  let pool: pg.Pool | undefined;
  beforeAll(async () => {
    db = await startPostgres(opts);
    pool = stationPool({ host: db.host, port: db.port, database: db.database, user: db.user });
  });
  afterAll(async () => {
    await pool?.end();
    db?.destroy();
  });
  return {
    get db() {
      return db!;
    },
    get pool() {
      return pool!;
    },
  };
}
