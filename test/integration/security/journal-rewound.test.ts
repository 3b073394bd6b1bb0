// The journal rewound with SQLite while the counter is closed, as its PC's user can: the last
// entries deleted (the append-only triggers dropped, the head moved back), or the last entry
// rewritten with its hash recomputed. The chain still verifies; the head the counter kept in the
// keychain does not match, and the next start says so: a journal.rewound entry, the top bar, and
// Settings → Journal. A start over an untouched journal says nothing more.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../core/canonical-json.ts';
import { entryHash } from '../../../main/journal/chain.ts';
import { anchorAccount } from '../../../main/journal/head-anchor.ts';
import { tempDir } from '../main/helpers.ts';
import { harnessedCounter } from './harnessed-counter.ts';

const logged: string[] = [];
const t = harnessedCounter('shubbak-rewound-', { log: (m: string) => logged.push(m) });
const { c, start, stop } = t;

type Row = { seq: number; at: string; type: string; payload: string; prev_hash: string; hash: string; counter_id: string | null; shift_id: string | null };
const lastSeq = () => t.withJournalFile((db) => db.prepare('SELECT max(seq) AS n FROM entries').pluck().get() as number);
/** The supervisor signs in after a start: every call needs someone signed in once agents exist. */
async function startSignedIn(): Promise<void> {
  await start();
  const boss = (await c.ok('desk')).agents.find((a) => a.name === 'Samir Supervisor')!.id;
  await c.ok('signIn', { agentId: boss, pin: '246802' });
}
const rewinds = (): { anchoredSeq: number; anchoredHash: string; foundSeq: number; foundHash: string | null; agentsSeq?: number }[] => t.withJournalFile((db) => (db.prepare("SELECT payload FROM entries WHERE type = 'journal.rewound' ORDER BY seq").all() as { payload: string }[]).map((r) => JSON.parse(r.payload)));

beforeAll(async () => {
  await start();
  await c.ok('createFirstSupervisor', { name: 'Samir Supervisor', pin: '246802' });
  for (const name of ['Mona Agent', 'Ali Agent', 'Hoda Agent']) await c.ok('saveAgent', { name, role: 'agent', pin: '1234', active: true });
  await stop();
});
afterAll(() => t.cleanup());

