import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CounterEnvironment } from '../../../../contract/counter.ts';
import { installationRefusal, worldOfRecord } from '../../../../main/agents/world-of-record.ts';
import { journalPath } from '../../../../main/session.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'shubbak-world-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const running = (environment: CounterEnvironment) => ({ current: () => environment, journalPath: (e: CounterEnvironment) => journalPath(dir, e) });
/** A journal file SQLite cannot read: taken to have agents (the check fails closed). */
const unreadable = (environment: CounterEnvironment) => {
  mkdirSync(dirname(journalPath(dir, environment)), { recursive: true });
  writeFileSync(journalPath(dir, environment), 'not a database');
};

describe('the world of record: the environment running, unless a more real one has agents', () => {
  it('is the environment running when no more real one has a journal', () => {
    for (const e of ['LIVE', 'SANDBOX', 'TRAINING'] as const) {
      expect(worldOfRecord(running(e))).toBe(e);
      expect(installationRefusal(running(e))).toBeNull();
    }
  });

  it('is LIVE for TRAINING and SANDBOX once LIVE has agents; LIVE itself is never refused', () => {
    unreadable('LIVE');
    expect(worldOfRecord(running('TRAINING'))).toBe('LIVE');
    expect(installationRefusal(running('TRAINING'))).toMatchObject({ code: 'counter_held_elsewhere' });
    expect(installationRefusal(running('SANDBOX'))).toMatchObject({ code: 'counter_held_elsewhere' });
    expect(installationRefusal(running('LIVE'))).toBeNull();
  });

  it('never gives a less real world the counter: TRAINING’s agents do not hold a new LIVE counter back', () => {
    unreadable('TRAINING');
    expect(worldOfRecord(running('LIVE'))).toBe('LIVE');
    expect(installationRefusal(running('SANDBOX'))).toBeNull();
  });
});
