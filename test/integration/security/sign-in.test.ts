// Sign-in as an attacker at the counter tries it: a burst of PINs through the app's own transport
// (the web harness over HTTP), a restart between wrong PINs, the journal file read on another
// machine. The counter is whole (TRAINING), its keychain an in-memory one kept across restarts.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WRONG_PINS } from '../../../main/agents/directory.ts';
import { verifyPin } from '../../../main/agents/pin.ts';
import { parseStationSecret, PIN_KEY_ACCOUNT, stationSecretText } from '../../../main/vault/pin-key.ts';
import { filesUnder } from '../main/helpers.ts';
import { codeOf, harnessedCounter } from './harnessed-counter.ts';

const t = harnessedCounter('shubbak-signin-');
const { c, start, stop, overHttp, keychain } = t;
let boss: string;
let mona: string;
let ali: string;
let sara: string;

/** The payloads of one type of entry, read from the journal file as anyone with the file would. */
function entriesOf(type: string): unknown[] {
  return t.withJournalFile((db) => (db.prepare('SELECT payload FROM entries WHERE type = ? ORDER BY seq').all(type) as { payload: string }[]).map((r) => JSON.parse(r.payload)));
}

beforeAll(async () => {
  await start();
  boss = (await c.ok('createFirstSupervisor', { name: 'Samir Supervisor', pin: '246802' })).signedIn!.id;
  await c.ok('saveAgent', { name: 'Mona Agent', role: 'agent', pin: '1234', active: true });
  await c.ok('saveAgent', { name: 'Ali Agent', role: 'agent', pin: '5678', active: true });
  await c.ok('saveAgent', { name: 'Sara Supervisor', role: 'supervisor', pin: '135791', active: true });
  [mona, ali, sara] = await t.agentIds('Mona Agent', 'Ali Agent', 'Sara Supervisor');
  await c.ok('signOut');
});
afterAll(() => t.cleanup());

