// TRAINING is a world of its own: a LIVE counter's supervisor removes the credential for a
// training day, and the trainees, their own supervisors there (nobody signed in, or a first
// supervisor they make), try what reaches LIVE: the PIN key (adopt one of their own, show it),
// the idle lock, the counter's name, its printers, its backups, its refund policy. Each is refused
// with counter_held_elsewhere; back in LIVE nothing changed and the supervisor signs in as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { startCounter, type Counter } from '../../../main/counter.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import { stationSecretText } from '../../../main/vault/pin-key.ts';
import { caller, keychainWith, sandbox, tempDir, type Caller } from '../main/helpers.ts';
import type { CallName } from '../../../contract/calls.ts';
import { INSTALLATION_CALLS } from '../../../contract/installation.ts';

const tmp = tempDir('shubbak-training-world-');
let sbx: Awaited<ReturnType<typeof sandbox>>;
let keychain: ReturnType<typeof memoryKeychain>;
let counter: Counter;
let c: Caller;
let samir: string;

beforeAll(async () => {
  sbx = await sandbox();
  keychain = memoryKeychain(keychainWith('cid_live_demo', `${sbx.origin}/v1`));
  counter = await startCounter({ dataDir: tmp.dir, version: '0.1.0', keychain });
  c = caller(counter.dispatch);
  expect(counter.info.environment).toBe('LIVE');
  samir = (await c.ok('createFirstSupervisor', { name: 'Samir Supervisor', pin: '246802' })).signedIn!.id;
  await c.ok('saveIdleLock', { minutes: 5 });
  await c.ok('saveStationName', { stationName: 'Ramses Window 3' });
});

afterAll(async () => {
  await counter?.close();
  await sbx?.close();
  tmp.cleanup();
});

describe('a training day on a LIVE counter', () => {
  let liveKey: string | undefined;

  it('(the supervisor removes the credential: the counter runs TRAINING, nobody signed in there)', async () => {
    liveKey = keychain.entries.get('pin-key');
    expect(liveKey).toBeTruthy();
    await c.ok('removeCredential', { slot: 'primary' });
    expect((await c.ok('appInfo')).environment).toBe('TRAINING');
    expect(await c.ok('desk')).toMatchObject({ agentsInUse: false, signedIn: null });
  });

  const tries: [CallName, unknown][] = [
    ['importStationSecret', { secret: stationSecretText(randomBytes(32)) }],
    ['saveIdleLock', { minutes: 0 }],
    ['saveStationName', { stationName: 'Hacked' }],
    ['saveArabicDigits', { digits: 'latn' }],
    ['saveRefundSettings', { policy: { kind: 'none' }, overdueDays: 365 }],
    ['disconnectStation', undefined],
  ];

  it.each(tries)('%s is refused in TRAINING while LIVE has agents', async (name, arg) => {
    expect(INSTALLATION_CALLS.has(name)).toBe(true);
    const r = await counter.dispatch(name, arg);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.code).toBe('counter_held_elsewhere');
    expect(keychain.entries.get('pin-key')).toBe(liveKey);
  });

  it('a trainee who makes a TRAINING supervisor sells and trains, and still cannot take or change the PIN key', async () => {
    await c.ok('createFirstSupervisor', { name: 'Trainee Supervisor', pin: '111111' });
    expect((await c.ok('listAgents')).map((a) => a.name)).toEqual(['Trainee Supervisor']);
    expect((await c.err('exportStationSecret', { pin: '111111' })).code).toBe('counter_held_elsewhere');
    expect((await c.err('importStationSecret', { secret: stationSecretText(randomBytes(32)), supervisorId: 'x', pin: '111111' })).code).toBe('counter_held_elsewhere');
    expect((await c.err('saveIdleLock', { minutes: 0 })).code).toBe('counter_held_elsewhere');
    expect(keychain.entries.get('pin-key')).toBe(liveKey);
  });

  it('holds across a restart of the counter, and against many attempts at once', async () => {
    await counter.close();
    counter = await startCounter({ dataDir: tmp.dir, version: '0.1.0', keychain });
    c = caller(counter.dispatch);
    expect((await c.ok('appInfo')).environment).toBe('TRAINING');
    await c.ok('signIn', { agentId: (await c.ok('desk')).agents[0]!.id, pin: '111111' });
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0 ? counter.dispatch('importStationSecret', { secret: stationSecretText(randomBytes(32)), supervisorId: 'x', pin: '111111' }) : counter.dispatch('saveIdleLock', { minutes: 0 }),
      ),
    );
    expect(attempts.map((r) => (r.ok ? 'ok' : r.error.code))).toEqual(Array(20).fill('counter_held_elsewhere'));
    expect(keychain.entries.get('pin-key')).toBe(liveKey);
  });

  it('back in LIVE: the idle lock, the name and the PIN key are as the supervisor left them', async () => {
    await c.ok('saveCredential', { clientId: 'cid_live_demo', clientSecret: 'sk_live_demo', baseUrl: `${sbx.origin}/v1`, slot: 'primary' });
    expect((await c.ok('appInfo')).environment).toBe('LIVE');
    const desk = await c.ok('signIn', { agentId: samir, pin: '246802' });
    expect(desk).toMatchObject({ idleLockMinutes: 5, pinKeyLost: false, signedIn: { role: 'supervisor' } });
    expect((await c.ok('appInfo')).stationName).toBe('Ramses Window 3');
    // In LIVE its supervisor changes them as before.
    expect((await c.ok('saveIdleLock', { minutes: 10 })).idleLockMinutes).toBe(10);
    expect((await c.ok('exportStationSecret', { pin: '246802' })).secret).toMatch(/^SHB1-/);
  });
});

describe('a counter trained on before it goes LIVE', () => {
  it('is set up in LIVE by its first supervisor: the trainees’ TRAINING agents do not hold LIVE back', async () => {
    const dir = tempDir('shubbak-trained-first-');
    const kc = memoryKeychain();
    const fresh = await startCounter({ dataDir: dir.dir, version: '0.1.0', keychain: kc });
    try {
      const f = caller(fresh.dispatch);
      await f.ok('createFirstSupervisor', { name: 'Trainer', pin: '135790' });
      await f.ok('saveCredential', { clientId: 'cid_live_demo', clientSecret: 'sk_live_demo', baseUrl: `${sbx.origin}/v1`, slot: 'primary' });
      expect((await f.ok('appInfo')).environment).toBe('LIVE');
      expect(await f.ok('desk')).toMatchObject({ agentsInUse: false });
      // Before its first supervisor a new LIVE counter is set up by whoever installs it, as before.
      expect((await f.ok('saveIdleLock', { minutes: 7 })).idleLockMinutes).toBe(7);
      await f.ok('importStationSecret', { secret: stationSecretText(randomBytes(32)) });
      await f.ok('createFirstSupervisor', { name: 'Samir Supervisor', pin: '246802' });
      expect((await f.ok('saveStationName', { stationName: 'Ramses Window 4' })).stationName).toBe('Ramses Window 4');
    } finally {
      await fresh.close();
      dir.cleanup();
    }
  });
});
