// The station database over TLS: a PostgreSQL 15 with ssl=on and a certificate signed by a
// certificate authority of its own (as a station's server would have). The counter refuses it
// while checking the certificate against the system's authorities, connects encrypted when the
// supervisor turns the check off for it, and the command line checks it against the station's
// authority (PGSSLMODE=verify-full, PGSSLROOTCERT).
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationPool } from '../../../main/station/database.ts';
import { ROOT } from '../../support/app.ts';
import { startPostgres, type TestPostgres } from '../../support/postgres.ts';
import { counterPerFile } from '../main/helpers.ts';

const t = counterPerFile('shubbak-station-tls-', { shipEveryMs: 100 });
let db: TestPostgres;

beforeAll(async () => {
  db = await startPostgres({ tls: true, station: true });
});
afterAll(() => db?.destroy());

const connection = (tlsVerify?: boolean) => ({
  stationId: 'stn_qena',
  stationName: 'Qena',
  host: db.host,
  port: db.port,
  database: db.database,
  user: db.user,
  tls: true,
  ...(tlsVerify === undefined ? {} : { tlsVerify }),
});

describe('the station database over TLS', () => {
  it('refuses a server whose certificate the system does not trust, saying why', async () => {
    const err = await t.c.err('connectStation', connection());
    expect(err).toMatchObject({ code: 'station_tls_untrusted', retryable: false });
    expect(err.message).toMatch(/certificate/i);
    expect((await t.c.ok('stationStatus')).configured).toBe(false);
  });

  it('connects with the certificate checked against the station’s own authority, chosen in Settings', async () => {
    const s = await t.c.ok('connectStation', { ...connection(), tlsCa: db.ca! });
    expect(s).toMatchObject({ configured: true, connection: { tls: true, tlsVerify: true, hasCa: true } });
    // Connecting again without choosing the file keeps the authority chosen for this server.
    expect(await t.c.ok('connectStation', connection())).toMatchObject({ configured: true, connection: { hasCa: true } });
    await t.c.ok('disconnectStation');
  });

  it('connects encrypted when the supervisor turns the certificate check off for it', async () => {
    const s = await t.c.ok('connectStation', connection(false));
    expect(s).toMatchObject({ configured: true, shipping: 'synced', connection: { tls: true, tlsVerify: false } });
    const pool = stationPool({ host: db.host, port: db.port, database: db.database, user: db.user, tls: { rejectUnauthorized: true, ca: db.ca! } });
    try {
      const { rows } = await pool.query<{ n: number; all_ssl: boolean }>(
        `SELECT count(*)::int AS n, bool_and(s.ssl) AS all_ssl FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) WHERE a.application_name = 'shubbak-counter'`,
      );
      expect(rows[0]!.n).toBeGreaterThan(0);
      expect(rows[0]!.all_ssl).toBe(true);
    } finally {
      await pool.end();
    }
  });

  it('the command line checks the certificate against the station’s authority', async () => {
    const caFile = join(t.dir, 'station-ca.pem');
    writeFileSync(caFile, db.ca!);
    const env = { ...process.env, PGHOST: db.host, PGPORT: String(db.port), PGDATABASE: db.database, PGUSER: db.user, PGSSLMODE: 'verify-full', PGSSLROOTCERT: caFile };
    const run = promisify(execFile);
    const { stdout } = await run(process.execPath, [join(ROOT, 'main/station/cli.ts'), 'summary'], { env });
    expect(stdout).toMatch(/1 stations/);
    expect(stdout).toContain('Qena');
    // Without the station's authority the same check fails.
    await expect(run(process.execPath, [join(ROOT, 'main/station/cli.ts'), 'summary'], { env: { ...env, PGSSLROOTCERT: '' } })).rejects.toThrow(/certificate/i);
  });
});