describe('a journal rewound outside the app', () => {
  it('the last entries deleted: the next start journals it and raises it; the chain alone would not tell', async () => {
    const before = lastSeq();
    const kept = JSON.parse((await t.keychain.get(anchorAccount(t.journalFile)))!) as { seq: number };
    expect(kept.seq).toBe(before);
    t.withJournalFile((db) => {
      db.exec('DROP TRIGGER entries_no_delete');
      db.prepare('DELETE FROM entries WHERE seq > ?').run(before - 2);
      const head = db.prepare('SELECT seq, hash FROM entries ORDER BY seq DESC LIMIT 1').get() as { seq: number; hash: string };
      db.prepare('UPDATE journal_head SET seq = ?, hash = ?').run(head.seq, head.hash);
    }, true);
    await startSignedIn();
    expect((await c.ok('verifyJournal')).ok).toBe(true);
    // the deleted entries held Hoda's agent.saved: the rewind names that agents' entry as lost too (a TRAINING journal is not held for it)
    expect(rewinds()).toEqual([
      { anchoredSeq: before, anchoredHash: expect.any(String), foundSeq: before - 2, foundHash: null, agentsSeq: expect.any(Number), agentsHash: expect.any(String), tag: expect.any(String) },
    ]);
    expect(rewinds()[0]!.agentsSeq).toBeGreaterThan(before - 2);
    const status = await c.ok('backupStatus');
    expect(status.warning).toBe('journal_rewound');
    expect(status.rewound).toMatchObject({ anchoredSeq: before, foundSeq: before - 2 });
    expect(logged.some((m) => m.includes('changed outside the app'))).toBe(true);
    // a start over the journal as it is now finds nothing more
    await stop();
    await start();
    expect(rewinds()).toHaveLength(1);
    await stop();
  });

  it('the last entry rewritten, its hash and the head recomputed: found too', async () => {
    const last = lastSeq();
    t.withJournalFile((db) => {
      db.exec('DROP TRIGGER entries_no_update');
      const row = db.prepare('SELECT * FROM entries WHERE seq = ?').get(last) as Row;
      const payload = canonicalJson({ ...JSON.parse(row.payload), foundSeq: 0 });
      const hash = entryHash({ seq: row.seq, prevHash: row.prev_hash, type: row.type, payload, at: row.at, counterId: row.counter_id, shiftId: row.shift_id });
      db.prepare('UPDATE entries SET payload = ?, hash = ? WHERE seq = ?').run(payload, hash, last);
      db.prepare('UPDATE journal_head SET hash = ?').run(hash);
    }, true);
    await startSignedIn();
    expect((await c.ok('verifyJournal')).ok).toBe(true);
    const found = rewinds();
    expect(found).toHaveLength(2);
    expect(found[1]).toMatchObject({ anchoredSeq: last, foundSeq: last, foundHash: expect.any(String) });
    expect(found[1]!.foundHash).not.toBe(found[1]!.anchoredHash);
    await stop();
  });

  it('entries deleted while the counter runs: found when it next keeps its head (at the latest, at close)', async () => {
    await startSignedIn();
    const before = rewinds().length;
    await c.ok('saveAgent', { name: 'Karim Agent', role: 'agent', pin: '2468', active: true });
    t.deleteLastEntries(1);
    await stop();
    expect(rewinds()).toHaveLength(before + 1);
    expect(rewinds().at(-1)).toMatchObject({ foundHash: null });
  });

  it("the journal's counter id changed with the entries deleted, while closed: still found (the head is kept for the file's place)", async () => {
    const kept = JSON.parse((await t.keychain.get(anchorAccount(t.journalFile)))!) as { seq: number };
    t.deleteLastEntries(2);
    t.withJournalFile((db) => db.prepare("UPDATE meta SET value = 'ctr_forged' WHERE key = 'counter_id'").run(), true);
    await start();
    expect(rewinds().at(-1)).toMatchObject({ anchoredSeq: kept.seq, foundSeq: kept.seq - 2, foundHash: null });
    await stop();
  });
});

describe('a journal put in place by the app itself', () => {
  const pc = harnessedCounter('shubbak-rewound-restore-');
  const backups = tempDir('shubbak-rewound-backups-');
  afterAll(async () => {
    await pc.cleanup();
    backups.cleanup();
  });

  it('the same PC restores its counter from its last backup after losing its data folder: no alarm', async () => {
    await pc.start();
    await pc.c.ok('createFirstSupervisor', { name: 'Samir Supervisor', pin: '246802' });
    await pc.c.ok('saveBackupSettings', { folder: backups.dir, everyHours: 3, warnAfterHours: 26, keepDays: 7, keepWeeks: 8 });
    const backup = await pc.c.ok('backupJournal');
    await pc.c.ok('saveAgent', { name: 'Mona Agent', role: 'agent', pin: '1234', active: true }); // after the backup
    await pc.stop();
    for (const f of readdirSync(pc.dir)) rmSync(join(pc.dir, f), { recursive: true, force: true });
    await pc.start();
    await pc.c.ok('restoreCounter', { file: backup.path });
    const boss = (await pc.c.ok('desk')).agents.find((a) => a.name === 'Samir Supervisor')!.id;
    await pc.c.ok('signIn', { agentId: boss, pin: '246802' });
    expect((await pc.c.ok('backupStatus')).rewound).toBeNull();
    await pc.stop();
    await pc.start();
    expect(pc.withJournalFile((db) => db.prepare("SELECT count(*) FROM entries WHERE type = 'journal.rewound'").pluck().get())).toBe(0);
  });
});

