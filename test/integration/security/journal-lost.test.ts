// A LIVE counter's journal deleted by its PC's user (as an agent who wants a supervisor's rights
// can), with the keychain left as it was. A new counter with no agent acts as its own supervisor;
// this one must not: the head kept in the keychain says the journal held more, so nobody may act
// in it until it is restored from a backup (open to anyone then, as it puts the real agents back),
// or a first supervisor is made with the station secret a supervisor wrote down. Deleting the
// file again, or restarting, changes nothing.
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { startCounter } from '../../../main/counter.ts';
import { journalPath } from '../../../main/session.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import { stationSecretText } from '../../../main/vault/pin-key.ts';
import { caller, keychainWith, tempDir } from '../main/helpers.ts';
import { appendByHand } from '../../support/append-by-hand.ts';
import { liveCounter } from './live-counter.ts';

const pc = liveCounter('shubbak-journal-lost-');
const { c, start, stop, file } = pc;
/** What the PC's user does with the data folder while the app is closed. */
function deleteJournal() {
  for (const suffix of ['', '-wal', '-shm']) rmSync(file() + suffix, { force: true });
  expect(existsSync(file())).toBe(false);
}

let secret = '';
let backup = '';
let entries = 0;

beforeAll(async () => {
  await start();
  expect((await c.ok('appInfo')).environment).toBe('LIVE');
  await c.ok('createFirstSupervisor', { name: 'Samir Supervisor', pin: '246802' });
  await c.ok('saveAgent', { name: 'Mona Agent', role: 'agent', pin: '1357', active: true });
  await c.ok('saveBackupSettings', { folder: pc.backups, everyHours: 3, warnAfterHours: 26, keepDays: 7, keepWeeks: 8 });
  backup = (await c.ok('backupJournal')).path;
  secret = (await c.ok('exportStationSecret', { pin: '246802' })).secret;
  await stop();
  entries = JSON.parse((await pc.keychain.get(`journal-head:${file()}`))!).seq;
});

