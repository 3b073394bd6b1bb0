// The Partner API secret and the station database password are never found anywhere but the
// keychain: not in a file of the data folder (journals, settings, backups, exports), not in a log
// line or a logged error, not in any answer, whatever happens (a wrong secret, a sale, a report).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCounter, type Counter } from '../../../main/counter.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import type { RunningSandbox } from '../../../sandbox/server.ts';
import { startPostgres, type TestPostgres } from '../../support/postgres.ts';
import { caller, filesUnder, sandbox, sellOneSeat, tempDir, type Caller } from '../main/helpers.ts';

const SECRET = 'sk_sandbox_demo';
const WRONG = 'sk_sandbox_wrong_but_secret_too';
const PG_PASSWORD = 'station-db-password-never-logged';

const tmp = tempDir('shubbak-secrets-');
const keychain = memoryKeychain();
const logged: string[] = [];
let api: RunningSandbox;
let db: TestPostgres;
let counter: Counter;
let c: Caller;
const answers: string[] = [];

beforeAll(async () => {
  api = await sandbox();
  db = await startPostgres({ station: true });
  counter = await startCounter({
    dataDir: tmp.dir,
    version: '0.1.0',
    keychain,
    log: (message, err) => logged.push(`${message} ${err instanceof Error ? `${err.message}\n${err.stack}` : String(err ?? '')}`),
  });
  const raw = caller(counter.dispatch);
  // Every answer of the test is kept to be searched.
  const keep = async <T>(p: Promise<T>) => {
    const v = await p;
    answers.push(JSON.stringify(v));
    return v;
  };
  c = { raw: (n, a) => keep(raw.raw(n, a)), ok: (n, a) => keep(raw.ok(n, a)), err: (n, a) => keep(raw.err(n, a)) } as Caller;
});
afterAll(async () => {
  await counter?.close();
  db?.destroy();
  await api?.close();
  tmp.cleanup();
});

describe('secrets', () => {
  it('stay in the keychain through a wrong secret, a saved credential, a station password, a sale and a report', async () => {
    expect((await c.err('saveCredential', { clientId: 'cid_sandbox_demo', clientSecret: WRONG, baseUrl: api.baseUrl })).code).toBe('credential_rejected');
    await c.ok('saveCredential', { clientId: 'cid_sandbox_demo', clientSecret: SECRET, baseUrl: api.baseUrl });
    expect((await c.ok('appInfo')).environment).toBe('SANDBOX');
    await c.ok('connectStation', { stationId: 'stn_s', stationName: 'S', host: db.host, port: db.port, database: db.database, user: db.user, password: PG_PASSWORD, tls: false });
    expect((await sellOneSeat(c, 'Hoda Salem', 0)).status).toBe('confirmed');
    await c.ok('credentialsStatus');
    await c.ok('stationStatus');
    await c.ok('stationDayReport');
    await c.ok('exportDayReport', { language: 'ar', format: 'csv' });
    await c.ok('backupJournal');
    // a database that refuses the password: the error is logged and answered without it
    db.stop();
    await c.err('connectStation', { stationId: 'stn_s', stationName: 'S', host: db.host, port: db.port, database: db.database, user: db.user, password: PG_PASSWORD, tls: false });
    db.start();

    expect(await keychain.get('primary')).toContain(SECRET);
    const files = await filesUnder(tmp.dir);
    expect(files.length).toBeGreaterThan(3);
    for (const secret of [SECRET, WRONG, PG_PASSWORD]) {
      for (const f of files) expect(readFileSync(f).includes(secret), `${secret} in ${f}`).toBe(false);
      for (const line of logged) expect(line.includes(secret), `${secret} in the log: ${line.slice(0, 200)}`).toBe(false);
      for (const a of answers) expect(a.includes(secret), `${secret} in an answer`).toBe(false);
    }
  });
});
