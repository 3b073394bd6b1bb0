import { afterEach, describe, expect, it } from 'vitest';
import { OVERRIDE_MS } from '../../../../main/agents/desk.ts';
import type { Handlers } from '../../../../main/dispatch.ts';
import type { openTempJournal } from '../journal/helpers.ts';
import { deskWithMona } from './desk-fixture.ts';
import { journalDatabase } from '../../../../main/journal/journal.ts';

// The POS override: an agent's supervisor-only action is approved by a supervisor's PIN at their
// side, for that action's calls only, for OVERRIDE_MS, journalled with both names.

let t: ReturnType<typeof openTempJournal>;
afterEach(() => t.cleanup());

async function counter() {
  const c = await deskWithMona(() => ({ listAgents: () => ['listed'], saveMarkupRule: () => ['saved'] }) as unknown as Partial<Handlers>);
  t = c.t;
  return c;
}

describe('supervisor approval of an agent action', () => {
  it("lets the agent make the approved action's calls, and no other, after the supervisor's PIN", async () => {
    const c = await counter();
    expect(await c.dispatch('listAgents', undefined)).toMatchObject({ ok: false, error: { code: 'forbidden_role' } });
    const grant = await c.desk.approveOverride(c.boss.id, '246810', 'agents', ['listAgents']);
    expect(grant).toMatchObject({ action: 'agents', calls: ['listAgents'], supervisor: { name: 'Samir' } });
    expect(await c.dispatch('listAgents', undefined)).toEqual({ ok: true, value: ['listed'] });
    expect(await c.dispatch('listAgents', undefined)).toEqual({ ok: true, value: ['listed'] }); // the action's reads, again
    expect(await c.dispatch('saveMarkupRule', { operatorId: null, originId: null, destinationId: null, fareClass: null, percent: 0, fixedMinor: 0 })).toMatchObject({
      ok: false,
      error: { code: 'forbidden_role' },
    });
    const entries = journalDatabase(t.journal).prepare("SELECT payload FROM entries WHERE type = 'override.approved'").all() as { payload: string }[];
    expect(entries.map((e) => JSON.parse(e.payload))).toEqual([
      { action: 'agents', calls: ['listAgents'], agent: { agentId: c.mona.id, agentName: 'Mona' }, supervisor: { agentId: c.boss.id, agentName: 'Samir' }, tag: expect.any(String) },
    ]);
  });

  it("refuses a wrong PIN, an agent's own PIN, and ends with time, a lock or another agent", async () => {
    const c = await counter();
    await expect(c.desk.approveOverride(c.boss.id, '000000', 'agents', ['listAgents'])).rejects.toMatchObject({ error: { code: 'wrong_pin' } });
    await expect(c.desk.approveOverride(c.mona.id, '1357', 'agents', ['listAgents'])).rejects.toMatchObject({ error: { code: 'forbidden_role' } });
    expect(await c.dispatch('listAgents', undefined)).toMatchObject({ ok: false });

    await c.desk.approveOverride(c.boss.id, '246810', 'agents', ['listAgents']);
    c.clock.advance(OVERRIDE_MS + 1);
    expect(await c.dispatch('listAgents', undefined)).toMatchObject({ ok: false, error: { code: 'forbidden_role' } });

    await c.desk.approveOverride(c.boss.id, '246810', 'agents', ['listAgents']);
    c.desk.lock();
    await c.desk.signIn(c.mona.id, '1357');
    expect(await c.dispatch('listAgents', undefined)).toMatchObject({ ok: false, error: { code: 'forbidden_role' } });

    await c.desk.approveOverride(c.boss.id, '246810', 'agents', ['listAgents']);
    c.desk.signOut();
    expect(await c.dispatch('listAgents', undefined)).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
    await expect(c.desk.approveOverride(c.boss.id, '246810', 'agents', ['listAgents'])).rejects.toMatchObject({ error: { code: 'not_signed_in' } });
  });
});
