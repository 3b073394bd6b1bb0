// A supervisor's approval tried as an agent who wants more than it opens: the approval and the
// calls it does not open sent at once, wrong PINs and the right one in one burst, and the counter
// restarted under an approval. What an approval opens stays its action's calls, for the agent it
// was given to, until the counter stops.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Result } from '../../../contract/errors.ts';
import { SUPERVISOR_ACTIONS } from '../../../contract/overrides.ts';
import { MAX_WRONG_PINS } from '../../../main/agents/directory.ts';
import { startCounter, type Counter } from '../../../main/counter.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import { caller, tempDir, type Caller } from './helpers.ts';

const tmp = tempDir('shubbak-override-race-');
const keychain = memoryKeychain();
let counter: Counter;
let c: Caller;
let samir: string;
let nadia: string;
let mona: string;

async function start() {
  counter = await startCounter({ dataDir: tmp.dir, version: '0.1.0', keychain });
  c = caller(counter.dispatch);
}

const rule = { operatorId: 'opr_upper_egypt', originId: null, destinationId: null, fareClass: null, percent: 5, fixedMinor: 0 };
const codeOf = (r: Result<unknown>) => (r.ok ? 'ok' : r.error.code);

beforeAll(async () => {
  await start();
  samir = (await c.ok('createFirstSupervisor', { name: 'Samir Supervisor', pin: '246810' })).signedIn!.id;
  nadia = (await c.ok('saveAgent', { name: 'Nadia Supervisor', role: 'supervisor', pin: '864200', active: true })).find((a) => a.name === 'Nadia Supervisor')!.id;
  mona = (await c.ok('saveAgent', { name: 'Mona Agent', role: 'agent', pin: '1357', active: true })).find((a) => a.name === 'Mona Agent')!.id;
  await c.ok('signIn', { agentId: mona, pin: '1357' });
});
afterAll(async () => {
  await counter.close();
  tmp.cleanup();
});

describe('a supervisor’s approval under a race', () => {
  it('sent with calls it does not open, all at once: only its own action’s calls pass, and she stays an agent', async () => {
    const wants = () => [
      c.raw('saveAgent', { id: mona, name: 'Mona Agent', role: 'supervisor', pin: '999999', active: true }),
      c.raw('saveStationName', { stationName: 'Mona Station' }),
      c.raw('exportStationSecret', { pin: '246810' }),
      c.raw('retireCounter', { pin: '246810' } as never),
    ];
    const approvals = Array.from({ length: 5 }, () => c.raw('approveOverride', { supervisorId: samir, pin: '246810', action: 'prices', calls: [...SUPERVISOR_ACTIONS.prices] }));
    const others = Array.from({ length: 10 }, wants).flat();
    const [granted, refused] = [await Promise.all(approvals), await Promise.all(others)];
    expect(granted.map(codeOf)).toEqual(Array(5).fill('ok'));
    expect(refused.map(codeOf).filter((x) => x === 'ok')).toEqual([]);
    // under the approval, a price rule passes; the rest stays closed
    expect(codeOf(await c.raw('saveMarkupRule', rule))).toBe('ok');
    expect((await c.err('saveAgent', { id: mona, name: 'Mona Agent', role: 'supervisor', pin: '999999', active: true })).code).toBe('forbidden_role');
    expect((await c.ok('desk')).signedIn).toMatchObject({ id: mona, role: 'agent' });
  });

  it('wrong PINs and the right one in one burst: five checked, the supervisor locked, nothing approved', async () => {
    const burst = Array.from({ length: 30 }, (_, i) =>
      c.raw('approveOverride', { supervisorId: nadia, pin: i === 20 ? '864200' : String(100_000 + i), action: 'agents', calls: ['listAgents', 'saveAgent'] }),
    );
    const codes = (await Promise.all(burst)).map(codeOf);
    expect(codes.filter((x) => x === 'wrong_pin')).toHaveLength(MAX_WRONG_PINS - 1);
    expect(codes.filter((x) => x === 'agent_locked')).toHaveLength(30 - MAX_WRONG_PINS + 1);
    expect(codes).not.toContain('ok');
    expect((await c.err('saveAgent', { name: 'Karim Agent', role: 'agent', pin: '2468', active: true })).code).toBe('forbidden_role');
  });

  it('does not outlive the counter: after a restart the agent signs in again with nothing approved', async () => {
    const another = { ...rule, operatorId: 'opr_gobus' };
    await c.ok('approveOverride', { supervisorId: samir, pin: '246810', action: 'prices', calls: [...SUPERVISOR_ACTIONS.prices] });
    expect(codeOf(await c.raw('saveMarkupRule', another))).toBe('ok');
    await counter.close();
    await start();
    expect((await c.ok('desk')).signedIn).toBeNull();
    await c.ok('signIn', { agentId: mona, pin: '1357' });
    expect((await c.err('saveMarkupRule', { ...another, percent: 7 })).code).toBe('forbidden_role');
    expect((await c.err('deleteMarkupRule', { id: 'rule-x' } as never)).code).toBe('forbidden_role');
  });
});
