// The WAL is copied into the database file between sales, not inside a commit: commits followed by
// a turn of the event loop leave the WAL at the size of about CHECKPOINT_AFTER commits (it starts
// over once checkpointed); commits in a loop that never yields are checkpointed every 1,000.
import { statSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { openTempJournal } from './helpers.ts';

let t: ReturnType<typeof openTempJournal>;
afterEach(() => t.cleanup());

const walBytes = () => statSync(`${t.journal.path}-wal`).size;
const commitOne = (i: number) => t.journal.transaction(() => t.journal.append('hold.released', { holdId: `hold-${i}`, agentId: 'agent-1' }));
const wal = () => t.journal.walState();
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('the journal checkpoint', () => {
  it('runs when the event loop turns after 100 commits, never inside a commit', async () => {
    t = openTempJournal();
    for (let i = 0; i < 99; i++) commitOne(i);
    await turn();
    expect(wal().checkpointed).toBe(0);
    commitOne(99); // the 100th commit does not checkpoint itself…
    expect(wal().checkpointed).toBe(0);
    await turn(); // …the turn of the event loop after it does
    expect(wal()).toMatchObject({ checkpointed: wal().log });
    const size = walBytes();
    for (let i = 100; i < 2_000; i++) {
      commitOne(i);
      await turn();
    }
    // 1,900 commits later the WAL has started over again and again: it is no larger than then
    expect(walBytes()).toBeLessThanOrEqual(size);
  });

  it('runs at once every 1,000 commits when the loop never yields', () => {
    t = openTempJournal();
    for (let i = 0; i < 999; i++) commitOne(i);
    expect(wal().checkpointed).toBe(0);
    commitOne(999);
    const after = wal();
    expect(after.checkpointed).toBe(after.log);
  });
});
