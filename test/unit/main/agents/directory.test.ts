import { afterEach, describe, expect, it } from 'vitest';
import { AgentDirectory, LOCK_MINUTES, MAX_WRONG_PINS } from '../../../../main/agents/directory.ts';
import { rebuildReadModels } from '../../../../main/journal/read-models.ts';
import { readModelRows } from '../../../support/read-models.ts';
import { manualClock, openTempJournal } from '../journal/helpers.ts';

let t: ReturnType<typeof openTempJournal>;
afterEach(() => t.cleanup());

describe('agents', () => {
  it('start with the first supervisor; a supervisor adds agents; PINs are never stored in clear', async () => {
    t = openTempJournal();
    const dir = new AgentDirectory(t.journal, manualClock());
    expect(dir.inUse()).toBe(false);
    const boss = await dir.createFirstSupervisor('  Samir Fawzy ', '2468');
    expect(boss).toMatchObject({ name: 'Samir Fawzy', role: 'supervisor', active: true, hasPin: true });
    await expect(dir.createFirstSupervisor('Other', '1357')).rejects.toMatchObject({ error: { code: 'conflict' } });
    const mona = await dir.save({ name: 'Mona', role: 'agent', pin: '1234', active: true }, boss);
    expect(dir.list().map((a) => [a.name, a.role])).toEqual([
      ['Mona', 'agent'],
      ['Samir Fawzy', 'supervisor'],
    ]);
    expect(await dir.check(mona.id, '1234')).toMatchObject({ id: mona.id, role: 'agent' });
    const raw = t.journal.db.prepare("SELECT group_concat(payload) AS p FROM entries WHERE type = 'agent.saved'").get() as { p: string };
    expect(raw.p).not.toMatch(/"1234"|"2468"/);
    expect(raw.p).toMatch(/scrypt\$/);
    // a change without a PIN keeps the PIN
    await dir.save({ id: mona.id, name: 'Mona Adel', role: 'agent', active: true }, boss);
    expect(await dir.check(mona.id, '1234')).toMatchObject({ name: 'Mona Adel' });
    await expect(dir.save({ name: 'No pin', role: 'agent', active: true }, boss)).rejects.toMatchObject({ error: { code: 'invalid_argument' } });
    await expect(dir.save({ id: boss.id, name: 'Samir', role: 'agent', active: true }, boss)).rejects.toMatchObject({ error: { code: 'conflict' } });
  });

  it(`lock an agent after ${MAX_WRONG_PINS} wrong PINs in a row, for ${LOCK_MINUTES} minutes, even across a restart`, async () => {
    const clock = manualClock();
    t = openTempJournal(clock);
    const dir = new AgentDirectory(t.journal, clock);
    const boss = await dir.createFirstSupervisor('Samir', '2468');
    for (let i = 1; i < MAX_WRONG_PINS; i++) await expect(dir.check(boss.id, '0000')).rejects.toMatchObject({ error: { code: 'wrong_pin' } });
    await expect(dir.check(boss.id, '2468')).resolves.toMatchObject({ id: boss.id }); // a good PIN resets the count
    for (let i = 1; i < MAX_WRONG_PINS; i++) await expect(dir.check(boss.id, '0000')).rejects.toMatchObject({ error: { code: 'wrong_pin' } });
    await expect(dir.check(boss.id, '0000')).rejects.toMatchObject({ error: { code: 'agent_locked', retryAfter: LOCK_MINUTES * 60 } });
    const restarted = new AgentDirectory(t.journal, clock);
    await expect(restarted.check(boss.id, '2468')).rejects.toMatchObject({ error: { code: 'agent_locked' } });
    clock.advance(LOCK_MINUTES * 60_000 + 1);
    await expect(restarted.check(boss.id, '2468')).resolves.toMatchObject({ id: boss.id });
  });

  it('refuse unknown and disabled agents with the same answer as a wrong PIN', async () => {
    t = openTempJournal();
    const dir = new AgentDirectory(t.journal, manualClock());
    const boss = await dir.createFirstSupervisor('Samir', '2468');
    const gone = await dir.save({ name: 'Gone', role: 'agent', pin: '1111', active: false }, boss);
    await expect(dir.check(gone.id, '1111')).rejects.toMatchObject({ error: { code: 'wrong_pin' } });
    await expect(dir.check('agent-nobody', '1111')).rejects.toMatchObject({ error: { code: 'wrong_pin' } });
    await expect(dir.check('agent-1', '1111')).rejects.toMatchObject({ error: { code: 'wrong_pin' } }); // the legacy agent has no PIN
  });

  it('are a read model rebuilt from the entries', async () => {
    t = openTempJournal();
    const dir = new AgentDirectory(t.journal, manualClock());
    const boss = await dir.createFirstSupervisor('Samir', '2468');
    await dir.save({ name: 'Mona', role: 'agent', pin: '1234', active: true }, boss);
    const before = readModelRows(t.journal);
    rebuildReadModels(t.journal);
    expect(readModelRows(t.journal)).toEqual(before);
  });
});
