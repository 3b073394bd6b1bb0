import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CounterEnvironment } from '../../../../contract/counter.ts';
import { installationRefusal, worldOfRecord } from '../../../../main/agents/world-of-record.ts';
import { journalPath } from '../../../../main/session.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const worlds = (environment: CounterEnvironment, agentsInUse: boolean) => ({
  current: () => ({ environment, agentsInUse }),
  journalPath: (e: CounterEnvironment) => journalPath(dir, e),
});

describe('the world of record: the most real environment whose journal has agents', () => {
  it('is none before any environment has agents, and then any environment may change the counter', () => {
    dir = mkdtempSync(join(tmpdir(), 'shubbak-world-'));
    expect(worldOfRecord(worlds('TRAINING', false))).toBeNull();
    expect(installationRefusal(worlds('TRAINING', false))).toBeNull();
  });

  it('is the environment running when it is the only one with agents', () => {
    dir = mkdtempSync(join(tmpdir(), 'shubbak-world-'));
    expect(worldOfRecord(worlds('TRAINING', true))).toBe('TRAINING');
    expect(worldOfRecord(worlds('LIVE', true))).toBe('LIVE');
    expect(installationRefusal(worlds('LIVE', true))).toBeNull();
  });

  it('takes a journal file it cannot read as one with agents: LIVE holds the counter, TRAINING is refused', () => {
    dir = mkdtempSync(join(tmpdir(), 'shubbak-world-'));
    writeFileSync(journalPath(dir, 'LIVE'), 'not a database');
    expect(worldOfRecord(worlds('TRAINING', true))).toBe('LIVE');
    expect(installationRefusal(worlds('TRAINING', false))).toMatchObject({ code: 'counter_held_elsewhere' });
    expect(installationRefusal(worlds('SANDBOX', true))).toMatchObject({ code: 'counter_held_elsewhere' });
  });
});
