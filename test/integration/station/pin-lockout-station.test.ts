// An agent's wrong PINs count at every window of a station (migration 0018, main/station/pin-turns.ts):
// five spread over two windows lock the agent at both; typed at two windows at the same moment they
// are still five; a supervisor's unlock is the station's; a station that is down leaves each
// window its own count. Two counters and a real station PostgreSQL, through the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCounter, type Counter } from '../../../main/counter.ts';
import { MAX_WRONG_PINS } from '../../../main/agents/pin-lockout.ts';
import { stationPool } from '../../../main/station/database.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import { startPostgres, type TestPostgres } from '../../support/postgres.ts';
import { caller, tempDir, type Caller } from '../main/helpers.ts';

const BOSS_PIN = '864202';
const MONA_PIN = '1357';
let db: TestPostgres;
let owner: ReturnType<typeof stationPool>;
const dirs = [tempDir('shubbak-lock-a-'), tempDir('shubbak-lock-b-')];
const counters: Counter[] = [];
let a: Caller;
let b: Caller;
let boss: string;
let mona: string;

const connect = (c: Caller) =>
  c.ok('connectStation', { stationId: 'stn_sohag', stationName: 'Sohag', host: db.host, port: db.port, database: db.database, user: db.user, tls: false });
const signIn = async (c: Caller, agentId: string, pin: string) => {
  const r = await c.raw('signIn', { agentId, pin });
  return r.ok ? 'signed_in' : r.error.code;
};
const stationCount = async () =>
  (await owner.query<{ wrong: number; locks: number; locked: boolean }>('SELECT wrong, locks, locked_until > now() AS locked FROM pin_turns WHERE agent_id = $1', [mona])).rows;

beforeAll(async () => {
  db = await startPostgres({ station: true });
  owner = stationPool({ host: db.host, port: db.port, database: db.database, user: db.user });
  for (const d of dirs) counters.push(await startCounter({ dataDir: d.dir, version: '0.1.0', keychain: memoryKeychain(), shipEveryMs: 100 }));
  [a, b] = counters.map((c) => caller(c.dispatch)) as [Caller, Caller];
  boss = (await a.ok('createFirstSupervisor', { name: 'Hany Supervisor', pin: BOSS_PIN })).signedIn!.id;
  await connect(a);
  await a.ok('signIn', { agentId: boss, pin: BOSS_PIN });
  const { secret } = await a.ok('exportStationSecret', { pin: BOSS_PIN });
  await b.ok('importStationSecret', { secret });
  await connect(b);
  mona = (await a.ok('saveAgent', { name: 'Mona Agent', role: 'agent', pin: MONA_PIN, active: true })).find((x) => x.name === 'Mona Agent')!.id;
});
afterAll(async () => {
  for (const c of counters) await c.close();
  await owner?.end();
  db?.destroy();
  for (const d of dirs) d.cleanup();
});

