// A dead counter restored on a new PC from the station's copy with real per-counter logins (each
// counter enrolled with `enrolCounter`, as an administrator does): the administrator hands the dead
// counter's login to the new PC (`hand-over`: a new password, the old sessions ended), the new PC
// links with it to restore that counter (nothing shipped meanwhile), claims its lease only as
// claim_counter allows a counter login (refused while the old PC still renews it; at once after
// `release-counter`), takes the verified entries and ships on as that counter. A PC with work of
// its own is refused that login; a PC linked with its own login is told what to ask for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCounter, type Counter } from '../../../main/counter.ts';
import { enrolCounter, rekeyCounter } from '../../../main/station/admin.ts';
import { handOverCounter } from '../../../main/station/hand-over.ts';
import { releaseCounterAsAdministrator } from '../../../main/station/lease.ts';
import { verifyStation } from '../../../main/station/verify.ts';
import { installationCounterId } from '../../../main/settings/installation.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import type { RunningSandbox } from '../../../sandbox/server.ts';
import { postgresForThisFile } from '../../support/postgres.ts';
import { caller, keychainWith, sandbox, sellOneSeat, tempDir, type Caller, type Control } from '../main/helpers.ts';

const PIN = '246810';
const STATION = { stationId: 'stn_login', stationName: 'Login station' };
let api: RunningSandbox & { control: Control };
const station = postgresForThisFile({ station: true });
const folders: { cleanup(): void }[] = [];
const running: Counter[] = [];

async function newPc(): Promise<{ counter: Counter; c: Caller; dir: string }> {
  const folder = tempDir('shubbak-login-pc-');
  folders.push(folder);
  const counter = await startCounter({ dataDir: folder.dir, version: '0.1.0', keychain: memoryKeychain(keychainWith('cid_sandbox_demo', api.baseUrl)), shipEveryMs: 100, resumeEveryMs: 3_600_000 });
  running.push(counter);
  return { counter, c: caller(counter.dispatch), dir: folder.dir };
}

async function close(counter: Counter) {
  await counter.close();
  running.splice(running.indexOf(counter), 1);
}

const connection = (user: string, password: string) => ({ ...STATION, host: station.db.host, port: station.db.port, database: station.db.database, user, password, tls: false });
const link = (c: Caller, user: string, password: string) => c.raw('connectStation', connection(user, password));

async function enrol(c: Caller, dir: string, login: string): Promise<{ counterId: string; password: string }> {
  const counterId = installationCounterId(dir);
  const key = (await c.ok('stationStatus')).publicKey!;
  const { password } = await enrolCounter(station.pool, { ...STATION, counterId, login, environment: 'SANDBOX', publicKey: key });
  return { counterId, password };
}

async function signIn(c: Caller) {
  await expect.poll(async () => (await c.ok('desk')).agents.length, { timeout: 15_000 }).toBeGreaterThan(0);
  const desk = await c.ok('desk');
  return c.ok('signIn', { agentId: desk.agents.find((a) => a.name === 'Samir Supervisor')!.id, pin: PIN });
}

const stationSeq = async (counterId: string) => (await station.pool.query<{ n: number }>('SELECT coalesce(max(seq), 0)::int AS n FROM entries WHERE counter_id = $1', [counterId])).rows[0]!.n;

beforeAll(async () => {
  api = await sandbox();
});
afterAll(async () => {
  for (const c of [...running]) await c.close();
  await api?.close();
  for (const f of folders) f.cleanup();
});

