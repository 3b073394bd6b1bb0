import { afterEach, describe, expect, it } from 'vitest';
import { adoptEntries } from '../../../../main/journal/adopt.ts';
import { entryHash } from '../../../../main/journal/chain.ts';
import type { StoredEntry } from '../../../../main/journal/journal.ts';
import { openShiftView } from '../../../../main/journal/queries/shifts.ts';
import { openTempJournal } from './helpers.ts';

// A restored journal takes the entries the station holds beyond its backup through the journal's
// own door (main/journal/adopt.ts): each must follow the head, match its hash and pass its schema.

describe('adopting entries from the station', () => {
  const opened: ReturnType<typeof openTempJournal>[] = [];
  const open = () => {
    const t = openTempJournal();
    opened.push(t);
    return t.journal;
  };
  afterEach(() => opened.splice(0).forEach((t) => t.cleanup()));

  const openShifts = (j: ReturnType<typeof open>, n: number) =>
    j.transaction(() => {
      for (let i = 0; i < n; i++) j.append('shift.opened', { shiftId: `s${i}`, agentId: 'agent-1', businessDay: '2026-07-01', implicit: true }, { shiftId: `s${i}` });
    });

  /** An entry that follows `after` with a hash of its own, whatever its payload says. */
  const following = (after: StoredEntry, type: string, payload: string, counterId: string): StoredEntry => {
    const e = { seq: after.seq + 1, at: after.at, type, payload, prevHash: after.hash, chainedCounter: true, shiftId: null };
    return { ...e, hash: entryHash({ ...e, counterId }) };
  };

  it('takes entries that follow the head, stored as written and folded into the read models', () => {
    const old = open();
    openShifts(old, 3);
    const restored = open();
    expect(adoptEntries(restored, old.storedPage(0, 10))).toBe(3);
    expect(restored.storedPage(0, 10)).toEqual(old.storedPage(0, 10));
    expect(restored.verify()).toEqual({ ok: true, entries: 3, firstBadSeq: null });
    expect(openShiftView(restored, 'agent-1')).toMatchObject({ shiftId: 's2', implicit: true });
  });

  it('refuses an entry that does not follow the head, taking none of the page', () => {
    const old = open();
    openShifts(old, 3);
    const restored = open();
    expect(() => adoptEntries(restored, old.storedPage(1, 10))).toThrow(expect.objectContaining({ error: expect.objectContaining({ code: 'backup_corrupt' }) }));
    expect(restored.lastSeq()).toBe(0);
  });

  it('refuses an entry whose hash holds but whose payload fails its schema, naming its seq', () => {
    const old = open();
    openShifts(old, 1);
    const [first] = old.storedPage(0, 1);
    const bad = following(first!, 'shift.opened', '{"agentId":"agent-1","implicit":"yes"}', old.counterId);
    const restored = open();
    expect(() => adoptEntries(restored, [first!, bad])).toThrow(/entry 2 is not a valid entry \(shift\.opened/);
    expect(restored.lastSeq()).toBe(0);
  });
});
