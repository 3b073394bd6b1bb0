import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { rotatingLog } from '../../../../main/logging/rotating-log.ts';
import { manualClock, tempDir } from '../journal/helpers.ts';

let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp?.cleanup());

describe('the main process log', () => {
  it('rotates by size, keeps a bounded number of files, each the user’s alone', () => {
    tmp = tempDir();
    const dir = join(tmp.dir, 'logs');
    const clock = manualClock('2026-11-26T07:00:00.000Z');
    const log = rotatingLog({ dir, maxBytes: 200, keep: 2, now: () => clock.now() });
    for (let i = 0; i < 20; i++) log(`line ${String(i).padStart(2, '0')} ${'x'.repeat(40)}`);
    log('with an error', new Error('boom'));
    expect(readdirSync(dir).sort()).toEqual(['main.log', 'main.log.1', 'main.log.2']);
    for (const f of ['main.log.1', 'main.log.2']) expect(statSync(join(dir, f)).size).toBeLessThanOrEqual(200);
    for (const f of readdirSync(dir)) {
      expect(statSync(join(dir, f)).mode & 0o777).toBe(0o600);
    }
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const live = readFileSync(join(dir, 'main.log'), 'utf8');
    expect(live).toMatch(/^2026-11-26T07:00:00.000Z /);
    expect(live).toContain('with an error Error: boom');
    // The oldest lines are gone: at most three files' worth is kept.
    const all = readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8')).join('');
    expect(all).not.toContain('line 00');
    expect(all).toContain('line 19');
  });
});
