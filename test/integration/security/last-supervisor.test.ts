// "A supervisor cannot demote or disable the last supervisor", when two changes arrive at once:
// each was checked against the other supervisor still active, and both were written, leaving a
// counter nobody can manage. Through the app's own transport (the web harness).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessedCounter } from './harnessed-counter.ts';

const t = harnessedCounter('shubbak-last-supervisor-');
const { c, start, overHttp } = t;
let samir: string;
let sara: string;

beforeAll(async () => {
  await start();
  samir = (await c.ok('createFirstSupervisor', { name: 'Samir Supervisor', pin: '246802' })).signedIn!.id;
  await c.ok('saveAgent', { name: 'Sara Supervisor', role: 'supervisor', pin: '135791', active: true });
  [sara] = await t.agentIds('Sara Supervisor');
});
afterAll(() => t.cleanup());

/** Signs in whichever of them is still a supervisor (one who made himself an agent was signed out). */
async function signInSupervisor(...who: [string, string][]): Promise<void> {
  for (const [agentId, pin] of who) if ((await overHttp('signIn', { agentId, pin })).ok) break;
  expect((await c.ok('desk')).signedIn?.role).toBe('supervisor');
}

describe('the last active supervisor', () => {
  it('two supervisors made agents at the same moment: one change is written, the other refused', async () => {
    const answers = await Promise.all([
      overHttp('saveAgent', { id: samir, name: 'Samir Supervisor', role: 'agent', pin: '1111', active: true }),
      overHttp('saveAgent', { id: sara, name: 'Sara Supervisor', role: 'agent', pin: '2222', active: true }),
    ]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.filter((a) => !a.ok).map((a) => (a.ok ? null : a.error.code))).toEqual(['conflict']);
    await signInSupervisor([samir, '246802'], [sara, '135791']);
    const agents = await c.ok('listAgents');
    expect(agents.filter((a) => a.role === 'supervisor' && a.active)).toHaveLength(1);
  });

  it('two supervisors dismissed at the same moment: one stays', async () => {
    const supervisor = (await c.ok('listAgents')).find((a) => a.role === 'supervisor' && a.active)!;
    await c.ok('saveAgent', { name: 'Hoda Supervisor', role: 'supervisor', pin: '975310', active: true });
    const [hoda] = await t.agentIds('Hoda Supervisor');
    const answers = await Promise.all([
      overHttp('saveAgent', { id: supervisor.id, name: supervisor.name, role: 'supervisor', active: false }),
      overHttp('saveAgent', { id: hoda, name: 'Hoda Supervisor', role: 'supervisor', active: false }),
    ]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    await signInSupervisor([supervisor.id, supervisor.id === samir ? '246802' : '135791'], [hoda, '975310']);
    expect((await c.ok('listAgents')).filter((a) => a.role === 'supervisor' && a.active)).toHaveLength(1);
  });
});
