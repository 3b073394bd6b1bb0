// A keychain that cannot be read must not open the counter: the installation is set up with a
// working keychain (a supervisor, a station name, a markup rule), then started with a failing one.
// It runs TRAINING in a folder of its own, says why, and every supervisor call of the contract is
// refused, walked one by one, as are the calls that could make a supervisor.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { calls, callNames } from '../../../contract/calls.ts';
import { NO_KEYCHAIN_DIR, startCounter, type Counter } from '../../../main/counter.ts';
import { KeychainUnavailable, memoryKeychain } from '../../../main/vault/keychain.ts';
import { stationSecretText } from '../../../main/vault/pin-key.ts';
import { caller, filesUnder, tempDir } from '../main/helpers.ts';

const tmp = tempDir('shubbak-nokeychain-');
const good = memoryKeychain();
afterAll(() => tmp.cleanup());

async function snapshot(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const f of await filesUnder(tmp.dir)) {
    const rel = relative(tmp.dir, f);
    if (!rel.startsWith(NO_KEYCHAIN_DIR)) out[rel] = createHash('sha256').update(readFileSync(f)).digest('hex');
  }
  return out;
}

describe('with the keychain failing', () => {
  let real: Record<string, string>;
  let broken: Counter;
  const log: string[] = [];

  it('(the installation, set up with a working keychain)', async () => {
    const counter = await startCounter({ dataDir: tmp.dir, version: '0.1.0', keychain: good });
    const c = caller(counter.dispatch);
    await c.ok('saveStationName', { stationName: 'Real Station' });
    await c.ok('createFirstSupervisor', { name: 'Samir Supervisor', pin: '246802' });
    await counter.close();
    real = await snapshot();
    expect(Object.keys(real).length).toBeGreaterThan(2);
  });

  it('starts TRAINING in a folder of its own, says why in one line, knows none of the real agents or settings', async () => {
    broken = await startCounter({ dataDir: tmp.dir, version: '0.1.0', keychain: memoryKeychain({}, true), log: (m) => log.push(m) });
    const c = caller(broken.dispatch);
    expect(log.filter((l) => l.includes('keychain'))).toHaveLength(1);
    const info = await c.ok('appInfo');
    expect(info.environment).toBe('TRAINING');
    expect(info.stationName).not.toBe('Real Station');
    const desk = await c.ok('desk');
    expect(desk).toMatchObject({ keychainFailed: true, agentsInUse: false, signedIn: null, agents: [] });
    // TRAINING still works for an agent: the reference data and a city list
    expect((await c.ok('referenceData')).cities.length).toBeGreaterThan(0);
  });

  it('refuses every supervisor call of the contract, each one, with keychain_unavailable', async () => {
    const c = caller(broken.dispatch);
    const supervisorCalls = callNames.filter((n) => calls[n].role === 'supervisor');
    expect(supervisorCalls.length).toBeGreaterThan(20);
    for (const name of supervisorCalls) {
      const r = await broken.dispatch(name, undefined);
      expect(r.ok, name).toBe(false);
      expect((r as { error: { code: string } }).error.code, name).toBe('keychain_unavailable');
    }
    // and the calls of anyone that could make a supervisor or a key
    expect((await c.err('createFirstSupervisor', { name: 'Intruder', pin: '999999' })).code).toBe('keychain_unavailable');
    expect((await c.err('importStationSecret', { secret: stationSecretText(randomBytes(32)) })).code).toBe('keychain_unavailable');
    expect((await c.err('unlockAgent', { agentId: 'agent-x', supervisorId: 'agent-y', pin: '246802' })).code).toBe('keychain_unavailable');
    expect((await c.err('signIn', { agentId: 'agent-x', pin: '246802' })).code).toBe('keychain_unavailable');
    // nobody became supervisor on the way
    expect((await c.ok('desk')).signedIn).toBeNull();
    expect((await c.err('saveAgent', { name: 'Intruder', role: 'supervisor', pin: '999999', active: true })).code).toBe('keychain_unavailable');
    await broken.close();
  });

  it('left every file of the installation as it was; its own files are in its own folder', async () => {
    expect(await snapshot()).toEqual(real);
    const own = (await filesUnder(join(tmp.dir, NO_KEYCHAIN_DIR))).map((f) => relative(join(tmp.dir, NO_KEYCHAIN_DIR), f));
    expect(own).toEqual(expect.arrayContaining([join('training', 'journal.db')]));
  });

  it('with the keychain back, the installation is as it was: its name, its supervisor', async () => {
    const counter = await startCounter({ dataDir: tmp.dir, version: '0.1.0', keychain: good });
    const c = caller(counter.dispatch);
    expect((await c.ok('appInfo')).stationName).toBe('Real Station');
    const samir = (await c.ok('desk')).agents.find((a) => a.name === 'Samir Supervisor')!;
    expect((await c.ok('signIn', { agentId: samir.id, pin: '246802' })).signedIn?.role).toBe('supervisor');
    await counter.close();
  });
});

describe('with the keychain failing part way: the PIN key read, then the credentials not', () => {
  it('holds no PIN key in its own world: the installation’s key is neither replaced nor shown, no agent is made', async () => {
    const before = good.entries.get('pin-key');
    expect(before).toBeTruthy();
    // The PIN key answers; the credentials' read times out.
    const flaky = { ...good, get: async (account: string) => (account === 'primary' ? Promise.reject(new KeychainUnavailable('no_service', 'no answer within 10000 ms')) : good.get(account)) };
    const counter = await startCounter({ dataDir: tmp.dir, version: '0.1.0', keychain: flaky });
    const c = caller(counter.dispatch);
    try {
      expect(await c.ok('desk')).toMatchObject({ keychainFailed: true, agentsInUse: false });
      expect((await c.err('importStationSecret', { secret: stationSecretText(randomBytes(32)) })).code).toBe('keychain_unavailable');
      expect((await c.err('createFirstSupervisor', { name: 'Mallory', pin: '111111' })).code).toBe('keychain_unavailable');
      expect((await c.err('exportStationSecret', { pin: '111111' })).code).toBe('keychain_unavailable');
      expect(good.entries.get('pin-key')).toBe(before);
    } finally {
      await counter.close();
    }
  });
});
