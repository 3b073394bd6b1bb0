// The station's PostgreSQL: a pooled `pg` client with statement timeouts, and its numbered
// migrations tracked in a table, as the SQLite journal's are (main/journal/migrate.ts).
import pg from 'pg';
import { numberedMigrations, type Migration } from '../journal/migrations/index.ts';
import { SQL_FILES } from './migrations/sql.generated.ts';

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
}

/** Statements and connections never wait long: the counter keeps selling and tries again later. */
const STATEMENT_TIMEOUT_MS = 10_000;
const CONNECT_TIMEOUT_MS = 5_000;

export function stationPool(c: StationConnection): pg.Pool {
  const pool = new pg.Pool({
    host: c.host,
    port: c.port,
    database: c.database,
    user: c.user,
    password: c.password,
    ssl: c.tls === true ? { rejectUnauthorized: true } : c.tls || undefined,
    max: 4,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    application_name: 'shubbak-counter',
  });
  // An idle client losing its server is reported here; the next query reconnects.
  pool.on('error', () => {});
  return pool;
}

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
    return done;
  } finally {
    await client.query('SELECT pg_advisory_unlock(7406201)').catch(() => undefined);
    client.release();
  }
}

/** Makes the station and this counter known to the database (both kept as they are when known). */
export async function registerCounter(pool: pg.Pool, station: { id: string; name: string }, counterId: string, environment: string): Promise<void> {
  await pool.query('INSERT INTO stations (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [station.id, station.name]);
  await pool.query('INSERT INTO counters (id, station_id, environment) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [counterId, station.id, environment]);
}
