import { rebuildReadModels } from '../../../../main/journal/read-models.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { entryHash, entryOfPreimage, entryPreimage, GENESIS_HASH, preimageHash } from '../../../../main/journal/chain.ts';
import { openTempJournal, TEST_COUNTER } from './helpers.ts';
import { journalDatabase } from '../../../../main/journal/journal.ts';

describe('entry hash', () => {
  it('is the hash entries written before kept (the encoding and the field order are frozen)', () => {
    const payload = '{"agentId":"agent-1","businessDay":"2026-07-01","implicit":true,"shiftId":"s1"}';
    const at = '2026-07-01T09:00:00.000Z';
    expect(entryHash({ seq: 1, prevHash: GENESIS_HASH, type: 'shift.opened', at, payload })).toBe(
      '991e1385de7cac3cee38e798e1da4e8bdbef14c17ac3a967d03a4093fd910d83',
    );
  });
});

describe('entry preimage', () => {
  const v2 = { seq: 41, prevHash: 'a'.repeat(64), type: 'sale.intent', at: '2026-07-01T09:00:00.000Z', payload: '{"agentName":"منى","note":"a\nb"}', counterId: 'ctr_1', shiftId: 's1' };

  it('is read back field for field (v2 with or without a shift, v1), the payload whole with its line feeds', () => {
    for (const e of [v2, { ...v2, shiftId: null }, { ...v2, counterId: null, shiftId: null }]) {
      expect(entryOfPreimage(entryPreimage(e))).toEqual(e);
      expect(preimageHash(entryPreimage(e))).toBe(entryHash(e));
    }
    expect(entryPreimage(v2)).toBe(`v2\n41\n${'a'.repeat(64)}\nsale.intent\n2026-07-01T09:00:00.000Z\nctr_1\ns1\n${v2.payload}`);
  });

  it('is refused with a line feed in any field but the payload, and read back as nothing when it is not one', () => {
    for (const field of ['prevHash', 'type', 'at', 'counterId', 'shiftId'] as const) expect(() => entryHash({ ...v2, [field]: 'x\ny' })).toThrow(/single-line/);
    for (const text of ['v2\n41\nabc', '041\nh\nt\nat\n{}', '0\nh\nt\nat\n{}', 'x\nh\nt\nat\n{}', '99999999999999999\nh\nt\nat\n{}']) expect(entryOfPreimage(text)).toBeNull();
  });
});

