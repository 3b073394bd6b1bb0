import { describe, expect, it } from 'vitest';
import { keyInForce } from '../../../../main/station/stream-verifier.ts';

describe("a counter's key in force when it added a settings row", () => {
  const keys = [
    { key: 'first', since: -Infinity },
    { key: 'after-restore', since: Date.parse('2026-11-26T08:00:00Z') },
  ];
  it.each([
    ['2026-11-25T12:00:00Z', 'first'],
    ['2026-11-26T07:59:59Z', 'first'],
    ['2026-11-26T08:00:00Z', 'after-restore'],
    ['2026-11-27T00:00:00Z', 'after-restore'],
  ])('at %s: %s', (at, key) => {
    expect(keyInForce(keys, Date.parse(at))).toBe(key);
  });
  it('none for a counter without an enrolled key', () => {
    expect(keyInForce([], Date.now())).toBeNull();
  });
});
