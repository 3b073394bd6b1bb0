// What a supervisor's approval opens is main's to decide: the renderer names the action, and a
// request that lists calls of another action (an agent making herself a supervisor, retiring the
// counter) is refused before any PIN is checked, with nothing approved.
import { beforeAll, describe, expect, it } from 'vitest';
import { SUPERVISOR_ACTIONS } from '../../../contract/overrides.ts';
import { counterPerFile, type Caller } from './helpers.ts';

const t = counterPerFile('shubbak-override-');
let c: Caller;
let samir: string;
let mona: string;

beforeAll(async () => {
  c = t.c;
  samir = (await c.ok('createFirstSupervisor', { name: 'Samir Supervisor', pin: '246810' })).signedIn!.id;
  mona = (await c.ok('saveAgent', { name: 'Mona Agent', role: 'agent', pin: '1357', active: true })).find((a) => a.name === 'Mona Agent')!.id;
  await c.ok('signIn', { agentId: mona, pin: '1357' });
});

const promoteMona = () => c.raw('saveAgent', { id: mona, name: 'Mona Agent', role: 'supervisor', pin: '999999', active: true });

describe('a supervisor’s approval', () => {
  it.each([
    ['calls of another action beside its own', 'prices', ['saveMarkupRule', 'saveAgent']],
    ['a call no approval opens', 'counter', ['saveStationName', 'retireCounter']],
    ['the station secret', 'agents', ['exportStationSecret']],
    ['a call that is not a supervisor’s', 'prices', ['sell']],
  ])('is refused for %s, and opens nothing', async (_, action, calls) => {
    const refused = await c.err('approveOverride', { supervisorId: samir, pin: '246810', action, calls });
    expect(refused).toMatchObject({ code: 'invalid_argument' });
    const promoted = await promoteMona();
    expect(promoted.ok).toBe(false);
    expect(!promoted.ok && promoted.error.code).toBe('forbidden_role');
  });

  it('is refused for an action that does not exist, or one named after an object’s own keys', async () => {
    for (const action of ['everything', 'constructor', '__proto__', 'toString']) {
      expect(await c.err('approveOverride', { supervisorId: samir, pin: '246810', action, calls: ['saveAgent'] })).toMatchObject({ code: 'invalid_argument' });
    }
  });

  it('is not charged against the supervisor’s PIN attempts when refused for its scope', async () => {
    for (let i = 0; i < 8; i++) await c.err('approveOverride', { supervisorId: samir, pin: '000000', action: 'prices', calls: ['saveAgent'] });
    const grant = await c.ok('approveOverride', { supervisorId: samir, pin: '246810', action: 'prices', calls: [...SUPERVISOR_ACTIONS.prices] });
    expect(grant.calls).toEqual([...SUPERVISOR_ACTIONS.prices]);
  });

  it('opens the calls of its own action only', async () => {
    await c.ok('approveOverride', { supervisorId: samir, pin: '246810', action: 'agents', calls: ['listAgents'] });
    expect((await c.ok('listAgents')).map((a) => a.name).sort()).toEqual(['Mona Agent', 'Samir Supervisor']);
    // saveAgent is of the same action, but this approval was asked for listAgents alone.
    expect((await c.err('saveAgent', { name: 'Another', role: 'agent', pin: '2468', active: true })).code).toBe('forbidden_role');
  });

  it('opens the agents’ screen for others: the agent cannot change her own role or PIN under it', async () => {
    await c.ok('approveOverride', { supervisorId: samir, pin: '246810', action: 'agents', calls: ['listAgents', 'saveAgent'] });
    expect((await promoteMona()).ok).toBe(false);
    expect((await c.err('saveAgent', { id: mona, name: 'Mona Agent', role: 'agent', pin: '2222', active: true })).code).toBe('own_record_needs_supervisor');
    const after = await c.ok('saveAgent', { name: 'Karim Agent', role: 'agent', pin: '2468', active: true });
    expect(after.find((a) => a.id === mona)).toMatchObject({ role: 'agent' });
    expect(after.map((a) => a.name)).toContain('Karim Agent');
  });
});
