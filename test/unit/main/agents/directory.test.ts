import { afterEach, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { AgentDirectory, LOCK_STEPS_MINUTES, MAX_WRONG_PINS } from '../../../../main/agents/directory.ts';
import { rebuildReadModels } from '../../../../main/journal/read-models.ts';
import { readModelRows } from '../../../support/read-models.ts';
import { appendByHand, manualClock, openTempJournal } from '../journal/helpers.ts';
import { journalDatabase } from '../../../../main/journal/journal.ts';
import { legacyHash, unboundSealedHash } from '../../../support/old-pin-hashes.ts';

let t: ReturnType<typeof openTempJournal>;
const keys = { current: randomBytes(32), previous: null };
const withKey = () => keys;
afterEach(() => t.cleanup());

describe('agents', () => {
  it('start with the first supervisor; a supervisor adds agents; PINs are never stored in clear', async () => {
    t = openTempJournal();
    const dir = new AgentDirectory(t.journal, manualClock(), withKey);
    expect(dir.inUse()).toBe(false);
    const boss = await dir.createFirstSupervisor('  Samir Fawzy ', '246802');
    expect(boss).toMatchObject({ name: 'Samir Fawzy', role: 'supervisor', active: true, hasPin: true });
    await expect(dir.createFirstSupervisor('Other', '135799')).rejects.toMatchObject({ error: { code: 'conflict' } });
    const mona = await dir.save({ name: 'Mona', role: 'agent', pin: '1234', active: true }, boss);
    expect(dir.list().map((a) => [a.name, a.role])).toEqual([
      ['Mona', 'agent'],
      ['Samir Fawzy', 'supervisor'],
    ]);
    expect(await dir.check(mona.id, '1234')).toMatchObject({ id: mona.id, role: 'agent' });
    const raw = journalDatabase(t.journal).prepare("SELECT group_concat(payload) AS p FROM entries WHERE type = 'agent.saved'").get() as { p: string };
    expect(raw.p).not.toMatch(/"1234"|"2468"/);
    expect(raw.p).toMatch(/scrypt-bound\$/);
    // a change without a PIN keeps the PIN
    await dir.save({ id: mona.id, name: 'Mona Adel', role: 'agent', active: true }, boss);
    expect(await dir.check(mona.id, '1234')).toMatchObject({ name: 'Mona Adel' });
    await expect(dir.save({ name: 'No pin', role: 'agent', active: true }, boss)).rejects.toMatchObject({ error: { code: 'invalid_argument' } });
    await expect(dir.save({ id: boss.id, name: 'Samir', role: 'agent', active: true }, boss)).rejects.toMatchObject({ error: { code: 'conflict' } });
  });

  it(`lock an agent after ${MAX_WRONG_PINS} wrong PINs in a row, longer each time (${LOCK_STEPS_MINUTES.join(', ')} minutes), even across a restart`, async () => {
    const clock = manualClock();
    t = openTempJournal(clock);
    const dir = new AgentDirectory(t.journal, clock, withKey);
    const boss = await dir.createFirstSupervisor('Samir', '246802');
    for (let i = 1; i < MAX_WRONG_PINS; i++) await expect(dir.check(boss.id, '0000')).rejects.toMatchObject({ error: { code: 'wrong_pin' } });
    await expect(dir.check(boss.id, '246802')).resolves.toMatchObject({ id: boss.id }); // a good PIN resets the count
    const wrongThenLock = async (d: AgentDirectory, minutes: number) => {
      for (let i = 1; i < MAX_WRONG_PINS; i++) await expect(d.check(boss.id, '0000')).rejects.toMatchObject({ error: { code: 'wrong_pin', message: `Wrong PIN (${MAX_WRONG_PINS - i} tries left)` } });
      const until = new Date(clock.now().getTime() + minutes * 60_000).toISOString();
      await expect(d.check(boss.id, '0000')).rejects.toMatchObject({ error: { code: 'agent_locked', retryAfter: minutes * 60, until } });
      // locked: even the right PIN is refused, and not counted
      await expect(d.check(boss.id, '246802')).rejects.toMatchObject({ error: { code: 'agent_locked', until } });
      clock.advance(minutes * 60_000 + 1);
    };
    await wrongThenLock(dir, 1);
    // two wrong PINs, a restart: the count goes on from two
    await expect(dir.check(boss.id, '0000')).rejects.toMatchObject({ error: { code: 'wrong_pin' } });
    await expect(dir.check(boss.id, '0000')).rejects.toMatchObject({ error: { code: 'wrong_pin' } });
    const restarted = new AgentDirectory(t.journal, clock, withKey);
    await expect(restarted.check(boss.id, '0000')).rejects.toMatchObject({ error: { code: 'wrong_pin', message: 'Wrong PIN (2 tries left)' } });
    await expect(restarted.check(boss.id, '0000')).rejects.toMatchObject({ error: { code: 'wrong_pin' } });
    await expect(restarted.check(boss.id, '0000')).rejects.toMatchObject({ error: { code: 'agent_locked', retryAfter: 5 * 60 } });
    clock.advance(5 * 60_000 + 1);
    await wrongThenLock(restarted, 15);
    await wrongThenLock(restarted, 60);
    await wrongThenLock(restarted, 60);
    // the right PIN at last: the next lock is a minute again
    await expect(restarted.check(boss.id, '246802')).resolves.toMatchObject({ id: boss.id });
    await wrongThenLock(restarted, 1);
    const types = (journalDatabase(t.journal).prepare("SELECT type FROM entries WHERE type LIKE 'agent.%' AND type <> 'agent.saved'").all() as { type: string }[]).map((r) => r.type);
    expect(types.filter((x) => x === 'agent.locked')).toHaveLength(6);
    expect(types.filter((x) => x === 'agent.pin_failed')).toHaveLength(4 + 6 * MAX_WRONG_PINS);
  }, 120_000);

  it('answer at most five of 200 wrong PINs sent at once; the right PIN in the burst is refused', async () => {
    const clock = manualClock();
    t = openTempJournal(clock);
    const dir = new AgentDirectory(t.journal, clock, withKey);
    const boss = await dir.createFirstSupervisor('Samir', '246802');
    const mona = await dir.save({ name: 'Mona', role: 'agent', pin: '1234', active: true }, boss);
    const burst = Array.from({ length: 200 }, (_, i) => dir.check(mona.id, i === 150 ? '1234' : String(5000 + i)).then(() => 'ok', (e: { error: { code: string } }) => e.error.code));
    const codes = await Promise.all(burst);
    expect(codes.filter((c) => c === 'wrong_pin')).toHaveLength(MAX_WRONG_PINS - 1);
    expect(codes.filter((c) => c === 'agent_locked')).toHaveLength(200 - (MAX_WRONG_PINS - 1));
    expect(codes[150]).toBe('agent_locked');
    expect(journalDatabase(t.journal).prepare("SELECT count(*) AS n FROM entries WHERE type = 'agent.pin_failed'").get()).toEqual({ n: MAX_WRONG_PINS });
  });

  it('a supervisor lifts a lock with their own PIN, journalled; an agent cannot', async () => {
    const clock = manualClock();
    t = openTempJournal(clock);
    const dir = new AgentDirectory(t.journal, clock, withKey);
    const boss = await dir.createFirstSupervisor('Samir', '246802');
    const mona = await dir.save({ name: 'Mona', role: 'agent', pin: '1234', active: true }, boss);
    const ali = await dir.save({ name: 'Ali', role: 'agent', pin: '5678', active: true }, boss);
    for (let i = 0; i < MAX_WRONG_PINS; i++) await dir.check(mona.id, '0000').catch(() => undefined);
    expect(dir.get(mona.id)!.lockedUntil).not.toBeNull();
    await expect(dir.unlock(mona.id, ali.id, '5678')).rejects.toMatchObject({ error: { code: 'forbidden_role' } });
    await expect(dir.unlock(mona.id, boss.id, '000000')).rejects.toMatchObject({ error: { code: 'wrong_pin' } });
    expect(dir.get(mona.id)!.lockedUntil).not.toBeNull();
    await dir.unlock(mona.id, boss.id, '246802');
    expect(dir.get(mona.id)!.lockedUntil).toBeNull();
    await expect(dir.check(mona.id, '1234')).resolves.toMatchObject({ id: mona.id });
    const unlocked = journalDatabase(t.journal).prepare("SELECT payload FROM entries WHERE type = 'agent.unlocked'").all() as { payload: string }[];
    expect(unlocked.map((u) => JSON.parse(u.payload))).toEqual([{ agentId: mona.id, by: { agentId: boss.id, agentName: 'Samir' }, tag: expect.stringMatching(/^[\w-]{22}$/) }]);
  }, 60_000);

  it('supervisors need at least 6 digits, agents at least 4', async () => {
    t = openTempJournal();
    const dir = new AgentDirectory(t.journal, manualClock(), withKey);
    await expect(dir.createFirstSupervisor('Samir', '24680')).rejects.toMatchObject({ error: { code: 'invalid_argument', fields: [{ field: 'pin', message: '6 to 8 digits' }] } });
    const boss = await dir.createFirstSupervisor('Samir', '246802');
    await expect(dir.save({ name: 'Sara', role: 'supervisor', pin: '1234', active: true }, boss)).rejects.toMatchObject({ error: { code: 'invalid_argument' } });
    await expect(dir.save({ name: 'Mona', role: 'agent', pin: '123', active: true }, boss)).rejects.toMatchObject({ error: { code: 'invalid_argument' } });
    await expect(dir.save({ name: 'Mona', role: 'agent', pin: '1234', active: true }, boss)).resolves.toMatchObject({ role: 'agent' });
  });

  it("bind the hashes of earlier versions at this version's first start, each to its agent; without the key no PIN can be checked", async () => {
    t = openTempJournal();
    // an upgraded journal: agents saved by earlier versions, one without the PIN key, one with it
    const old = (agentId: string, name: string, role: 'agent' | 'supervisor', pinHash: string) =>
      t.journal.transaction(() => t.journal.append('agent.saved', { agentId, name, role, pinHash, active: true, by: null }));
    old('agent-boss', 'Samir', 'supervisor', legacyHash('135790'));
    old('agent-mona', 'Mona', 'agent', unboundSealedHash('1234', keys.current));
    const dir = new AgentDirectory(t.journal, manualClock(), withKey);
    await expect(dir.check('agent-mona', '1234')).rejects.toMatchObject({ error: { code: 'pin_reset_needed' } });
    expect(dir.resealUnder(keys)).toBe(2);
    expect(dir.pinHashOf('agent-boss')).toMatch(/^scrypt-bound\$/);
    const reasons = journalDatabase(t.journal).prepare("SELECT payload ->> '$.reason' AS r FROM entries WHERE type = 'agent.pin_resealed' ORDER BY seq").all();
    expect(reasons).toEqual([{ r: 'unbound_hash' }, { r: 'legacy_hash' }]); // by name: Mona, Samir
    await expect(dir.check('agent-boss', '135790')).resolves.toMatchObject({ role: 'supervisor' });
    await expect(dir.check('agent-mona', '1234')).resolves.toMatchObject({ role: 'agent' });
    const boss = dir.get('agent-boss')!;
    const noKeychain = new AgentDirectory(t.journal, manualClock(), () => null);
    await expect(noKeychain.check(boss.id, '135790')).rejects.toMatchObject({ error: { code: 'keychain_unavailable' } });
    await expect(noKeychain.save({ name: 'X', role: 'agent', pin: '1234', active: true }, boss)).rejects.toMatchObject({ error: { code: 'keychain_unavailable' } });
    const lost = { current: randomBytes(32), previous: null };
    const otherKey = new AgentDirectory(t.journal, manualClock(), () => lost);
    await expect(otherKey.check(boss.id, '135790')).rejects.toMatchObject({ error: { code: 'pin_key_mismatch' } });
    expect(otherKey.pinKeyLost()).toBe(true);
    expect(dir.pinKeyLost()).toBe(false);
    await expect(dir.createFirstSupervisor('Intruder', '999999')).rejects.toMatchObject({ error: { code: 'conflict' } });
    // the key lost: a first supervisor again (the keychain's owner only could lose it), who sets the others' PINs again
    const again = await otherKey.createFirstSupervisor('Recovery', '999999');
    expect(again.role).toBe('supervisor');
    expect(otherKey.pinKeyLost()).toBe(false);
    await expect(otherKey.createFirstSupervisor('Intruder', '999998')).rejects.toMatchObject({ error: { code: 'conflict' } });
  });

  it('fold an agents row changed with SQLite back from the entries before each check', async () => {
    t = openTempJournal();
    const dir = new AgentDirectory(t.journal, manualClock(), withKey);
    const boss = await dir.createFirstSupervisor('Samir', '246802');
    const mona = await dir.save({ name: 'Mona', role: 'agent', pin: '1234', active: true }, boss);
    const gone = await dir.save({ name: 'Gone', role: 'agent', pin: '5555', active: false }, boss);
    const db = journalDatabase(t.journal);
    for (let i = 0; i < MAX_WRONG_PINS; i++) await dir.check(mona.id, '0000').catch(() => undefined);
    db.prepare("UPDATE agents SET role = 'supervisor', locked_until = NULL, wrong_pins = 0 WHERE id = ?").run(mona.id);
    await expect(dir.check(mona.id, '1234')).rejects.toMatchObject({ error: { code: 'agent_locked' } });
    expect(dir.get(mona.id)).toMatchObject({ role: 'agent' });
    db.prepare('UPDATE agents SET pin_hash = ? WHERE id = ?').run(dir.pinHashOf(mona.id), boss.id);
    await expect(dir.check(boss.id, '1234')).rejects.toMatchObject({ error: { code: 'wrong_pin' } });
    db.prepare('UPDATE agents SET active = 1 WHERE id = ?').run(gone.id);
    await expect(dir.check(gone.id, '5555')).rejects.toMatchObject({ error: { code: 'wrong_pin' } });
    // at start, every row at once: which ones were changed
    db.prepare("UPDATE agents SET role = 'supervisor' WHERE id = ?").run(mona.id);
    db.prepare('UPDATE agents SET active = 1 WHERE id = ?').run(gone.id);
    expect(new AgentDirectory(t.journal, manualClock(), withKey).refold().changed.sort()).toEqual([mona.id, gone.id].sort());
    expect(dir.refold()).toEqual({ changed: [], refused: [] });
  });

  it('count no agent entry appended without a tag the key opens: an earlier record replayed, a lock lifted, a hash given', async () => {
    t = openTempJournal();
    const clock = manualClock();
    const dir = new AgentDirectory(t.journal, clock, withKey);
    const boss = await dir.createFirstSupervisor('Samir', '246802');
    const karim = await dir.save({ name: 'Karim', role: 'supervisor', pin: '135790', active: true }, boss);
    const mona = await dir.save({ name: 'Mona', role: 'agent', pin: '1234', active: true }, boss);
    const gone = await dir.save({ name: 'Gone', role: 'agent', pin: '5555', active: true }, boss);
    const db = journalDatabase(t.journal);
    const payloadsOf = (agentId: string, type: string) =>
      (db.prepare("SELECT payload FROM entries WHERE type = ? AND payload ->> '$.agentId' = ? ORDER BY seq").all(type, agentId) as { payload: string }[]).map((r) => JSON.parse(r.payload) as Record<string, unknown>);
    // the records they held: Karim a supervisor, Gone at work; then Karim demoted and Gone dismissed
    const [karimWas] = payloadsOf(karim.id, 'agent.saved');
    const [goneWas] = payloadsOf(gone.id, 'agent.saved');
    await dir.save({ id: karim.id, name: 'Karim', role: 'agent', active: true }, boss);
    await dir.save({ id: gone.id, name: 'Gone', role: 'agent', active: false }, boss);
    for (let i = 0; i < MAX_WRONG_PINS; i++) await dir.check(mona.id, '0000').catch(() => undefined);
    // each earlier record appended again, tag and all (the tag binds its place in the chain), and without its tag
    const replay = (type: string, payload: object) => appendByHand(t.journal, type, payload);
    const stripped = ({ tag: _, ...rest }: Record<string, unknown>) => rest;
    const forged = [
      replay('agent.saved', karimWas!),
      replay('agent.saved', stripped(karimWas!)),
      replay('agent.saved', goneWas!),
      replay('agent.pin_accepted', { agentId: mona.id }),
      replay('agent.unlocked', { agentId: mona.id, by: { agentId: boss.id, agentName: 'Samir' } }),
      replay('agent.pin_resealed', { agentId: boss.id, pinHash: dir.pinHashOf(mona.id)!, reason: 'station_key' }),
      replay('agent.saved', { ...stripped(karimWas!), tag: 'A'.repeat(22) }),
    ];
    await expect(dir.check(karim.id, '135790')).resolves.toMatchObject({ role: 'agent' });
    await expect(dir.check(gone.id, '5555')).rejects.toMatchObject({ error: { code: 'wrong_pin' } });
    await expect(dir.check(mona.id, '1234')).rejects.toMatchObject({ error: { code: 'agent_locked' } });
    await expect(dir.check(boss.id, '1234')).rejects.toMatchObject({ error: { code: 'wrong_pin' } });
    await expect(dir.check(boss.id, '246802')).resolves.toMatchObject({ role: 'supervisor' });
    // at a start: the same, and the entries not counted are named
    const restarted = new AgentDirectory(t.journal, clock, withKey);
    expect(restarted.refold().refused).toEqual(forged);
    expect(restarted.resealUnder(keys)).toBe(0);
    await expect(restarted.check(karim.id, '135790')).resolves.toMatchObject({ role: 'agent' });
    clock.advance(60 * 60_000);
    await expect(restarted.check(mona.id, '1234')).resolves.toMatchObject({ id: mona.id }); // her lock ran out, as the entries say
  });

  it('open nothing more for agent entries the counter itself wrote (a station row): the PIN hash binds its agent, role and state', async () => {
    t = openTempJournal();
    const dir = new AgentDirectory(t.journal, manualClock(), withKey);
    const boss = await dir.createFirstSupervisor('Samir', '246802');
    const mona = await dir.save({ name: 'Mona', role: 'agent', pin: '1234', active: true }, boss);
    const gone = await dir.save({ name: 'Gone', role: 'agent', pin: '5555', active: false }, boss);
    const monaHash = dir.pinHashOf(mona.id)!;
    // written through the journal, tagged as the counter tags a station's row it applies
    const forge = (agentId: string, name: string, role: 'agent' | 'supervisor', pinHash: string | null, active = true) =>
      t.journal.transaction(() => t.journal.append('agent.saved', { agentId, name, role, pinHash, active, by: null }));
    // her own record made a supervisor's, with or without her hash
    forge(mona.id, 'Mona', 'supervisor', null);
    await expect(dir.check(mona.id, '1234')).rejects.toMatchObject({ error: { code: 'pin_reset_needed' } });
    forge(mona.id, 'Mona', 'supervisor', monaHash);
    await expect(dir.check(mona.id, '1234')).rejects.toMatchObject({ error: { code: 'pin_reset_needed' } });
    // a dismissed agent enabled again
    forge(gone.id, 'Gone', 'agent', null);
    await expect(dir.check(gone.id, '5555')).rejects.toMatchObject({ error: { code: 'pin_reset_needed' } });
    // her hash given to the supervisor
    t.journal.transaction(() => t.journal.append('agent.pin_resealed', { agentId: boss.id, pinHash: monaHash, reason: 'station_key' }));
    await expect(dir.check(boss.id, '1234')).rejects.toMatchObject({ error: { code: 'pin_key_mismatch' } });
    // an earlier version's hash of her own PIN: never bound after the upgrade, not even across a restart
    t.journal.transaction(() => t.journal.append('agent.pin_resealed', { agentId: mona.id, pinHash: unboundSealedHash('1234', keys.current), reason: 'station_key' }));
    const restarted = new AgentDirectory(t.journal, manualClock(), withKey);
    expect(restarted.resealUnder(keys)).toBe(0);
    await expect(restarted.check(mona.id, '1234')).rejects.toMatchObject({ error: { code: 'pin_reset_needed' } });
    expect(journalDatabase(t.journal).prepare("SELECT count(*) AS n FROM entries WHERE type = 'agent.pin_failed'").get()).toEqual({ n: 0 });
  });

  it('a supervisor changes a role or enables an agent without a new PIN (an agent made a supervisor types one): the PIN opens for the new role only', async () => {
    t = openTempJournal();
    const dir = new AgentDirectory(t.journal, manualClock(), withKey);
    const boss = await dir.createFirstSupervisor('Samir', '246802');
    const mona = await dir.save({ name: 'Mona', role: 'agent', pin: '123456', active: true }, boss);
    const before = dir.pinHashOf(mona.id)!;
    // an agent's PIN may be 4 digits: made a supervisor, she types a supervisor's PIN (6 to 8)
    await expect(dir.save({ id: mona.id, name: 'Mona', role: 'supervisor', active: true }, boss)).rejects.toMatchObject({ error: { code: 'invalid_argument', fields: [{ field: 'pin' }] } });
    await dir.save({ id: mona.id, name: 'Mona', role: 'supervisor', pin: '123456', active: true }, boss);
    await expect(dir.check(mona.id, '123456')).resolves.toMatchObject({ role: 'supervisor' });
    await dir.save({ id: mona.id, name: 'Mona', role: 'supervisor', active: false }, boss);
    await dir.save({ id: mona.id, name: 'Mona', role: 'supervisor', active: true }, boss);
    await expect(dir.check(mona.id, '123456')).resolves.toMatchObject({ role: 'supervisor', active: true });
    await dir.save({ id: mona.id, name: 'Mona', role: 'agent', active: false }, boss);
    await expect(dir.check(mona.id, '123456')).rejects.toMatchObject({ error: { code: 'wrong_pin' } });
    await dir.save({ id: mona.id, name: 'Mona', role: 'agent', active: true }, boss);
    await expect(dir.check(mona.id, '123456')).resolves.toMatchObject({ role: 'agent', active: true });
    // made a supervisor again, then the hash she held as an agent put back by hand: it opens nothing for a supervisor
    await dir.save({ id: mona.id, name: 'Mona', role: 'supervisor', pin: '123456', active: true }, boss);
    // written through the journal, tagged (as a station row would be): the binding is what refuses it
    t.journal.transaction(() => t.journal.append('agent.pin_resealed', { agentId: mona.id, pinHash: before, reason: 'station_key' }));
    await expect(dir.check(mona.id, '123456')).rejects.toMatchObject({ error: { code: 'pin_reset_needed' } });
  });

  it('refuse unknown and disabled agents with the same answer as a wrong PIN', async () => {
    t = openTempJournal();
    const dir = new AgentDirectory(t.journal, manualClock(), withKey);
    const boss = await dir.createFirstSupervisor('Samir', '246802');
    const gone = await dir.save({ name: 'Gone', role: 'agent', pin: '1111', active: false }, boss);
    await expect(dir.check(gone.id, '1111')).rejects.toMatchObject({ error: { code: 'wrong_pin' } });
    await expect(dir.check('agent-nobody', '1111')).rejects.toMatchObject({ error: { code: 'wrong_pin' } });
    await expect(dir.check('agent-1', '1111')).rejects.toMatchObject({ error: { code: 'wrong_pin' } }); // the legacy agent has no PIN
  });

  it('are a read model rebuilt from the entries', async () => {
    t = openTempJournal();
    const dir = new AgentDirectory(t.journal, manualClock(), withKey);
    const boss = await dir.createFirstSupervisor('Samir', '246802');
    await dir.save({ name: 'Mona', role: 'agent', pin: '1234', active: true }, boss);
    const before = readModelRows(t.journal);
    rebuildReadModels(t.journal);
    expect(readModelRows(t.journal)).toEqual(before);
  });
});