describe('restoring a dead counter from the station with its own login', () => {
  let secret = '';
  let old: Awaited<ReturnType<typeof newPc>>;
  let dead = '';
  let shippedSeq = 0;

  it('the old PC sells as counter X with login window_x and ships', async () => {
    old = await newPc();
    await old.c.ok('createFirstSupervisor', { name: 'Samir Supervisor', pin: PIN });
    secret = (await old.c.ok('exportStationSecret', { pin: PIN })).secret;
    const { counterId, password } = await enrol(old.c, old.dir, 'window_x');
    dead = counterId;
    expect((await link(old.c, 'window_x', password)).ok).toBe(true);
    await old.c.ok('openShift', { float: { '20000': 1 } });
    expect((await sellOneSeat(old.c, 'Hoda Salem', 0)).status).toBe('confirmed');
    await expect.poll(async () => (await old.c.ok('stationStatus')).backlog, { timeout: 15_000 }).toBe(0);
    shippedSeq = await stationSeq(dead);
    expect(shippedSeq).toBeGreaterThan(0);
  });

  it('a PC linked with a login of its own is told to link with the counter’s login', async () => {
    const pc = await newPc();
    await pc.c.ok('importStationSecret', { secret });
    const own = await enrol(pc.c, pc.dir, 'window_y');
    expect((await link(pc.c, 'window_y', own.password)).ok).toBe(true);
    await signIn(pc.c);
    const refused = await pc.c.err('restoreCounter', { stationCounterId: dead });
    expect(refused).toMatchObject({ code: 'restore_needs_counter_login', counterId: dead });
    expect(refused.message).toContain(`npm run station -- hand-over --counter ${dead}`);
    await close(pc.counter);
  });

  it('the dead counter’s login, handed over, links a new PC to restore it; refused while the old PC still renews its lease, taken at once after release-counter', async () => {
    const pc = await newPc();
    await pc.c.ok('importStationSecret', { secret });
    await pc.c.err('restoreCounter', { stationCounterId: dead }).then((e) => expect(e.code).toBe('not_configured'));
    // what the login in the wrong hands could set on itself: the new PC's every statement would time out
    await station.pool.query("ALTER ROLE window_x SET statement_timeout = '1ms'");
    await station.pool.query(`ALTER ROLE window_x IN DATABASE ${station.db.database} SET statement_timeout = '1ms'`);
    const handed = await handOverCounter(station.pool, dead);
    expect(handed.login).toBe('window_x');
    expect(handed.ended).toBeGreaterThanOrEqual(1); // the old PC's sessions
    const kept = await station.pool.query("SELECT 1 FROM pg_db_role_setting s JOIN pg_roles r ON r.oid = s.setrole WHERE r.rolname = 'window_x'");
    expect(kept.rowCount).toBe(0);

    const linked = await pc.c.ok('connectStation', connection('window_x', handed.password));
    expect(linked).toMatchObject({ configured: true, restoring: dead, shipping: 'off', environment: 'SANDBOX' });
    expect(linked.counterId).not.toBe(dead);
    // linked to restore: the new PC's own counter is not registered (nothing of its journal is shipped)
    expect((await station.pool.query('SELECT 1 FROM counters WHERE id = $1', [linked.counterId])).rowCount).toBe(0);

    // the old PC is still on (its lease renewed a moment ago): a counter login waits for 15 minutes of silence
    const live = await pc.c.err('restoreCounter', { stationCounterId: dead });
    expect(live).toMatchObject({ code: 'counter_live_elsewhere', counterId: dead });
    expect(live.message).toContain(`npm run station -- release-counter --counter ${dead}`);
    await close(old.counter); // it dies (its prints were journalled and shipped meanwhile)
    shippedSeq = await stationSeq(dead);
    expect(await releaseCounterAsAdministrator(station.pool, dead, false, 'PC died')).toBe(true);

    const restored = await pc.c.ok('restoreCounter', { stationCounterId: dead });
    expect(restored).toEqual({ environment: 'SANDBOX', counterId: dead, seq: shippedSeq, fromStation: shippedSeq });
    expect(installationCounterId(pc.dir)).toBe(dead);
    await signIn(pc.c); // the restored journal's agents
    const after = await pc.c.ok('stationStatus');
    expect(after).toMatchObject({ counterId: dead, restoring: null });

    // the new PC's key, enrolled from the entry after the station's last; then it ships as the counter
    const { fromSeq } = await rekeyCounter(station.pool, dead, after.publicKey!, 'restored on a new PC');
    expect(fromSeq).toBe(shippedSeq + 1);
    expect((await sellOneSeat(pc.c, 'Karim after restore', 0)).status).toBe('confirmed');
    // its tickets are printed (and journalled) by main after the answer: all shipped before counting
    await pc.counter.printed();
    await expect.poll(async () => (await pc.c.ok('stationStatus')) as { backlog: number; shipping: string }, { timeout: 15_000 }).toMatchObject({ backlog: 0, shipping: 'synced' });
    expect(await stationSeq(dead)).toBe((await pc.c.ok('verifyJournal')).entries);
    const verified = (await verifyStation(station.pool, { stationId: STATION.stationId })).find((v) => v.counterId === dead)!;
    expect(verified.problems).toEqual([]);
    await close(pc.counter);
  });

  it('a PC with work of its own is refused a login bound to another counter', async () => {
    const pc = await newPc();
    await pc.c.ok('createFirstSupervisor', { name: 'Other Supervisor', pin: '135790' });
    await pc.c.ok('openShift', { float: { '20000': 1 } });
    const handed = await handOverCounter(station.pool, dead);
    const refused = await link(pc.c, 'window_x', handed.password);
    expect(refused).toMatchObject({ ok: false, error: { code: 'station_not_enrolled' } });
    expect(JSON.stringify(refused)).toContain(`is counter ${dead}'s`);
    await close(pc.counter);
  });
});
