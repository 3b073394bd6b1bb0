// Journal.stmt shares one compiled statement per SQL text between every module of main/journal/:
// a caller that plucks must not change what the next caller of the same text reads.
import { afterEach, describe, expect, it } from 'vitest';
import { openTempJournal } from './helpers.ts';

let t: ReturnType<typeof openTempJournal>;
afterEach(() => t.cleanup());

describe('the journal statement cache', () => {
  it('gives every caller rows, whatever an earlier caller of the same text asked for', () => {
    t = openTempJournal();
    const sql = "SELECT value FROM meta WHERE key = 'environment'";
    expect(t.journal.stmt(sql).pluck().get()).toBe('TRAINING');
    expect(t.journal.stmt(sql).get()).toEqual({ value: 'TRAINING' });
    expect(t.journal.stmt(sql).pluck().get()).toBe('TRAINING');
  });
});