describe('hash chain', () => {
  let t: ReturnType<typeof openTempJournal>;
  afterEach(() => t.cleanup());

  const appendSome = (n: number) =>
    t.journal.transaction(() => {
      const first = t.journal.verify().entries;
      for (let i = first; i < first + n; i++) {
        t.journal.append('shift.opened', { shiftId: `s${i}`, agentId: 'agent-1', businessDay: '2026-07-01', implicit: true });
      }
    });

  it('chains each entry to the one before', () => {
    t = openTempJournal();
    appendSome(3);
    const rows = journalDatabase(t.journal).prepare('SELECT * FROM entries ORDER BY seq').all() as {
      seq: number;
      prev_hash: string;
      hash: string;
      type: string;
      payload: string;
      at: string;
      counter_id: string | null;
      shift_id: string | null;
    }[];
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(rows[0]!.prev_hash).toBe(GENESIS_HASH);
    expect(rows[1]!.prev_hash).toBe(rows[0]!.hash);
    for (const r of rows) {
      expect(r.counter_id).toBe(TEST_COUNTER);
      expect(entryHash({ seq: r.seq, prevHash: r.prev_hash, type: r.type, payload: r.payload, at: r.at, counterId: r.counter_id, shiftId: r.shift_id })).toBe(r.hash);
    }
    expect(t.journal.verify()).toEqual({ ok: true, entries: 3, firstBadSeq: null });
  });

  it('refuses UPDATE and DELETE while the triggers stand', () => {
    t = openTempJournal();
    appendSome(1);
    expect(() => journalDatabase(t.journal).prepare("UPDATE entries SET type = 'x'").run()).toThrow(/append-only/);
    expect(() => journalDatabase(t.journal).prepare('DELETE FROM entries').run()).toThrow(/append-only/);
  });

  it('refuses an append outside a transaction', () => {
    t = openTempJournal();
    expect(() => t.journal.append('shift.opened', { shiftId: 's', agentId: 'a', businessDay: 'd', implicit: true })).toThrow();
  });

  it('rolls back the entry with the transaction', () => {
    t = openTempJournal();
    appendSome(1);
    expect(() =>
      t.journal.transaction(() => {
        t.journal.append('shift.opened', { shiftId: 'x', agentId: 'agent-1', businessDay: '2026-07-01', implicit: true });
        throw new Error('boom');
      }),
    ).toThrow('boom');
    appendSome(1);
    expect(t.journal.verify()).toEqual({ ok: true, entries: 2, firstBadSeq: null });
  });

  const tamper = (sql: string) => {
    journalDatabase(t.journal).exec('DROP TRIGGER entries_no_update; DROP TRIGGER entries_no_delete;');
    journalDatabase(t.journal).exec(sql);
  };

  it('finds an edited entry', () => {
    t = openTempJournal();
    appendSome(5);
    tamper(`UPDATE entries SET payload = replace(payload, 's2', 's9') WHERE seq = 3`);
    expect(t.journal.verify()).toEqual({ ok: false, entries: 2, firstBadSeq: 3 });
  });

  it('finds an edited entry whose own hash was recomputed', () => {
    t = openTempJournal();
    appendSome(5);
    const r = journalDatabase(t.journal).prepare('SELECT * FROM entries WHERE seq = 2').get() as { prev_hash: string; at: string; type: string; shift_id: string | null };
    const payload = '{"agentId":"agent-1","businessDay":"2026-07-01","implicit":true,"shiftId":"forged"}';
    const hash = entryHash({ seq: 2, prevHash: r.prev_hash, type: r.type, payload, at: r.at, counterId: TEST_COUNTER, shiftId: r.shift_id });
    tamper(`UPDATE entries SET payload = '${payload}', hash = '${hash}' WHERE seq = 2`);
    expect(t.journal.verify().firstBadSeq).toBe(3);
  });

  it('finds a deleted entry in the middle', () => {
    t = openTempJournal();
    appendSome(5);
    tamper('DELETE FROM entries WHERE seq = 2');
    expect(t.journal.verify()).toEqual({ ok: false, entries: 1, firstBadSeq: 2 });
  });

  it('finds a deleted last entry', () => {
    t = openTempJournal();
    appendSome(5);
    tamper('DELETE FROM entries WHERE seq = 5');
    expect(t.journal.verify()).toMatchObject({ ok: false, firstBadSeq: 5 });
  });

  it('finds a changed counter or shift of an entry', () => {
    t = openTempJournal();
    appendSome(3);
    tamper(`UPDATE entries SET counter_id = 'ctr_other' WHERE seq = 2`);
    expect(t.journal.verify().firstBadSeq).toBe(2);
    t.cleanup();
    t = openTempJournal();
    t.journal.transaction(() => t.journal.append('shift.opened', { shiftId: 's', agentId: 'agent-1', businessDay: '2026-07-01', implicit: true }, { shiftId: 's' }));
    tamper(`UPDATE entries SET shift_id = 'other' WHERE seq = 1`);
    expect(t.journal.verify().firstBadSeq).toBe(1);
  });

  it('still verifies entries written before counters were named (v1 hash, no counter)', () => {
    t = openTempJournal();
    const v1 = { seq: 1, prevHash: GENESIS_HASH, type: 'shift.opened', at: '2026-07-01T08:00:00.000Z', payload: '{"agentId":"agent-1","businessDay":"2026-07-01","implicit":true,"shiftId":"legacy"}' };
    const hash = entryHash(v1);
    expect(hash).toBe(entryHash({ ...v1, counterId: null, shiftId: null }));
    expect(hash).not.toBe(entryHash({ ...v1, counterId: TEST_COUNTER }));
    journalDatabase(t.journal).prepare('INSERT INTO entries (seq, at, type, payload, prev_hash, hash) VALUES (1, ?, ?, ?, ?, ?)').run(v1.at, v1.type, v1.payload, v1.prevHash, hash);
    journalDatabase(t.journal).prepare('INSERT INTO journal_head (id, seq, hash) VALUES (1, 1, ?)').run(hash);
    rebuildReadModels(t.journal); // its read models, as that older counter wrote them from its entries
    appendSome(2);
    expect(t.journal.verify()).toEqual({ ok: true, entries: 3, firstBadSeq: null });
    expect([...t.journal.entries()].map((e) => e.counterId)).toEqual([TEST_COUNTER, TEST_COUNTER, TEST_COUNTER]);
  });

  it('finds a changed time or type', () => {
    t = openTempJournal();
    appendSome(3);
    tamper(`UPDATE entries SET at = '2020-01-01T00:00:00.000Z' WHERE seq = 1`);
    expect(t.journal.verify().firstBadSeq).toBe(1);
  });
});
