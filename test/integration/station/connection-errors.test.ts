// Each reason a station database cannot be used has its own code (translated in English and
// Arabic) and keeps PostgreSQL's own words in its message for the supervisor: in Settings →
// Station's connect (the contract call) and in the CLI. Against real PostgreSQL 15 servers (one
// with SCRAM passwords and TLS only, one trusting and without TLS) and loopback listeners.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionFailure } from '../../../main/station/connection-errors.ts';
import { stationPool } from '../../../main/station/database.ts';
import { errors } from '../../../renderer/src/i18n/messages/errors.ts';
import { pgListener, type PgListener } from '../../support/pg-listener.ts';
import { startPostgres, type TestPostgres } from '../../support/postgres.ts';
import { counterPerFile } from '../main/helpers.ts';

const ROOT = join(import.meta.dirname, '../../..');
const t = counterPerFile('shubbak-station-errors-');
let secure: TestPostgres;
let plain: TestPostgres;
let silent: PgListener;

beforeAll(async () => {
  secure = await startPostgres({ auth: 'scram', tls: true, tlsOnly: true, station: true });
  plain = await startPostgres({ station: true });
  silent = await pgListener('silent');
});
afterAll(async () => {
  secure?.destroy();
  plain?.destroy();
  await silent?.close();
});

type Kind = { code: string; connect: { port: number; tls: boolean } & Record<string, unknown>; detail: RegExp; env: Record<string, string> };

const base = { stationId: 'stn_luxor', stationName: 'Luxor', host: '127.0.0.1', database: 'postgres', user: 'postgres' };
const kinds = (): Record<string, Kind> => {
  const ca = join(t.dir, 'station-ca.pem');
  writeFileSync(ca, secure.ca!);
  const overTls = { port: secure.port, tls: true, tlsCa: secure.ca! };
  const cliTls = { PGPORT: String(secure.port), PGSSLMODE: 'verify-full', PGSSLROOTCERT: ca };
  return {
    'bad password': { code: 'station_password_wrong', connect: { ...overTls, password: 'not-the-password' }, detail: /password authentication failed/, env: { ...cliTls, PGPASSWORD: 'not-the-password' } },
    'no password for a server that asks': { code: 'station_password_needed', connect: overTls, detail: /password needed/, env: cliTls },
    'unknown database': { code: 'station_unknown_database', connect: { ...overTls, password: secure.password!, database: 'nowhere' }, detail: /database "nowhere" does not exist/, env: { ...cliTls, PGPASSWORD: secure.password!, PGDATABASE: 'nowhere' } },
    'unknown user': { code: 'station_unknown_user', connect: { port: plain.port, tls: false, user: 'nobody_here' }, detail: /role "nobody_here" does not exist/, env: { PGPORT: String(plain.port), PGUSER: 'nobody_here' } },
    'TLS required by the server': { code: 'station_tls_required', connect: { port: secure.port, tls: false, password: secure.password! }, detail: /no pg_hba.conf entry/, env: { PGPORT: String(secure.port), PGSSLMODE: 'disable', PGPASSWORD: secure.password! } },
    'TLS refused by the server': { code: 'station_tls_refused', connect: { port: plain.port, tls: true }, detail: /does not support SSL/, env: { PGPORT: String(plain.port), PGSSLMODE: 'require' } },
    'certificate not trusted': { code: 'station_tls_untrusted', connect: { port: secure.port, tls: true, password: secure.password! }, detail: /certificate/, env: { ...cliTls, PGSSLROOTCERT: '', PGPASSWORD: secure.password! } },
    'host unreachable': { code: 'station_host_unreachable', connect: { port: 1, tls: false }, detail: /ECONNREFUSED/, env: { PGPORT: '1' } },
    'server not answering': { code: 'station_timeout', connect: { port: silent.port, tls: false }, detail: /timeout/, env: { PGPORT: String(silent.port), PGCONNECT_TIMEOUT: '1' } },
  };
};

describe('station connection errors, each with its reason', () => {
  it('every code has its English and Arabic message', () => {
    for (const { code } of Object.values(kinds())) {
      expect(errors.en[`error.${code}` as keyof typeof errors.en], code).toBeTruthy();
      expect(errors.ar[`error.${code}` as keyof typeof errors.ar], code).toMatch(/[\u0600-\u06FF]/);
    }
  });


  it('Settings → Station: connecting says why, with PostgreSQL’s words kept for the supervisor', async () => {
    const seen = new Set<string>();
    for (const [name, kind] of Object.entries(kinds())) {
      if (kind.code === 'station_timeout') continue; // the counter waits 5 s; the pool's own timeout is checked below
      const err = await t.c.err('connectStation', { ...base, ...kind.connect });
      expect(err.code, name).toBe(kind.code);
      expect(err.message, name).toMatch(kind.detail);
      seen.add(err.code);
      expect((await t.c.ok('stationStatus')).configured).toBe(false);
    }
    expect(seen.size).toBe(8);
  });

  it('a server that accepts and never answers is a timeout', async () => {
    const pool = stationPool({ host: '127.0.0.1', port: silent.port, database: 'postgres', user: 'postgres', connectTimeoutMs: 300 });
    const err = await pool.query('SELECT 1').then(
      () => null,
      (e: unknown) => connectionFailure(e, 'test'),
    );
    await pool.end().catch(() => undefined);
    expect(err?.error.code).toBe('station_timeout');
  });

  it('the CLI names each cause with its code', async () => {
    const run = promisify(execFile);
    for (const [name, kind] of Object.entries(kinds())) {
      const { PGPASSWORD: _p, PGSSLMODE: _m, PGSSLROOTCERT: _r, ...outside } = process.env;
      const env = { ...outside, PGHOST: '127.0.0.1', PGDATABASE: 'postgres', PGUSER: 'postgres', ...kind.env };
      const failed = await run(process.execPath, [join(ROOT, 'main/station/cli.ts'), 'summary'], { env, timeout: 20_000 }).then(
        () => null,
        (e: { stderr: string; killed?: boolean }) => (e.killed ? 'killed' : e.stderr),
      );
      expect(failed, name).toContain(`[${kind.code}:`);
      expect(failed, name).toMatch(kind.detail);
    }
  });
});