describe('a LIVE journal deleted outside the app', () => {
  it('makes nobody its supervisor: every call needing a role is refused, and the first supervisor without the station secret', async () => {
    deleteJournal();
    await start();
    const desk = await c.ok('desk');
    expect(desk).toMatchObject({ agentsInUse: false, signedIn: null, journalLost: { entries, foundAt: expect.any(String) } });
    // what a new counter with no agent would let anyone do
    for (const call of ['listAgents', 'wallet', 'backupJournal', 'listShifts'] as const) expect((await c.err(call)).code).toBe('not_signed_in');
    expect((await c.err('saveAgent', { name: 'Eve', role: 'supervisor', pin: '999999', active: true })).code).toBe('not_signed_in');
    expect((await c.err('createFirstSupervisor', { name: 'Eve', pin: '999999' })).code).toBe('journal_lost');
    const forged = stationSecretText(randomBytes(32));
    expect((await c.err('createFirstSupervisor', { name: 'Eve', pin: '999999', stationSecret: forged })).code).toBe('journal_lost');
    expect((await c.err('createFirstSupervisor', { name: 'Eve', pin: '999999', stationSecret: 'SHB1-not-a-secret' })).code).toBe('journal_lost');
    // nor by adopting a secret of one's own making first (a new counter adopts one without a PIN)
    expect((await c.err('importStationSecret', { secret: forged })).code).toBe('journal_lost');
    expect((await c.err('createFirstSupervisor', { name: 'Eve', pin: '999999', stationSecret: forged })).code).toBe('journal_lost');
    expect((await c.ok('desk')).agentsInUse).toBe(false);
  });

  it('stays so across a restart and a second deletion', async () => {
    await stop();
    await start();
    expect((await c.ok('desk')).journalLost).toMatchObject({ entries });
    await stop();
    deleteJournal();
    await start();
    expect((await c.ok('desk')).journalLost).not.toBeNull();
    expect((await c.err('listAgents')).code).toBe('not_signed_in');
  });

  it('stays so when the file is written directly while closed: the mark deleted, a supervisor appended by hand', async () => {
    await stop();
    pc.deleteRewindMarks();
    const db = new Database(file());
    try {
      expect(db.prepare("SELECT count(*) FROM entries WHERE type = 'journal.rewound'").pluck().get()).toBe(0);
      // a supervisor of her own making, chained as the journal chains (the chain has no key)
      appendByHand(db, 'agent.saved', { agentId: 'agt_eve', name: 'Eve', role: 'supervisor', pinHash: 'x', active: true, by: null });
    } finally {
      db.close();
    }
    await start();
    // the head kept in the keychain finds the rewind again; the appended supervisor, counted as an
    // earlier version's (its PIN sealed by the start), opens no tag: she is listed, and signs in nowhere
    const desk = await c.ok('desk');
    expect(desk.journalLost).toMatchObject({ entries: expect.any(Number) });
    expect(desk.signedIn).toBeNull();
    expect((await c.err('signIn', { agentId: 'agt_eve', pin: '999999' })).code).toBe('journal_lost');
    expect((await c.err('createFirstSupervisor', { name: 'Eve', pin: '999999' })).code).toBe('journal_lost');
    expect((await c.err('listAgents')).code).toBe('not_signed_in');
  });

  it('refuses twenty attempts made at once, a made-up secret each, typed or adopted first', async () => {
    const tries = Array.from({ length: 20 }, (_, i) => {
      const forged = stationSecretText(randomBytes(32));
      return i % 2 === 0
        ? c.raw('createFirstSupervisor', { name: `Eve ${i}`, pin: '999999', stationSecret: forged })
        : c.raw('importStationSecret', { secret: forged }).then(() => c.raw('createFirstSupervisor', { name: `Eve ${i}`, pin: '999999', stationSecret: forged }));
    });
    const codes = (await Promise.all(tries)).map((r) => (r.ok ? 'ok' : r.error.code));
    expect(new Set(codes)).toEqual(new Set(['journal_lost']));
    expect(await c.ok('desk')).toMatchObject({ signedIn: null, journalLost: { entries: expect.any(Number) } });
  });

  it("refuses a backup another PC wrote: its agents are of its maker's choosing", async () => {
    // Eve's own LIVE counter, her own keychain and PIN key, her own supervisor, backed up
    const elsewhere = tempDir('shubbak-journal-lost-eve-');
    try {
      const eve = await startCounter({ dataDir: elsewhere.dir, version: '0.1.0', keychain: memoryKeychain(keychainWith('cid_live_demo', pc.api.baseUrl)) });
      const e = caller(eve.dispatch);
      await e.ok('createFirstSupervisor', { name: 'Eve Supervisor', pin: '999999' });
      await e.ok('saveBackupSettings', { folder: elsewhere.dir, everyHours: 3, warnAfterHours: 26, keepDays: 7, keepWeeks: 8 });
      const forged = (await e.ok('backupJournal')).path;
      await eve.close();
      const refused = await c.err('restoreCounter', { file: forged });
      expect(refused.code).toBe('restore_foreign_backup');
      expect(refused.message).toContain("carries no tag this counter's key opens");
      expect((await c.ok('desk')).journalLost).not.toBeNull();
      expect((await c.err('listAgents')).code).toBe('not_signed_in');
    } finally {
      elsewhere.cleanup();
    }
  });

  it("stays so when TRAINING's journal, whose first supervisor anyone makes, is put in its place with its environment edited", async () => {
    await stop();
    // the credential taken out of the keychain (kept aside): the counter starts in TRAINING on the same PIN key
    const credential = pc.keychain.entries.get('primary')!;
    pc.keychain.entries.delete('primary');
    await start();
    expect((await c.ok('appInfo')).environment).toBe('TRAINING');
    await c.ok('createFirstSupervisor', { name: 'Eve Supervisor', pin: '999999' });
    await stop();
    deleteJournal();
    copyFileSync(journalPath(pc.dir, 'TRAINING'), file());
    const db = new Database(file());
    try {
      db.prepare("UPDATE meta SET value = 'LIVE' WHERE key = 'environment'").run();
    } finally {
      db.close();
    }
    pc.keychain.entries.set('primary', credential);
    await start();
    expect((await c.ok('appInfo')).environment).toBe('LIVE');
    const desk = await c.ok('desk');
    // her supervisor's tag was made with TRAINING's key: not an agent this LIVE counter saved
    expect(desk.journalLost).toMatchObject({ entries: expect.any(Number) });
    const eve = desk.agents.find((a) => a.name === 'Eve Supervisor')!;
    expect((await c.err('signIn', { agentId: eve.id, pin: '999999' })).code).toBe('journal_lost');
    expect((await c.err('createFirstSupervisor', { name: 'Eve', pin: '999999' })).code).toBe('journal_lost');
    expect((await c.err('listAgents')).code).toBe('not_signed_in');
    // put back as it was found, for the restore below (a lost journal: nothing of Eve's is kept)
    await stop();
    deleteJournal();
    await start();
  });

  it('is restored from its backup by whoever is at the counter, and its own supervisor signs in again', async () => {
    const restored = await c.ok('restoreCounter', { file: backup });
    expect(restored.environment).toBe('LIVE');
    const desk = await c.ok('desk');
    expect(desk.journalLost ?? null).toBeNull();
    const boss = desk.agents.find((a) => a.name === 'Samir Supervisor')!;
    expect((await c.err('listAgents')).code).toBe('not_signed_in'); // agents again: someone must sign in
    await c.ok('signIn', { agentId: boss.id, pin: '246802' });
    expect((await c.ok('listAgents')).map((a) => a.name).sort()).toEqual(['Mona Agent', 'Samir Supervisor']);
  });

  it('takes a first supervisor again with the station secret a supervisor wrote down', async () => {
    await stop();
    deleteJournal();
    await start();
    expect((await c.ok('desk')).journalLost).not.toBeNull();
    const desk = await c.ok('createFirstSupervisor', { name: 'Hoda Supervisor', pin: '864200', stationSecret: secret.toLowerCase() });
    expect(desk).toMatchObject({ agentsInUse: true, signedIn: { name: 'Hoda Supervisor', role: 'supervisor' }, journalLost: null });
    expect((await c.ok('listAgents')).map((a) => a.name)).toEqual(['Hoda Supervisor']);
    // the deletion stays told: the journal holds the rewind the start found
    expect((await c.ok('backupStatus')).warning).toBe('journal_rewound');
  });
});
