// A station database as its administrator makes one: a PostgreSQL of the test file's own, an owner
// that is not a superuser (CREATEROLE only) and its database `shubbak`; pools by login, all ended
// with the server; and `npm run station -- …` run as the administrator runs it.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type pg from 'pg';
import { stationPool } from '../../main/station/database.ts';
import { startPostgres, type TestPostgres } from './postgres.ts';

const CLI = join(import.meta.dirname, '../../main/station/cli.ts');

/** `npm run station -- <args>` through the standard PostgreSQL variables: its exit code and what it printed (`err`: on standard error). */
export function stationCli(server: { host: string; port: number }, login: { database: string; user: string }, args: string[]): Promise<{ code: number; out: string; err: string }> {
  const env = { ...process.env, PGHOST: server.host, PGPORT: String(server.port), PGDATABASE: login.database, PGUSER: login.user };
  return promisify(execFile)(process.execPath, [CLI, ...args], { env }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );
}

export interface OwnedStation {
  readonly db: TestPostgres;
  /** A pool logged in as `user` (to `shubbak` unless told), ended by stop(). */
  as(user: string, database?: string): pg.Pool;
  /** The server, the owner and its database; answers the owner's pool. */
  start(): Promise<pg.Pool>;
  stop(): Promise<void>;
  /** `npm run station -- <args>` as the owner. */
  cli(args: string[]): Promise<{ code: number; out: string; err: string }>;
}

export function ownedStation(): OwnedStation {
  let db: TestPostgres | undefined;
  const pools: pg.Pool[] = [];
  const server = () => {
    if (!db) throw new Error('the station database is not started');
    return db;
  };
  const as = (user: string, database = 'shubbak') => {
    const p = stationPool({ host: server().host, port: server().port, database, user });
    pools.push(p);
    return p;
  };
  return {
    get db() {
      return server();
    },
    as,
    async start() {
      db = await startPostgres();
      const su = as('postgres', 'postgres');
      await su.query('CREATE ROLE shubbak_owner LOGIN CREATEROLE');
      await su.query('CREATE DATABASE shubbak OWNER shubbak_owner');
      return as('shubbak_owner');
    },
    async stop() {
      await Promise.all(pools.map((p) => p.end().catch(() => undefined)));
      db?.destroy();
    },
    cli: (args) => stationCli(server(), { database: 'shubbak', user: 'shubbak_owner' }, args),
  };
}
