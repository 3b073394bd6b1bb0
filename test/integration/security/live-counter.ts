// A whole LIVE counter against the sandbox over HTTP, restartable on the same data folder with the
// same in-memory keychain: what the tests of a journal deleted or put back outside the app need.
import Database from 'better-sqlite3';
import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startCounter, type Counter, type CounterOptions } from '../../../main/counter.ts';
import type { Dispatch } from '../../../main/dispatch.ts';
import { journalPath } from '../../../main/session.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import { caller, keychainWith, sandbox, tempDir, type Caller } from '../main/helpers.ts';

export function liveCounter(prefix: string, opts: Partial<CounterOptions> = {}) {
  const tmp = tempDir(prefix);
  const backups = tempDir(`${prefix}backups-`);
  let api: Awaited<ReturnType<typeof sandbox>> | null = null;
  let keychain: ReturnType<typeof memoryKeychain> | null = null;
  let counter: Counter | null = null;
  const self = {
    dir: tmp.dir,
    /** A folder for backups, out of the data folder. */
    backups: backups.dir,
    /** Calls the counter running now. */
    c: caller(((name, arg) => counter!.dispatch(name, arg)) as Dispatch) as Caller,
    /** The LIVE journal's file, as anyone with the data folder finds it. */
    file: () => journalPath(tmp.dir, 'LIVE'),
    get keychain() {
      return keychain!;
    },
    get api() {
      return api!;
    },
    async start(): Promise<void> {
      counter = await startCounter({ dataDir: tmp.dir, version: '0.1.0', keychain: keychain!, ...opts });
    },
    async stop(): Promise<void> {
      await counter?.close();
      counter = null;
    },
    /** The id of the agent of that name. */
    async idOf(name: string): Promise<string> {
      return (await self.c.ok('desk')).agents.find((a) => a.name === name)!.id;
    },
    /**
     * Samir and Mona, both supervisors, with backups in `backups`; then Mona's own copy of the
     * journal (a backup, copied aside), which it answers: what an earlier copy is made from.
     */
    async twoSupervisorsAndMonasCopy(): Promise<string> {
      await self.c.ok('createFirstSupervisor', { name: 'Samir Supervisor', pin: '246802' });
      await self.c.ok('saveAgent', { name: 'Mona Supervisor', role: 'supervisor', pin: '135790', active: true });
      await self.c.ok('saveBackupSettings', { folder: backups.dir, everyHours: 3, warnAfterHours: 26, keepDays: 7, keepWeeks: 8 });
      const copy = join(backups.dir, 'monas-copy.db');
      copyFileSync((await self.c.ok('backupJournal')).path, copy);
      return copy;
    },
    /** What the PC's user does while the counter is closed: another copy of the journal put in its place. */
    putInPlace(copy: string): void {
      for (const suffix of ['-wal', '-shm']) rmSync(self.file() + suffix, { force: true });
      copyFileSync(copy, self.file());
    },
    /** Runs `fn` on the LIVE journal's file with SQLite, as its PC's user can while the counter is closed. */
    withJournalFile<T>(fn: (db: Database.Database) => T): T {
      const db = new Database(self.file());
      try {
        return fn(db);
      } finally {
        db.close();
      }
    },
    /** Deletes the marks of the rewinds found (the append-only trigger dropped, the head moved back to the last entry left). */
    deleteRewindMarks(): void {
      self.withJournalFile((db) => {
        db.exec('DROP TRIGGER IF EXISTS entries_no_delete');
        db.prepare("DELETE FROM entries WHERE type = 'journal.rewound'").run();
        const head = db.prepare('SELECT seq, hash FROM entries ORDER BY seq DESC LIMIT 1').get() as { seq: number; hash: string };
        db.prepare('UPDATE journal_head SET seq = ?, hash = ?').run(head.seq, head.hash);
      });
    },
  };
  beforeAll(async () => {
    api = await sandbox();
    keychain = memoryKeychain(keychainWith('cid_live_demo', api.baseUrl));
  });
  afterAll(async () => {
    await self.stop();
    await api?.close();
    tmp.cleanup();
    backups.cleanup();
  });
  return self;
}
