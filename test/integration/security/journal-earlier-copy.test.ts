// A LIVE journal replaced, while the counter is closed, by an earlier copy of itself: what an agent
// who was once a supervisor does with a backup from then (the backups' folder, or a copy she kept),
// to be a supervisor again. The journal and its agents' tags are this PC's own, so only the keychain
// tells: it kept the agents' last change (head-anchor.ts, agents-head.ts) and the copy lacks it. Such a
// journal is lost: nobody signs in until the newest backup (one that holds that change) or the
// station is restored, or a supervisor is made with the station secret. A rewind that lost no change
// to the agents is raised as before, and opens with its agents.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { anchorAccount } from '../../../main/journal/head-anchor.ts';
import { liveCounter } from './live-counter.ts';

const pc = liveCounter('shubbak-earlier-copy-');
const { c, start, stop } = pc;

const { putInPlace, idOf } = pc;
async function signIn(name: string, pin: string) {
  return c.ok('signIn', { agentId: await idOf(name), pin });
}

let secret = '';
/** Mona's copy: from when she was a supervisor. */
let monasCopy = '';
/** The newest backup: after she was made an agent again. */
let newest = '';

beforeAll(async () => {
  await start();
  monasCopy = await pc.twoSupervisorsAndMonasCopy();
  secret = (await c.ok('exportStationSecret', { pin: '246802' })).secret;
  // dismissed as a supervisor: an agent from now on
  await c.ok('saveAgent', { id: await idOf('Mona Supervisor'), name: 'Mona Supervisor', role: 'agent', active: true });
  newest = (await c.ok('backupJournal')).path;
  await signIn('Samir Supervisor', '246802'); // a sign-in after the newest backup: not a change to the agents
  await stop();
});

describe('a LIVE journal replaced by an earlier copy of itself', () => {
  it('is lost: nobody signs in, not Mona as the supervisor she was, nor anyone else', async () => {
    putInPlace(monasCopy);
    await start();
    const desk = await c.ok('desk');
    expect(desk.journalLost).toMatchObject({ earlierCopy: true, entries: expect.any(Number) });
    expect(desk.signedIn).toBeNull();
    const mona = await idOf('Mona Supervisor');
    const tries = await Promise.all(Array.from({ length: 10 }, () => c.raw('signIn', { agentId: mona, pin: '135790' })));
    expect(new Set(tries.map((r) => (r.ok ? 'ok' : r.error.code)))).toEqual(new Set(['journal_lost']));
    expect((await c.err('signIn', { agentId: await idOf('Samir Supervisor'), pin: '246802' })).code).toBe('journal_lost');
    expect((await c.err('createFirstSupervisor', { name: 'Mona Again', pin: '135790' })).code).toBe('journal_lost');
    for (const call of ['listAgents', 'backupJournal', 'listShifts'] as const) expect((await c.err(call)).code).toBe('not_signed_in');
  });

  it('stays so across a restart, and when the mark of the rewind is deleted with SQLite', async () => {
    await stop();
    await start();
    expect((await c.ok('desk')).journalLost).toMatchObject({ earlierCopy: true });
    await stop();
    pc.deleteRewindMarks();
    await start();
    expect((await c.ok('desk')).journalLost).toMatchObject({ earlierCopy: true });
    expect((await c.err('signIn', { agentId: await idOf('Mona Supervisor'), pin: '135790' })).code).toBe('journal_lost');
  });

  it('refuses her copy as the backup to restore: it lacks the change to the agents', async () => {
    const refused = await c.err('restoreCounter', { file: monasCopy });
    expect(refused.code).toBe('restore_before_agents_change');
    expect(refused.seq).toEqual(expect.any(Number));
    expect((await c.ok('desk')).journalLost).toMatchObject({ earlierCopy: true });
  });

  it('is restored from its newest backup by whoever is at the counter: Mona is an agent again', async () => {
    await c.ok('restoreCounter', { file: newest });
    expect((await c.ok('desk')).journalLost ?? null).toBeNull();
    expect((await signIn('Mona Supervisor', '135790')).signedIn).toMatchObject({ role: 'agent' });
    expect((await c.err('listAgents')).code).toBe('forbidden_role');
  });

  it('takes a supervisor with the station secret over an earlier copy, who makes Mona an agent again', async () => {
    await stop();
    putInPlace(monasCopy);
    await start();
    expect((await c.ok('desk')).journalLost).toMatchObject({ earlierCopy: true });
    expect((await c.err('createFirstSupervisor', { name: 'Hoda Supervisor', pin: '864200', stationSecret: 'SHB1-not-a-secret' })).code).toBe('journal_lost');
    const desk = await c.ok('createFirstSupervisor', { name: 'Hoda Supervisor', pin: '864200', stationSecret: secret });
    expect(desk).toMatchObject({ signedIn: { name: 'Hoda Supervisor', role: 'supervisor' }, journalLost: null });
    await c.ok('saveAgent', { id: await idOf('Mona Supervisor'), name: 'Mona Supervisor', role: 'agent', active: true });
    // kept in the keychain at once, not at the next 30 s: a counter that stopped now (a crash) would have it
    const kept = JSON.parse((await pc.keychain.get(anchorAccount(pc.file())))!) as { agents: { seq: number } };
    expect(kept.agents.seq).toBe(pc.withJournalFile((db) => db.prepare("SELECT max(seq) FROM entries WHERE type = 'agent.saved'").pluck().get()));
    await stop();
    await start();
    expect((await c.ok('desk')).journalLost ?? null).toBeNull();
    expect((await signIn('Mona Supervisor', '135790')).signedIn).toMatchObject({ role: 'agent' });
  });

  it('opens with its agents, raised as rewound, when the copy lacks no change to them', async () => {
    await signIn('Hoda Supervisor', '864200');
    const copy = join(pc.backups, 'after-the-last-change.db');
    copyFileSync((await c.ok('backupJournal')).path, copy);
    await c.ok('openShift', { float: { '100': 2 } }); // entries after the copy, none of them a change to the agents
    await stop();
    putInPlace(copy);
    await start();
    const desk = await c.ok('desk');
    expect(desk.journalLost ?? null).toBeNull();
    expect((await signIn('Hoda Supervisor', '864200')).signedIn).toMatchObject({ role: 'supervisor' });
    expect((await c.ok('backupStatus')).warning).toBe('journal_rewound');
  });

  it("takes the head an earlier version kept (no agents' head): nothing raised, and the agents' head kept from then on", async () => {
    await stop();
    const account = anchorAccount(pc.file());
    const kept = JSON.parse((await pc.keychain.get(account))!) as { seq: number; hash: string; agents?: { seq: number; hash: string } };
    expect(kept.agents).toEqual({ seq: expect.any(Number), hash: expect.any(String) });
    await pc.keychain.set(account, JSON.stringify({ seq: kept.seq, hash: kept.hash }));
    await start();
    expect((await c.ok('desk')).journalLost ?? null).toBeNull();
    await stop();
    expect(JSON.parse((await pc.keychain.get(account))!)).toEqual(kept);
  });
});
