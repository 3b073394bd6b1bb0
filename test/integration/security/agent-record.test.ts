// The agents table edited with SQLite, as an agent who holds the data folder would: her own row
// made a supervisor's, her lock lifted, a dismissed agent enabled again, her PIN hash copied into
// a supervisor's row. The counter is whole (TRAINING) and answers over the web harness; the table
// is written while it runs, with a burst of sign-ins at once, and while it is closed, across a
// restart. Whatever the table says, she signs in as what the entries and her PIN hash's binding
// say, or not at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WRONG_PINS } from '../../../main/agents/directory.ts';
import { randomBytes } from 'node:crypto';
import { PIN_KEY_ACCOUNT, stationSecretText } from '../../../main/vault/pin-key.ts';
import { codeOf, harnessedCounter } from './harnessed-counter.ts';

const logged: string[] = [];
const t = harnessedCounter('shubbak-agent-record-', { log: (m: string) => logged.push(m) });
const { c, start, stop, overHttp } = t;
let boss: string;
let mona: string;
let gone: string;
let nadia: string;

/** Writes the journal's agents table with SQLite, as anyone with the data folder can. */
const sqlite = (sql: string, ...args: unknown[]) => t.withJournalFile((db) => db.prepare(sql).run(...args), true);
type AgentRow = { role: string; active: number; wrong_pins: number; locked_until: string | null; pin_hash: string };
const row = (agentId: string) => t.withJournalFile((db) => db.prepare('SELECT * FROM agents WHERE id = ?').get(agentId) as AgentRow);

beforeAll(async () => {
  await start();
  boss = (await c.ok('createFirstSupervisor', { name: 'Samir Supervisor', pin: '246802' })).signedIn!.id;
  await c.ok('saveAgent', { name: 'Mona Agent', role: 'agent', pin: '1234', active: true });
  await c.ok('saveAgent', { name: 'Gone Agent', role: 'agent', pin: '5555', active: false });
  await c.ok('saveAgent', { name: 'Nadia Agent', role: 'agent', pin: '2468', active: true });
  [mona, gone, nadia] = await t.agentIds('Mona Agent', 'Gone Agent', 'Nadia Agent');
  await c.ok('signOut');
});
afterAll(() => t.cleanup());