describe('sign-in under attack', () => {
  it('200 PINs at once through the harness: at most 5 evaluated, the right one in the burst refused', async () => {
    const before = entriesOf('agent.pin_failed').length;
    const burst = Array.from({ length: 200 }, (_, i) => overHttp('signIn', { agentId: mona, pin: i === 137 ? '1234' : String(10_000 + i) }));
    const codes = (await Promise.all(burst)).map(codeOf);
    expect(codes.filter((x) => x === 'wrong_pin')).toHaveLength(MAX_WRONG_PINS - 1);
    expect(codes.filter((x) => x === 'agent_locked')).toHaveLength(200 - MAX_WRONG_PINS + 1);
    expect(codes[137]).toBe('agent_locked');
    expect(codes).not.toContain('ok');
    // five evaluated, five journalled, one lock
    expect(entriesOf('agent.pin_failed').length - before).toBe(MAX_WRONG_PINS);
    expect(entriesOf('agent.locked').filter((e) => (e as { agentId: string }).agentId === mona)).toHaveLength(1);
    expect((await c.ok('desk')).signedIn).toBeNull();
  });

  it('the lock says until when, in Cairo time', async () => {
    const r = await overHttp('signIn', { agentId: mona, pin: '1234' });
    expect(r.ok).toBe(false);
    const error = (r as { error: { until: string; message: string; retryAfter: number } }).error;
    expect(Date.parse(error.until) - Date.now()).toBeGreaterThan(50_000);
    expect(Date.parse(error.until) - Date.now()).toBeLessThanOrEqual(60_000);
    const cairo = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Cairo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(error.until));
    expect(error.message).toContain(`${cairo} (Cairo time)`);
  });

  it('a supervisor lifts the lock with their own PIN (journalled); an agent cannot', async () => {
    expect(codeOf(await overHttp('unlockAgent', { agentId: mona, supervisorId: ali, pin: '5678' }))).toBe('forbidden_role');
    const desk = await c.ok('unlockAgent', { agentId: mona, supervisorId: boss, pin: '246802' });
    expect(desk.signedIn).toBeNull(); // lifting a lock signs nobody in
    expect(entriesOf('agent.unlocked')).toEqual([{ agentId: mona, by: { agentId: boss, agentName: 'Samir Supervisor' }, tag: expect.stringMatching(/^[\w-]{22}$/) }]);
    expect((await c.ok('signIn', { agentId: mona, pin: '1234' })).signedIn?.name).toBe('Mona Agent');
    await c.ok('signOut');
  });

  it('a restart keeps the count of wrong PINs', async () => {
    for (let i = 0; i < MAX_WRONG_PINS - 1; i++) expect((await c.err('signIn', { agentId: ali, pin: '0000' })).code).toBe('wrong_pin');
    await stop();
    await start();
    const after = await c.err('signIn', { agentId: ali, pin: '0000' });
    expect(after.code).toBe('agent_locked');
    expect((await c.err('signIn', { agentId: ali, pin: '5678' })).code).toBe('agent_locked');
  });

  it('a supervisor approval (their PIN again) goes through the same check: wrong PINs lock the supervisor', async () => {
    await c.ok('signIn', { agentId: boss, pin: '246802' });
    for (let i = 0; i < MAX_WRONG_PINS - 1; i++) expect((await c.err('exportStationSecret', { pin: '000000' })).code).toBe('wrong_pin');
    expect((await c.err('exportStationSecret', { pin: '000000' })).code).toBe('agent_locked');
    expect((await c.err('exportStationSecret', { pin: '246802' })).code).toBe('agent_locked');
    await c.ok('signOut');
  });

  it('a PIN hash read from journal.db alone cannot test a guess; with the keychain’s key it can', async () => {
    const db = new Database(t.journalFile, { readonly: true });
    const rows = db.prepare('SELECT id, pin_hash FROM agents WHERE pin_hash IS NOT NULL').all() as { id: string; pin_hash: string }[];
    const inEntries = (db.prepare("SELECT payload FROM entries WHERE type = 'agent.saved'").all() as { payload: string }[]).map((r) => JSON.parse(r.payload) as { agentId: string; pinHash: string | null });
    db.close();
    const monaHash = rows.find((r) => r.id === mona)!.pin_hash;
    expect(monaHash).toMatch(/^scrypt-bound\$/);
    // every hash in the file, the read model's and the entries', is sealed
    for (const h of [...rows.map((r) => r.pin_hash), ...inEntries.map((e) => e.pinHash).filter((x) => x !== null)]) expect(h).toMatch(/^scrypt-bound\$/);
    // the right PIN cannot be confirmed by anyone holding only the file (any key they could try)
    const binding = { agentId: mona, role: 'agent', active: true } as const;
    for (let i = 0; i < 3; i++) expect(await verifyPin('1234', monaHash, randomBytes(32), binding)).toBe('unreadable');
    const key = Buffer.from((await keychain.get(PIN_KEY_ACCOUNT))!, 'base64url');
    expect(await verifyPin('1234', monaHash, key, binding)).toBe('match');
    expect(await verifyPin('1235', monaHash, key, binding)).toBe('wrong');
    // and the key is nowhere in the data folder
    for (const f of await filesUnder(t.dir)) {
      const bytes = readFileSync(f);
      expect(bytes.includes(key) || bytes.includes(Buffer.from(key.toString('base64url'))), f).toBe(false);
    }
  });

  it('a lost PIN key: no PIN opens; a made-up secret is refused; the station secret written down brings every PIN back', async () => {
    await stop();
    const written = stationSecretText(Buffer.from((await keychain.get(PIN_KEY_ACCOUNT))!, 'base64url'));
    await keychain.delete(PIN_KEY_ACCOUNT); // the keychain entry lost (a new PC profile, a reset keychain)
    await start();
    const desk = await c.ok('desk');
    expect(desk.pinKeyLost).toBe(true);
    expect((await c.err('signIn', { agentId: mona, pin: '1234' })).code).toBe('pin_key_mismatch');
    // someone's own secret, with a real supervisor's PIN: it opens no hash, refused
    expect((await c.err('importStationSecret', { secret: stationSecretText(randomBytes(32)), supervisorId: mona, pin: '1234' })).code).toBe('pin_key_mismatch');
    // a typo is caught by the secret's check letters
    for (const at of [10, 30, written.length - 1]) {
      const typo = written.slice(0, at) + (written[at] === 'A' ? 'B' : 'A') + written.slice(at + 1);
      expect((await c.err('importStationSecret', { secret: typo, supervisorId: mona, pin: '1234' })).code, typo).toBe('invalid_argument');
    }
    // an agent's PIN does not adopt a key, even the right one
    expect((await c.err('importStationSecret', { secret: written, supervisorId: mona, pin: '1234' })).code).toBe('forbidden_role');
    expect((await c.ok('desk')).pinKeyLost).toBe(true);
    // the written-down secret and a supervisor's PIN: every PIN opens again
    await c.ok('importStationSecret', { secret: written, supervisorId: sara, pin: '135791' });
    expect((await c.ok('desk')).pinKeyLost).toBe(false);
    expect((await c.ok('signIn', { agentId: mona, pin: '1234' })).signedIn?.name).toBe('Mona Agent');
    expect(await keychain.get(PIN_KEY_ACCOUNT)).toBe(Buffer.from(parseStationSecret(written)).toString('base64url'));
  });
});

