// Becoming a supervisor without a supervisor's PIN, tried as an agent at the counter would: every
// path that checks a supervisor's PIN sent at once (one count, one lockout), a supervisor's
// approval of the agents' screen used to make a supervisor of one's own, and an agent with a short
// PIN made a supervisor without a new one. Through the app's own transport (the web harness).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callNames, calls } from '../../../contract/calls.ts';
import { MAX_WRONG_PINS } from '../../../main/agents/directory.ts';
import { stationSecretText } from '../../../main/vault/pin-key.ts';
import { randomBytes } from 'node:crypto';
import { codeOf, harnessedCounter } from './harnessed-counter.ts';

const t = harnessedCounter('shubbak-supervisor-rights-');
const { c, start, overHttp } = t;
let samir: string;
let sara: string;
let mona: string;
let ali: string;

const failedOf = (agentId: string) =>
  t.withJournalFile((db) => (db.prepare(`SELECT payload FROM entries WHERE type = 'agent.pin_failed'`).all() as { payload: string }[]).filter((r) => JSON.parse(r.payload).agentId === agentId).length);

beforeAll(async () => {
  await start();
  samir = (await c.ok('createFirstSupervisor', { name: 'Samir Supervisor', pin: '246802' })).signedIn!.id;
  await c.ok('saveAgent', { name: 'Sara Supervisor', role: 'supervisor', pin: '135791', active: true });
  await c.ok('saveAgent', { name: 'Mona Agent', role: 'agent', pin: '1234', active: true });
  await c.ok('saveAgent', { name: 'Ali Agent', role: 'agent', pin: '5678', active: true });
  [sara, mona, ali] = await t.agentIds('Sara Supervisor', 'Mona Agent', 'Ali Agent');
  await c.ok('signOut');
});
afterAll(() => t.cleanup());

describe('every path that checks a supervisor’s PIN, at once', () => {
  it('sign-in, approval, unlock and the station secret share one count: at most five evaluated', async () => {
    await c.ok('signIn', { agentId: mona, pin: '1234' });
    const before = failedOf(sara);
    const secret = stationSecretText(randomBytes(32));
    const tries = Array.from({ length: 200 }, (_, i) => {
      const pin = String(100_000 + i);
      switch (i % 4) {
        case 0:
          return overHttp('approveOverride', { supervisorId: sara, pin, action: 'prices', calls: ['saveMarkupRule'] });
        case 1:
          return overHttp('unlockAgent', { agentId: ali, supervisorId: sara, pin });
        case 2:
          return overHttp('importStationSecret', { secret, supervisorId: sara, pin });
        default:
          return overHttp('signIn', { agentId: sara, pin: i === 199 ? '135791' : pin });
      }
    });
    const codes = (await Promise.all(tries)).map(codeOf);
    expect(codes).not.toContain('ok');
    expect(codes.filter((x) => x === 'wrong_pin')).toHaveLength(MAX_WRONG_PINS - 1);
    expect(codes.filter((x) => x === 'agent_locked')).toHaveLength(200 - MAX_WRONG_PINS + 1);
    expect(failedOf(sara) - before).toBe(MAX_WRONG_PINS);
    // nobody else became anything: Mona is still the agent signed in
    expect((await c.ok('desk')).signedIn).toMatchObject({ id: mona, role: 'agent' });
    await c.ok('signOut');
  });
});

describe('an agent under a supervisor’s approval of the agents’ screen', () => {
  beforeAll(async () => {
    await c.ok('signIn', { agentId: mona, pin: '1234' });
    await c.ok('approveOverride', { supervisorId: samir, pin: '246802', action: 'agents', calls: ['listAgents', 'saveAgent'] });
  });

  it.each([
    ['makes a new supervisor with a PIN she knows', () => ({ name: 'Mona Again', role: 'supervisor' as const, pin: '111111', active: true })],
    ['makes another agent a supervisor', () => ({ id: ali, name: 'Ali Agent', role: 'supervisor' as const, pin: '222222', active: true })],
    ['sets a supervisor’s PIN to one she knows', () => ({ id: samir, name: 'Samir Supervisor', role: 'supervisor' as const, pin: '333333', active: true })],
    ['dismisses a supervisor', () => ({ id: sara, name: 'Sara Supervisor', role: 'supervisor' as const, active: false })],
    ['demotes a supervisor', () => ({ id: sara, name: 'Sara Supervisor', role: 'agent' as const, pin: '4444', active: true })],
  ])('is refused when she %s', async (_, input) => {
    const r = await overHttp('saveAgent', input());
    expect(codeOf(r)).toBe('own_record_needs_supervisor');
  });

  it('is refused when the agents table was edited to show a supervisor as an agent: the role is read from the entries', async () => {
    t.withJournalFile((db) => db.prepare("UPDATE agents SET role = 'agent' WHERE id = ?").run(sara), true);
    const r = await overHttp('saveAgent', { id: sara, name: 'Sara Supervisor', role: 'agent', pin: '4444', active: true });
    expect(codeOf(r)).toBe('own_record_needs_supervisor');
  });

  it('is refused each time when she asks many times at once', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => overHttp('saveAgent', { id: samir, name: 'Samir Supervisor', role: 'supervisor', pin: String(500_000 + i), active: true })));
    expect(answers.map(codeOf)).toEqual(Array.from({ length: 20 }, () => 'own_record_needs_supervisor'));
  });

  it('nothing of it was written: the supervisors are as they were, and their PINs open', async () => {
    const agents = await c.ok('listAgents');
    expect(agents.filter((a) => a.role === 'supervisor').map((a) => a.name).sort()).toEqual(['Samir Supervisor', 'Sara Supervisor']);
    expect(agents.find((a) => a.id === ali)).toMatchObject({ role: 'agent' });
  });

  it('still adds and changes agents', async () => {
    const after = await c.ok('saveAgent', { name: 'Karim Agent', role: 'agent', pin: '2468', active: true });
    expect(after.find((a) => a.name === 'Karim Agent')).toMatchObject({ role: 'agent', active: true });
    await c.ok('saveAgent', { id: ali, name: 'Ali Agent', role: 'agent', pin: '8642', active: true });
    await c.ok('signOut');
    expect((await c.ok('signIn', { agentId: samir, pin: '246802' })).signedIn?.role).toBe('supervisor');
    await c.ok('signOut');
  });
});

