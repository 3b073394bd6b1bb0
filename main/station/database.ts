// The station's PostgreSQL: a pooled `pg` client with statement timeouts, and its numbered
// migrations tracked in a table, as the SQLite journal's are (main/journal/migrate.ts).
import pg from 'pg';
import { numberedMigrations, type Migration } from '../journal/migrations/index.ts';
import { SQL_FILES } from './migrations/sql.generated.ts';
import { AppFailure } from '../failure.ts';

export const stationMigrations: readonly Migration[] = numberedMigrations(SQL_FILES);

export interface StationConnection {
  host: string;
  port: number;
  database: string;
  user: string;
  /** From the OS keychain; never written to a file. */
  password?: string | undefined;
  /** TLS to the server: its certificate checked (against `ca` when given, else the system's), or not. */
  tls?: boolean | { rejectUnauthorized: boolean; ca?: string | undefined } | undefined;
  /** How long to wait for the server to answer at all (default 5 s). */
  connectTimeoutMs?: number | undefined;
}

/** Only a server on this machine may be reached without TLS (the password and the books cross the network otherwise). */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '::1' || host === '[::1]' || host.startsWith('/');
}

export const PASSWORD_NEEDED = 'password needed: the server asks for a password and none was given for it';

/** Statements and connections never wait long: the counter keeps selling and tries again later. */
const STATEMENT_TIMEOUT_MS = 10_000;
const CONNECT_TIMEOUT_MS = 5_000;

export function stationPool(c: StationConnection): pg.Pool {
  const pool = new pg.Pool({
    host: c.host,
    port: c.port,
    database: c.database,
    user: c.user,
    // Without a password of our own, a server that asks gets none: never PGPASSWORD or ~/.pgpass
    // of whoever runs this, never an empty one.
    password: c.password ?? (() => Promise.reject(new Error(PASSWORD_NEEDED))),
    ssl: c.tls === true ? { rejectUnauthorized: true } : c.tls || undefined,
    max: 4,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: c.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    application_name: 'shubbak-counter',
  });
  // An idle client losing its server is reported here; the next query reconnects.
  pool.on('error', () => {});
  connections.set(pool, c);
  return pool;
}

const connections = new WeakMap<pg.Pool, StationConnection>();

/** What a pool of stationPool() connects with (a worker thread opens its own pool with it); null for another pool. */
export const connectionOf = (pool: pg.Pool): StationConnection | null => connections.get(pool) ?? null;

/**
 * A query's rows (as arrays) handed to `each` as they arrive, none kept: for reads of tens of
 * thousands of rows of which little is kept (what the collector copies is what survives).
 */
export async function eachRow<R extends unknown[]>(pool: pg.Pool, query: { text: string; values: unknown[] }, each: (row: R) => void): Promise<void> {
  const client = await pool.connect();
  let failed: unknown = null;
  try {
    await new Promise<void>((resolve, reject) => {
      const config: pg.QueryArrayConfig = { ...query, rowMode: 'array' };
      const q = new pg.Query<R>(config);
      q.on('row', (row: R) => {
        if (failed !== null) return;
        try {
          each(row);
        } catch (err) {
          failed = err; // thrown inside the connection's parser otherwise
        }
      });
      q.on('error', reject);
      q.on('end', () => resolve());
      client.query(q);
    });
  } catch (err) {
    client.release(err as Error);
    throw err;
  }
  client.release();
  if (failed !== null) throw failed;
}

const DATABASE_RIGHTS = `DO $$ BEGIN
  EXECUTE format('REVOKE CREATE, TEMPORARY ON DATABASE %I FROM PUBLIC', current_database());
  REVOKE CREATE ON SCHEMA public FROM PUBLIC;
END $$`;

/** Applies the station migrations not yet recorded, each in its own transaction with its record. */
export async function migrateStation(pool: pg.Pool, list: readonly Migration[] = stationMigrations): Promise<number[]> {
  const client = await pool.connect();
  try {
    // One migrating counter at a time.
    await client.query('SELECT pg_advisory_lock(7406201)');
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const applied = new Set((await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version));
    const latest = list.reduce((max, m) => Math.max(max, m.version), 0);
    const newest = Math.max(0, ...applied);
    if (newest > latest) throw new Error(`The station database was made by a newer Shubbak (schema ${newest} > ${latest})`);
    const done: number[] = [];
    for (const m of [...list].sort((a, b) => a.version - b.version)) {
      if (applied.has(m.version)) continue;
      await client.query('BEGIN');
      try {
        await client.query(m.sql());
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      }
      done.push(m.version);
    }
    // The database's own rights are not in a dump: asserted again on every run (a restored copy too).
    if (list.some((m) => m.version >= 5)) await client.query(DATABASE_RIGHTS);
    return done;
  } finally {
    await client.query('SELECT pg_advisory_unlock(7406201)').catch(() => undefined);
    client.release();
  }
}

/**
 * Makes the station and this counter known (the owner registers them with the counter's public
 * key; a counter login must be enrolled, with this key).
 */
export async function registerCounter(pool: pg.Pool, station: { id: string; name: string }, counterId: string, environment: string, publicKey: string): Promise<void> {
  await pool.query('SELECT register_counter($1, $2, $3, $4, $5)', [station.id, station.name, counterId, environment, publicKey]);
}

/** The schema's version as this build needs it: connecting never migrates, the administrator does. */
export async function checkStationSchema(pool: pg.Pool, list: readonly Migration[] = stationMigrations): Promise<void> {
  const latest = list.reduce((max, m) => Math.max(max, m.version), 0);
  const made = (await pool.query<{ made: boolean }>("SELECT to_regclass('public.schema_migrations') IS NOT NULL AS made")).rows[0]?.made;
  const version = made ? ((await pool.query<{ version: number }>('SELECT coalesce(max(version), 0) AS version FROM schema_migrations')).rows[0]?.version ?? 0) : null;
  if (version === null || version < latest) {
    throw new AppFailure(
      'station_schema_outdated',
      `The station database's schema is ${version === null ? 'not made yet' : `at version ${version}`}; this counter needs version ${latest}: the administrator runs "npm run station -- ${version === null ? 'init' : 'migrate'}" as the database's owner`,
    );
  }
  if (version > latest) {
    throw new AppFailure('station_schema_newer', `The station database was made by a newer Shubbak (schema ${version} > ${latest}): update this counter`);
  }
}