describe("an agent's record changed with SQLite", () => {
  it('while the counter runs: her row made a supervisor’s, 20 sign-ins at once: none as a supervisor, and no supervisor form saved', async () => {
    sqlite("UPDATE agents SET role = 'supervisor' WHERE id = ?", mona);
    const answers = await Promise.all(Array.from({ length: 20 }, () => overHttp('signIn', { agentId: mona, pin: '1234' })));
    // each check folds her row from the entries first: she is an agent again, and signs in as one
    for (const a of answers) expect(a).toMatchObject({ ok: true, value: { signedIn: { id: mona, role: 'agent' } } });
    expect(row(mona).role).toBe('agent');
    expect((await c.ok('desk')).signedIn).toMatchObject({ id: mona, role: 'agent' });
    expect((await c.err('saveStationName', { stationName: 'Mona’s station' })).code).toBe('forbidden_role');
    await c.ok('signOut');
  });

  it('while it is closed: a supervisor’s role, a dismissed agent enabled, a lock lifted; after the restart none of it stands', async () => {
    // five wrong PINs lock her
    for (let i = 0; i < MAX_WRONG_PINS; i++) await c.err('signIn', { agentId: mona, pin: '0000' });
    expect(row(mona).locked_until).not.toBeNull();
    await stop();
    sqlite("UPDATE agents SET role = 'supervisor', locked_until = NULL, wrong_pins = 0, locks = 0 WHERE id = ?", mona);
    sqlite('UPDATE agents SET active = 1 WHERE id = ?', gone);
    await start();
    expect(logged.some((m) => m.includes(mona) && m.includes(gone) && m.includes('changed outside the app'))).toBe(true);
    expect(row(mona)).toMatchObject({ role: 'agent' });
    expect(row(mona).locked_until).not.toBeNull();
    expect(row(gone).active).toBe(0);
    // the sign-in screen lists her as an agent, and not the dismissed one
    const desk = await c.ok('desk');
    expect(desk.agents.find((a) => a.id === mona)).toMatchObject({ role: 'agent' });
    expect(desk.agents.some((a) => a.id === gone)).toBe(false);
    expect((await c.err('signIn', { agentId: mona, pin: '1234' })).code).toBe('agent_locked');
    expect((await c.err('signIn', { agentId: gone, pin: '5555' })).code).toBe('wrong_pin');
  });

  it('her PIN hash copied into the supervisor’s row opens nothing; the supervisor’s own PIN still does', async () => {
    sqlite('UPDATE agents SET pin_hash = ? WHERE id = ?', row(mona).pin_hash, boss);
    const codes = (await Promise.all(Array.from({ length: 10 }, () => overHttp('signIn', { agentId: boss, pin: '1234' })))).map(codeOf);
    // the row is folded back before each check: the supervisor's own hash, which her PIN does not open
    expect(codes.every((x) => x === 'wrong_pin' || x === 'agent_locked')).toBe(true);
    await stop();
    sqlite('UPDATE agents SET pin_hash = ? WHERE id = ?', row(mona).pin_hash, boss);
    await start();
    expect(row(boss).pin_hash).not.toBe(row(mona).pin_hash);
    // the ten wrong PINs locked him: a lock the table no longer lifts
    expect((await c.err('signIn', { agentId: boss, pin: '246802' })).code).toBe('agent_locked');
  });
});

describe('the rest of the counter, with the agents table or the entries changed by hand', () => {
  it('signed in as an agent, her row made a supervisor’s: the session ends, no supervisor call passes', async () => {
    await c.ok('signIn', { agentId: nadia, pin: '2468' });
    sqlite("UPDATE agents SET role = 'supervisor' WHERE id = ?", nadia);
    const tried = await c.raw('saveAgent', { name: 'Mallory Supervisor', role: 'supervisor', pin: '999999', active: true });
    expect(codeOf(tried)).toBe('not_signed_in');
    expect((await c.ok('desk')).signedIn).toBeNull();
  });

  it('every PIN hash of the table garbled or emptied while it runs: no first supervisor again, no station secret adopted without a supervisor', async () => {
    const pinKey = await t.keychain.get(PIN_KEY_ACCOUNT);
    sqlite("UPDATE agents SET pin_hash = 'x' WHERE pin_hash IS NOT NULL");
    expect((await c.ok('desk')).pinKeyLost).toBe(false);
    expect(codeOf(await c.raw('createFirstSupervisor', { name: 'Eve Supervisor', pin: '888888' }))).toBe('conflict');
    sqlite('UPDATE agents SET pin_hash = NULL');
    expect((await c.ok('desk')).agentsInUse).toBe(true);
    expect(codeOf(await c.raw('importStationSecret', { secret: stationSecretText(randomBytes(32)) }))).not.toBe('ok');
    expect(await t.keychain.get(PIN_KEY_ACCOUNT)).toBe(pinKey);
    await stop();
    await start();
  });

  it('a hash no key opens appended for every agent: the PIN key is not "lost", no first supervisor again, across a restart', async () => {
    for (const id of [boss, mona, gone, nadia]) t.appendByHand('agent.pin_resealed', { agentId: id, pinHash: 'garbage', reason: 'station_key' });
    for (let round = 0; round < 2; round++) {
      expect((await c.ok('desk')).pinKeyLost).toBe(false);
      expect(codeOf(await c.raw('createFirstSupervisor', { name: 'Eve Supervisor', pin: '888888' }))).toBe('conflict');
      await stop();
      await start();
    }
  });
});

