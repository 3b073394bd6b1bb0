// The station set-up steps as the README gives them, run word for word (read from the one file
// that holds them) against fresh PostgreSQL 15 clusters: a Debian-like server reached by its
// superuser (`sudo -u postgres` stands for the socket, as peer authentication gives it there;
// TCP asks for SCRAM passwords, as Debian's pg_hba.conf does), and a managed server over
// verified TLS whose administrator has CREATEROLE and CREATEDB but is no superuser. Then a counter
// ships as its enrolled login, the database is dumped and restored, the restored copy gives the
// same station report and the same refusals, a login handed over to a new PC has a new password
// and the old one is out, and a revoked login is out.
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { stationPool } from '../../../main/station/database.ts';
import { JournalShipper } from '../../../main/station/shipper.ts';
import { startPostgres, type TestPostgres } from '../../support/postgres.ts';
import { addSale, memoryJournal } from '../../support/station-chain.ts';

const ROOT = join(import.meta.dirname, '../../..');
/** Where the steps are written: the README, word for word. */
const STEPS_FILE = join(ROOT, 'README.md');
const PG_BIN = '/usr/lib/postgresql/15/bin';

function stepsOf(markdown: string): Map<string, string> {
  const steps = new Map<string, string>();
  for (const m of markdown.matchAll(/```sh\n# step: (\S+)\n([\s\S]*?)```/g)) steps.set(m[1]!, m[2]!);
  return steps;
}
const steps = stepsOf(readFileSync(STEPS_FILE, 'utf8'));

const run = promisify(execFile);
const cleanups: (() => void | Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  // The backup step writes its file where it is run.
  rmSync(join(ROOT, 'shubbak.dump'), { force: true });
});

interface Shell {
  /** Runs one step of the file as it is written; answers its standard output. */
  step(name: string): Promise<string>;
  /** Runs a command of the test's own in the same shell. */
  run(script: string): Promise<string>;
}