describe('a supervisor’s PIN is at least 6 digits', () => {
  it('an agent with a 4-digit PIN is not made a supervisor without a new PIN of 6', async () => {
    await c.ok('signIn', { agentId: samir, pin: '246802' });
    const kept = await c.err('saveAgent', { id: ali, name: 'Ali Agent', role: 'supervisor', active: true });
    expect(kept).toMatchObject({ code: 'invalid_argument', fields: [{ field: 'pin', message: '6 to 8 digits' }] });
    expect(codeOf(await overHttp('saveAgent', { id: ali, name: 'Ali Agent', role: 'supervisor', pin: '8642', active: true }))).toBe('invalid_argument');
    expect((await c.ok('listAgents')).find((a) => a.id === ali)).toMatchObject({ role: 'agent' });
    const made = await c.ok('saveAgent', { id: ali, name: 'Ali Agent', role: 'supervisor', pin: '864200', active: true });
    expect(made.find((a) => a.id === ali)).toMatchObject({ role: 'supervisor' });
    // a supervisor changed without a new PIN (the name) keeps theirs
    await c.ok('saveAgent', { id: ali, name: 'Ali Supervisor', role: 'supervisor', active: true });
    await c.ok('signOut');
    expect((await c.ok('signIn', { agentId: ali, pin: '864200' })).signedIn?.role).toBe('supervisor');
    await c.ok('signOut');
  });
});

describe('every call of the contract, by its role', () => {
  const supervisorCalls = callNames.filter((n) => calls[n].role === 'supervisor');
  const signedInCalls = callNames.filter((n) => calls[n].role !== 'anyone');

  it(`an agent signed in, with no approval: each of the ${supervisorCalls.length} supervisor calls is refused in main`, async () => {
    await c.ok('signIn', { agentId: mona, pin: '1234' });
    for (const name of supervisorCalls) expect(codeOf(await overHttp(name, undefined)), name).toBe('forbidden_role');
  });

  it(`the screen locked (an approval given before): each of the ${signedInCalls.length} calls needing someone signed in is refused`, async () => {
    await c.ok('approveOverride', { supervisorId: samir, pin: '246802', action: 'agents', calls: ['listAgents', 'saveAgent'] });
    await c.ok('lockScreen');
    for (const name of signedInCalls) expect(codeOf(await overHttp(name, undefined)), name).toBe('not_signed_in');
    // her own PIN unlocks it; the approval ended with the lock
    await c.ok('signIn', { agentId: mona, pin: '1234' });
    expect(codeOf(await overHttp('listAgents', undefined))).toBe('forbidden_role');
  });

  it('nobody signed in: the same calls are refused', async () => {
    await c.ok('signOut');
    for (const name of signedInCalls) expect(codeOf(await overHttp(name, undefined)), name).toBe('not_signed_in');
  });
});

describe('a supervisor lifting a lock the agents table was edited to hide', () => {
  it('journals the unlock and lifts the lock the entries hold', async () => {
    for (let i = 0; i < MAX_WRONG_PINS; i++) await c.err('signIn', { agentId: mona, pin: '0000' });
    expect((await c.err('signIn', { agentId: mona, pin: '1234' })).code).toBe('agent_locked');
    // the table says she is not locked (anyone with the data folder can write it); the entries say she is
    t.withJournalFile((db) => db.prepare('UPDATE agents SET locked_until = NULL, wrong_pins = 0 WHERE id = ?').run(mona), true);
    await c.ok('unlockAgent', { agentId: mona, supervisorId: samir, pin: '246802' });
    const unlocked = t.withJournalFile((db) => (db.prepare(`SELECT payload FROM entries WHERE type = 'agent.unlocked'`).all() as { payload: string }[]).map((r) => JSON.parse(r.payload).agentId));
    expect(unlocked).toContain(mona);
    expect((await c.ok('signIn', { agentId: mona, pin: '1234' })).signedIn?.id).toBe(mona);
    await c.ok('signOut');
  });
});

describe('the first supervisor of a new counter', () => {
  const fresh = harnessedCounter('shubbak-first-supervisor-');
  beforeAll(() => fresh.start());
  afterAll(() => fresh.cleanup());

  it('is one, however many ask at once: the path closes with the first', async () => {
    const asked = await Promise.all(Array.from({ length: 5 }, (_, i) => fresh.overHttp('createFirstSupervisor', { name: `Supervisor ${i}`, pin: `24680${i}` })));
    expect(asked.map(codeOf).sort()).toEqual(['conflict', 'conflict', 'conflict', 'conflict', 'ok']);
    expect((await fresh.c.ok('desk')).agents).toHaveLength(1);
  });
});
