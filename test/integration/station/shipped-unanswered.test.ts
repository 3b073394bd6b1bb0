// A batch the station database took whose answer never came back (the connection dropped after the
// commit): the station holds those entries, so what the counter says the station may hold covers
// them. A refund made while the station cannot be asked rests on it (main/refunds/service.ts: only
// sales the station has not received are paid back on what the counter alone knows); counting such
// a sale as not received would let this window and another both pay it back. Real PostgreSQL.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedEntryOf, type EntryRow } from '../../../main/journal/journal.ts';
import { stationPool } from '../../../main/station/database.ts';
import { newCounterSigner } from '../../../main/station/counter-key.ts';
import { JournalShipper, stationLastSeq, type ShippableJournal } from '../../../main/station/shipper.ts';
import { startPostgres, type TestPostgres } from '../../support/postgres.ts';
import { counterPerFile, sellOneSeat } from '../main/helpers.ts';

const t = counterPerFile('shubbak-unanswered-');
let db: TestPostgres;
let pool: pg.Pool;
let loseAnswers = false;

/** The pool, but a batch's answer is lost after the database committed it, while `loseAnswers`. */
const lossy = () =>
  new Proxy(pool, {
    get(target, prop, receiver) {
      if (prop !== 'query') return Reflect.get(target, prop, receiver) as unknown;
      return async (text: string, values?: unknown[]) => {
        const answer = await target.query(text, values);
        if (loseAnswers && text.includes('ship_entries')) throw new Error('Connection terminated unexpectedly');
        return answer;
      };
    },
  });

function journalOf(): ShippableJournal {
  const file = new Database(join(t.dir, 'training', 'journal.db'), { readonly: true });
  const counterId = (file.prepare("SELECT value FROM meta WHERE key = 'counter_id'").get() as { value: string }).value;
  return {
    counterId,
    lastSeq: () => (file.prepare('SELECT coalesce(max(seq), 0) AS n FROM entries').get() as { n: number }).n,
    storedPage: (after, limit) => (file.prepare('SELECT * FROM entries WHERE seq > ? ORDER BY seq LIMIT ?').all(after, limit) as EntryRow[]).map(storedEntryOf),
  };
}

beforeAll(async () => {
  db = await startPostgres({ station: true });
  pool = stationPool({ host: db.host, port: db.port, database: db.database, user: db.user });
});
afterAll(async () => {
  await pool?.end();
  db?.destroy();
});

describe('a batch the station took without its answer coming back', () => {
  it('counts as what the station may hold', async () => {
    const journal = journalOf();
    const shipper = new JournalShipper({ journal: () => journal, pool: lossy(), station: { id: 'stn_unanswered', name: 'Unanswered' }, environment: 'TRAINING', signer: newCounterSigner().signer, log: () => {} });
    try {
      await sellOneSeat(t.c, 'Hoda Salem', 1_000);
      await t.counter.printed();
      expect(await shipper.shipNow()).toMatchObject({ status: 'synced', backlog: 0 });
      const before = shipper.acknowledged()!;

      await sellOneSeat(t.c, 'Karim Nabil', 1_000);
      await t.counter.printed();
      const last = journal.lastSeq();
      expect(last).toBeGreaterThan(before);
      loseAnswers = true;
      expect((await shipper.shipNow()).status).toBe('offline');
      // the station holds the new sale
      expect(await stationLastSeq(pool, journal.counterId)).toBe(last);
      expect(shipper.acknowledged()).toBe(last);
    } finally {
      loseAnswers = false;
      await shipper.close();
    }
  });
});