/** A shell like the administrator's: the steps' exports carry over from one step to the next. */
function shell(db: TestPostgres, env: Record<string, string>, sudo: 'socket' | 'none'): Shell {
  const dir = mkdtempSync(join(tmpdir(), 'shubbak-steps-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const shim = join(dir, 'bin');
  const exports = join(dir, 'exports.sh');
  writeFileSync(exports, '');
  mkdirSync(shim);
  const sudoScript =
    sudo === 'socket'
      ? `#!/bin/sh
# sudo -u postgres on a Debian server: the superuser through the server's socket (peer authentication).
[ "$1" = "-u" ] && [ "$2" = "postgres" ] || { echo "only sudo -u postgres is expected" >&2; exit 2; }
shift 2
unset PGPASSWORD PGDATABASE PGUSER PGSSLMODE
PGHOST='${db.socketDir}' PGPORT=${db.port} PGUSER=postgres exec "$@"
`
      : `#!/bin/sh
echo "a managed PostgreSQL has no superuser: sudo is not part of this path" >&2
exit 2
`;
  writeFileSync(join(shim, 'sudo'), sudoScript);
  chmodSync(join(shim, 'sudo'), 0o755);
  const sh = async (what: string, text: string) => {
    // The text as written, then what it exported is kept for the next one.
    const script = `set -euo pipefail\n. '${exports}'\n${text}\nexport -p | grep -E ' PG[A-Z]+=' > '${exports}.new' || true\nmv '${exports}.new' '${exports}'\n`;
    const { stdout } = await run('bash', ['-c', script], {
      // In the Shubbak folder, as the README says (npm run station works there).
      cwd: ROOT,
      env: { PATH: `${shim}:${PG_BIN}:${process.env.PATH}`, HOME: process.env.HOME ?? dir, ...env },
    }).catch((err: { stderr?: string; message: string }) => {
      throw new Error(`${what} failed: ${err.stderr ?? ''}${err.message}`);
    });
    return stdout;
  };
  return {
    step(name) {
      const text = steps.get(name);
      if (!text) throw new Error(`no step ${name} in ${STEPS_FILE}`);
      return sh(`step ${name}`, text);
    },
    run: (script) => sh(script, script),
  };
}

const report = (s: Shell, database: string) => s.run(`PGDATABASE=${database} npm run --silent station -- report --station cairo-gateway --date 2026-07-01`);

const refusedUpdate = (pool: pg.Pool) => pool.query("UPDATE entries SET payload = '{}'");

async function counterShips(db: TestPostgres, database: string, login: string, password: string, journal: ReturnType<typeof memoryJournal>, tls: TestPostgres['ca']) {
  const pool = stationPool({ host: db.host, port: db.port, database, user: login, password, tls: tls ? { rejectUnauthorized: true, ca: tls } : false });
  cleanups.push(() => pool.end().catch(() => undefined));
  const state = await new JournalShipper({ journal: () => journal, pool, station: { id: 'cairo-gateway', name: 'Cairo Gateway' }, environment: 'LIVE', signer: journal.signer, log: () => {} }).shipNow();
  return { pool, state };
}

for (const path of ['debian', 'managed'] as const) {
  describe(`the README's station set-up, word for word (${path === 'debian' ? 'Debian, superuser' : 'managed PostgreSQL, no superuser'})`, () => {
    it('makes the owner and the schema, enrols a counter that ships, backs up and restores to the same report, hands a login over, revokes a stolen PC', async () => {
      const db = await startPostgres({ auth: 'scram', tls: path === 'managed' });
      cleanups.push(() => db.destroy());
      const counterId = 'ctr_9b1d3f7e-readme';
      // The counter, as its Settings → Station shows it: its id and its public key.
      const journal = memoryJournal(counterId);
      const env: Record<string, string> = { OWNER_PASSWORD: `owner-${path}-Pw-7`, COUNTER_ID: counterId, COUNTER_KEY: journal.signer.publicKey, PGPORT: String(db.port) };
      if (path === 'managed') {
        // What the provider gives: an administrator that is not a superuser, and its CA's file.
        const su = stationPool({ host: db.host, port: db.port, database: 'postgres', user: 'postgres', password: db.password });
        await su.query("CREATE ROLE cloudadmin LOGIN CREATEROLE CREATEDB PASSWORD 'cloud-admin-Pw-3'");
        await su.end();
        const ca = join(mkdtempSync(join(tmpdir(), 'shubbak-ca-')), 'provider-ca.pem');
        writeFileSync(ca, db.ca!);
        Object.assign(env, { PGHOST: db.host, PGSSLROOTCERT: ca, ADMIN_USER: 'cloudadmin', ADMIN_PASSWORD: 'cloud-admin-Pw-3' });
      }
      const s = shell(db, env, path === 'debian' ? 'socket' : 'none');

      await s.step(`owner-${path}`);
      // The exports of the connect step are the administrator's shell from here on.
      await s.step(`connect-${path}`);
      const init = await s.step('init');
      expect(init).toMatch(/applied migrations 1, 2, 3, 4, 5/);
      const owners = await run(join(PG_BIN, 'psql'), ['-h', db.host, '-p', String(db.port), '-U', 'postgres', '-d', 'shubbak', '-Atc', "SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = 'public'"], {
        env: { ...process.env, PGPASSWORD: db.password!, PGSSLMODE: 'prefer' },
      });
      expect(owners.stdout.trim()).toBe('shubbak_owner');

      const enrolled = await s.step('enrol');
      const password = /password: (\S+)/.exec(enrolled)?.[1];
      expect(password).toMatch(/^[A-Za-z0-9]{24}$/);
      expect(enrolled).toContain(`key fingerprint: ${journal.signer.fingerprint}`);

      // The counter, with its login (checked by SCRAM): ships its sales, changes nothing.
      addSale(journal, 's-1', '2026-07-01', 48_400);
      addSale(journal, 's-2', '2026-07-01', 22_000);
      const { pool: counter, state } = await counterShips(db, 'shubbak', 'window_1', password!, journal, db.ca);
      expect(state).toMatchObject({ status: 'synced', shippedSeq: 6 });
      await expect(refusedUpdate(counter)).rejects.toThrow(/permission denied/);

      const before = await report(s, 'shubbak');
      expect(before).toMatch(/2 sales/);

      await s.step('backup');
      // The dump holds the supervisors' PIN proof keys: the administrator's alone.
      expect(statSync(join(ROOT, 'shubbak.dump')).mode & 0o777).toBe(0o600);
      await s.step(`restore-${path}`);
      const after = await report(s, 'shubbak_restored');
      expect(after).toBe(before);

      // The restored copy keeps the rights and the checks: the same login appends there, and only appends.
      journal.add('print.recorded', { saleId: 's-2', kind: 'receipt' });
      const restored = await counterShips(db, 'shubbak_restored', 'window_1', password!, journal, db.ca);
      expect(restored.state).toMatchObject({ status: 'synced', shippedSeq: 7 });
      await expect(refusedUpdate(restored.pool)).rejects.toThrow(/permission denied/);
      await expect(restored.pool.query('CREATE TEMP TABLE t (x int)')).rejects.toThrow(/permission denied/);

      // A dead PC's login handed over to the PC that restores it: a new password; the old one is out.
      const handed = await s.step('hand-over');
      expect(handed).toMatch(/login window_1 has a new password/);
      const handedPassword = /password: (\S+)/.exec(handed)?.[1];
      expect(handedPassword).toMatch(/^[A-Za-z0-9]{24}$/);
      const tls = db.ca ? { rejectUnauthorized: true, ca: db.ca } : false;
      const old = stationPool({ host: db.host, port: db.port, database: 'shubbak', user: 'window_1', password: password!, tls });
      cleanups.push(() => old.end().catch(() => undefined));
      await expect(old.query('SELECT 1')).rejects.toThrow(/password authentication failed/);
      const handedOver = stationPool({ host: db.host, port: db.port, database: 'shubbak', user: 'window_1', password: handedPassword!, tls });
      cleanups.push(() => handedOver.end().catch(() => undefined));
      expect((await handedOver.query<{ id: string }>('SELECT id FROM counters WHERE login = session_user')).rows).toEqual([{ id: counterId }]);
      await handedOver.end();

      await s.step('revoke');
      const stolen = stationPool({ host: db.host, port: db.port, database: 'shubbak', user: 'window_1', password: handedPassword!, tls });
      cleanups.push(() => stolen.end().catch(() => undefined));
      await expect(stolen.query('SELECT 1')).rejects.toThrow(/not permitted to log in|password authentication failed/);
    });
  });
}