describe("an agent's wrong PINs, counted at every window of the station", () => {
  it('B knows Mona once the station gives her to it', async () => {
    await expect.poll(() => signIn(b, mona, MONA_PIN), { timeout: 10_000 }).toBe('signed_in');
  });

  it('three wrong at A and two at B lock Mona at both windows', async () => {
    for (let i = 1; i <= 3; i++) expect(await a.err('signIn', { agentId: mona, pin: '0000' })).toMatchObject({ code: 'wrong_pin', message: `Wrong PIN (${MAX_WRONG_PINS - i} tries left)` });
    expect(await b.err('signIn', { agentId: mona, pin: '0000' })).toMatchObject({ code: 'wrong_pin', message: 'Wrong PIN (1 tries left)', triesLeft: 1 });
    // an agent the counter does not know says nothing of tries
    expect(await b.err('signIn', { agentId: 'agent-nobody', pin: '0000' })).not.toHaveProperty('triesLeft');
    expect(await b.err('signIn', { agentId: mona, pin: '0000' })).toMatchObject({ code: 'agent_locked', until: expect.any(String) });
    expect(await signIn(a, mona, MONA_PIN)).toBe('agent_locked');
    expect(await signIn(b, mona, MONA_PIN)).toBe('agent_locked');
    expect(await stationCount()).toEqual([{ wrong: 0, locks: 1, locked: true }]);
  });

  it("a supervisor's unlock at the window that locked her lets her in at both", async () => {
    await b.ok('unlockAgent', { agentId: mona, supervisorId: boss, pin: BOSS_PIN });
    expect(await stationCount()).toEqual([{ wrong: 0, locks: 1, locked: null }]);
    expect(await signIn(a, mona, MONA_PIN)).toBe('signed_in');
    expect(await signIn(b, mona, MONA_PIN)).toBe('signed_in');
    // a right PIN starts the count again, at the station too
    expect(await stationCount()).toEqual([{ wrong: 0, locks: 0, locked: null }]);
  });

  it('ten wrong PINs typed at two windows at the same moment are five tries, not ten', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).err('signIn', { agentId: mona, pin: '0000' })));
    const codes = answers.map((e) => e.code).sort();
    expect(codes.filter((c) => c === 'wrong_pin')).toHaveLength(MAX_WRONG_PINS - 1);
    expect(codes.filter((c) => c === 'agent_locked')).toHaveLength(10 - (MAX_WRONG_PINS - 1));
    expect(await stationCount()).toEqual([{ wrong: 0, locks: 1, locked: true }]);
    expect(await signIn(a, mona, MONA_PIN)).toBe('agent_locked');
    expect(await signIn(b, mona, MONA_PIN)).toBe('agent_locked');
    await a.ok('unlockAgent', { agentId: mona, supervisorId: boss, pin: BOSS_PIN });
  });

  it("a turn held at the station by a window that went quiet keeps no one out: the next check waits a while, then counts alone", async () => {
    const { counterId } = await b.ok('stationStatus');
    const stuck = await owner.connect();
    try {
      await stuck.query('BEGIN');
      await stuck.query('SELECT * FROM pin_turn($1, $2)', [counterId, boss]); // and nothing more, as a PC switched off mid-check
      expect(await signIn(a, boss, BOSS_PIN)).toBe('signed_in');
    } finally {
      await stuck.query('ROLLBACK');
      stuck.release();
    }
  });

  it("the station's count set back through the one function a counter's login may call gives back only the tries counted at other windows", async () => {
    await b.ok('signIn', { agentId: boss, pin: BOSS_PIN });
    const karim = (await b.ok('saveAgent', { name: 'Karim Agent', role: 'agent', pin: '2468', active: true })).find((x) => x.name === 'Karim Agent')!.id;
    await expect.poll(() => signIn(a, karim, '2468'), { timeout: 10_000 }).toBe('signed_in');
    for (let i = 0; i < 3; i++) await a.err('signIn', { agentId: karim, pin: '0000' });
    for (let i = 0; i < 2; i++) await b.err('signIn', { agentId: karim, pin: '0000' });
    expect(await signIn(a, karim, '2468')).toBe('agent_locked');
    // the one function a counter's login may call for its own counter, setting the count back to nothing
    const { counterId } = await a.ok('stationStatus');
    await owner.query('SELECT pin_turn_end($1, $2, 0, 0, NULL)', [counterId, karim]);
    // B completed the lock: its own journal still holds it
    expect(await signIn(b, karim, '2468')).toBe('agent_locked');
    // A counted three of its own: two more, not five, before it locks him again
    expect(await a.err('signIn', { agentId: karim, pin: '0000' })).toMatchObject({ code: 'wrong_pin', triesLeft: 1 });
    expect(await a.err('signIn', { agentId: karim, pin: '0000' })).toMatchObject({ code: 'agent_locked' });
  });

  it('with the station down each window counts alone, and signs in without waiting on it', async () => {
    db.stop();
    try {
      await expect.poll(async () => (await a.ok('stationStatus')).shipping, { timeout: 15_000 }).toBe('offline');
      await expect.poll(async () => (await b.ok('stationStatus')).shipping, { timeout: 15_000 }).toBe('offline');
      for (let i = 1; i < MAX_WRONG_PINS; i++) expect(await a.err('signIn', { agentId: boss, pin: '000000' })).toMatchObject({ code: 'wrong_pin' });
      expect(await b.err('signIn', { agentId: boss, pin: '000000' })).toMatchObject({ code: 'wrong_pin', message: `Wrong PIN (${MAX_WRONG_PINS - 1} tries left)` });
      expect(await signIn(b, boss, BOSS_PIN)).toBe('signed_in');
    } finally {
      db.start();
    }
  });
});
