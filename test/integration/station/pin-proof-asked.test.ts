// A supervisor signed in before their counter was linked to the station has no PIN proof key in
// memory there: a change of the station's settings is refused (supervisor_proof_needed) until
// they type their PIN again (confirmSupervisorPin), checked as a sign-in is, wrong PINs counting
// toward the same lockout. Through the contract of two counters and a real station PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCounter, type Counter } from '../../../main/counter.ts';
import { stationPool } from '../../../main/station/database.ts';
import { MAX_WRONG_PINS } from '../../../main/agents/directory.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import { startPostgres, type TestPostgres } from '../../support/postgres.ts';
import { caller, tempDir, type Caller } from '../main/helpers.ts';

const PIN = '246802';
let db: TestPostgres;
let pool: ReturnType<typeof stationPool>;
const dirs = [tempDir('shubbak-pin-a-'), tempDir('shubbak-pin-b-')];
const counters: Counter[] = [];
let a: Caller;
let b: Caller;

const connect = (c: Caller) =>
  c.ok('connectStation', { stationId: 'stn_qena', stationName: 'Qena', host: db.host, port: db.port, database: db.database, user: db.user, tls: false });
/** The default rule with another percent, as the Markup tab saves it. */
const defaultRule = async (c: Caller, percent: number) => {
  const { changedBy: _by, changedAt: _at, ...rule } = (await c.ok('listMarkupRules')).find((r) => r.id === 'default')!;
  return c.raw('saveMarkupRule', { ...rule, percent });
};
const rows = async () => (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM station_settings')).rows[0]!.n;

beforeAll(async () => {
  db = await startPostgres({ station: true });
  pool = stationPool({ host: db.host, port: db.port, database: db.database, user: db.user });
  for (const d of dirs) counters.push(await startCounter({ dataDir: d.dir, version: '0.1.0', keychain: memoryKeychain(), shipEveryMs: 100 }));
  [a, b] = counters.map((c) => caller(c.dispatch)) as [Caller, Caller];
});
afterAll(async () => {
  for (const c of counters) await c.close();
  await pool?.end();
  db?.destroy();
  for (const d of dirs) d.cleanup();
});

describe('the supervisor’s PIN asked again for a change of the station’s settings', () => {
  let samir: string;

  it('signed in before the link: refused until the PIN is typed again; then it is published and the other counter applies it', async () => {
    samir = (await a.ok('createFirstSupervisor', { name: 'Samir Supervisor', pin: PIN })).signedIn!.id;
    // The station's stream is proved by Samir (signed in while linked), as any station is once a supervisor saved there.
    await connect(a);
    await a.ok('signIn', { agentId: samir, pin: PIN });
    expect((await defaultRule(a, 12)).ok).toBe(true);
    // The counter unlinked, its screen locked and unlocked meanwhile (the proof key forgotten), then linked again.
    await a.ok('disconnectStation');
    await a.ok('lockScreen');
    await a.ok('signIn', { agentId: samir, pin: PIN });
    await connect(a);
    const before = await rows();
    expect(await defaultRule(a, 13)).toMatchObject({ ok: false, error: { code: 'supervisor_proof_needed' } });

    // A wrong PIN: refused as at sign-in, and counted there; still nothing published.
    expect(await a.err('confirmSupervisorPin', { pin: '000000' })).toMatchObject({ code: 'wrong_pin', message: `Wrong PIN (${MAX_WRONG_PINS - 1} tries left)` });
    expect(await defaultRule(a, 13)).toMatchObject({ ok: false, error: { code: 'supervisor_proof_needed' } });
    expect(await a.err('signIn', { agentId: samir, pin: '999999' })).toMatchObject({ code: 'wrong_pin', message: `Wrong PIN (${MAX_WRONG_PINS - 2} tries left)` });
    expect(await rows()).toBe(before);

    // The right PIN: the change goes through, proved by Samir.
    expect((await a.ok('confirmSupervisorPin', { pin: PIN })).signedIn).toMatchObject({ id: samir, lockedUntil: null });
    expect((await defaultRule(a, 13)).ok).toBe(true);
    const last = await pool.query("SELECT kind, author ->> 'agentId' AS author, proof IS NOT NULL AS proved, value ->> 'percent' AS percent FROM station_settings ORDER BY seq DESC LIMIT 1");
    expect(last.rows).toEqual([{ kind: 'markup_rule', author: samir, proved: true, percent: '13' }]);
    expect(await rows()).toBe(before + 1);

    // A second counter of the station verifies and applies it.
    const { secret } = await a.ok('exportStationSecret', { pin: PIN });
    await b.ok('importStationSecret', { secret });
    await connect(b);
    await b.ok('signIn', { agentId: samir, pin: PIN });
    await expect.poll(async () => (await b.ok('listMarkupRules')).map((r) => [r.id, r.percent]), { timeout: 10_000 }).toEqual([['default', 13]]);
    expect((await b.ok('stationStatus')).settings).toMatchObject({ state: 'current', refused: null });
  });

  it('wrong PINs typed there count toward the sign-in’s lockout: the supervisor is locked, and nothing is published', async () => {
    const before = await rows();
    for (let i = 1; i < MAX_WRONG_PINS; i++) {
      expect(await a.err('confirmSupervisorPin', { pin: '000000' })).toMatchObject({ code: 'wrong_pin', message: `Wrong PIN (${MAX_WRONG_PINS - i} tries left)` });
    }
    expect(await a.err('confirmSupervisorPin', { pin: '000000' })).toMatchObject({ code: 'agent_locked', until: expect.any(String) });
    // the lock is the sign-in's own: the right PIN opens neither
    expect(await a.err('confirmSupervisorPin', { pin: PIN })).toMatchObject({ code: 'agent_locked' });
    expect(await a.err('signIn', { agentId: samir, pin: PIN })).toMatchObject({ code: 'agent_locked' });
    expect((await a.ok('desk')).signedIn?.lockedUntil).not.toBeNull();
    expect(await rows()).toBe(before);
  });

  let mona: string;

  it('only a supervisor signed in types it: an agent is refused before any PIN is checked', async () => {
    mona = await b.ok('saveAgent', { name: 'Mona Agent', role: 'agent', pin: '1357', active: true }).then((list) => list.find((x) => x.name === 'Mona Agent')!.id);
    await b.ok('signIn', { agentId: mona, pin: '1357' });
    expect(await b.err('confirmSupervisorPin', { pin: '1357' })).toMatchObject({ code: 'forbidden_role' });
  });

  it('locked at one window is locked at every window of the station; thirty wrong PINs at once are no more tries than the lockout allows, and a restart keeps the lock', async () => {
    // Samir's five wrong PINs were typed at A (above): the station's count holds him at B too
    expect(await b.err('signIn', { agentId: samir, pin: PIN })).toMatchObject({ code: 'agent_locked' });
    const before = await rows();
    const answers = await Promise.all(Array.from({ length: 30 }, () => b.err('signIn', { agentId: mona, pin: '0000' })));
    const codes = answers.map((e) => e.code);
    expect(codes.filter((c) => c === 'wrong_pin').length).toBeLessThanOrEqual(MAX_WRONG_PINS);
    expect(codes.filter((c) => c === 'wrong_pin').length + codes.filter((c) => c === 'agent_locked').length).toBe(30);
    expect(codes).toContain('agent_locked');
    // the counter restarted (the same data folder): still locked, the right PIN opens nothing
    await counters[1]!.close();
    counters[1] = await startCounter({ dataDir: dirs[1]!.dir, version: '0.1.0', keychain: memoryKeychain(), shipEveryMs: 100 });
    b = caller(counters[1].dispatch);
    expect(await b.err('signIn', { agentId: mona, pin: '1357' })).toMatchObject({ code: 'agent_locked' });
    // A, where Mona never typed a PIN, holds her too once the station gave it her
    const signInAtA = async () => {
      const r = await a.raw('signIn', { agentId: mona, pin: '1357' });
      return r.ok ? 'signed in' : r.error.code;
    };
    await expect.poll(signInAtA, { timeout: 10_000 }).toBe('agent_locked');
    expect(await rows()).toBe(before);
  });
});
