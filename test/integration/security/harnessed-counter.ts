// A whole counter (TRAINING) answering through its own transport (the web harness over HTTP) as an
// attacker at the counter would use it, restartable on the same data folder with the same
// in-memory keychain.
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import type { Result } from '../../../contract/errors.ts';
import { appendByHand } from '../../support/append-by-hand.ts';
import { startCounter, type Counter, type CounterOptions } from '../../../main/counter.ts';
import type { Dispatch } from '../../../main/dispatch.ts';
import { journalPath } from '../../../main/session.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import { CALL_PATH, startHarness, TOKEN_HEADER, type Harness } from '../../../main/web/harness.ts';
import { caller, tempDir, type Caller } from '../main/helpers.ts';

export const codeOf = (r: Result<unknown>): string => (r.ok ? 'ok' : r.error.code);

export function harnessedCounter(prefix: string, opts: Partial<CounterOptions> = {}) {
  const tmp = tempDir(prefix);
  const keychain = memoryKeychain();
  let counter: Counter | null = null;
  let harness: Harness | null = null;
  const self = {
    dir: tmp.dir,
    keychain,
    /** The TRAINING journal's file, as anyone with the data folder finds it. */
    journalFile: journalPath(tmp.dir, 'TRAINING'),
    /** Calls the counter running now (the one started last). */
    c: caller(((name, arg) => counter!.dispatch(name, arg)) as Dispatch) as Caller,
    async start(): Promise<void> {
      counter = await startCounter({ dataDir: tmp.dir, version: '0.1.0', keychain, ...opts });
      harness = await startHarness({ dispatch: counter.dispatch, rendererDir: import.meta.dirname });
    },
    async stop(): Promise<void> {
      await harness?.close();
      await counter?.close();
      harness = null;
      counter = null;
    },
    /** Opens the TRAINING journal's file with SQLite (read-only unless `write`), as anyone with the data folder can. */
    withJournalFile<T>(fn: (db: Database.Database) => T, write = false): T {
      const db = new Database(self.journalFile, { readonly: !write });
      try {
        db.pragma('busy_timeout = 5000');
        return fn(db);
      } finally {
        db.close();
      }
    },
    /** Appends an entry with SQLite, chained as the journal chains them (the chain has no key: anyone can). */
    appendByHand(type: string, payload: unknown, opts: { shiftId?: string | null } = {}): void {
      self.withJournalFile((db) => appendByHand(db, type, payload, opts), true);
    },
    /** Deletes the journal's last `count` entries with SQLite (the trigger dropped, the head moved back). */
    deleteLastEntries(count: number): void {
      self.withJournalFile((db) => {
        db.exec('DROP TRIGGER IF EXISTS entries_no_delete');
        const last = db.prepare('SELECT max(seq) FROM entries').pluck().get() as number;
        db.prepare('DELETE FROM entries WHERE seq > ?').run(last - count);
        const head = db.prepare('SELECT seq, hash FROM entries ORDER BY seq DESC LIMIT 1').get() as { seq: number; hash: string };
        db.prepare('UPDATE journal_head SET seq = ?, hash = ?').run(head.seq, head.hash);
      }, true);
    },
    /** One call through the harness, as the renderer in a browser makes it. */
    async overHttp(name: string, arg: unknown): Promise<Result<unknown>> {
      const res = await fetch(`${harness!.origin}${CALL_PATH}${name}`, { method: 'POST', headers: { [TOKEN_HEADER]: harness!.token }, body: JSON.stringify({ arg }) });
      expect(res.status).toBe(200);
      return (await res.json()) as Result<unknown>;
    },
    /** The id of each agent named, from the supervisor's list. */
    async agentIds<N extends string[]>(...names: N): Promise<{ [K in keyof N]: string }> {
      const agents = await self.c.ok('listAgents');
      return names.map((n) => agents.find((a) => a.name === n)!.id) as { [K in keyof N]: string };
    },
    async cleanup(): Promise<void> {
      await self.stop();
      tmp.cleanup();
    },
  };
  return self;
}
