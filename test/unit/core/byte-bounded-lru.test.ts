import { describe, expect, it } from 'vitest';
import { ByteBoundedLru, stringBytes } from '../../../core/byte-bounded-lru.ts';

describe('ByteBoundedLru', () => {
  const bySize = () => new ByteBoundedLru<string, number>(100, (_k, v) => v);

  it('keeps the total under its bytes, the least recently used out first', () => {
    const c = bySize();
    c.set('a', 40);
    c.set('b', 40);
    expect(c.get('a')).toBe(40); // a is now the most recent
    c.set('c', 40); // 120 > 100: b goes
    expect([...c.keys()]).toEqual(['a', 'c']);
    expect(c.bytes).toBe(80);
    expect(c.get('b')).toBeUndefined();
  });

  it('replaces an entry in place and never keeps one larger than the budget', () => {
    const c = bySize();
    c.set('a', 30);
    c.set('a', 50);
    expect(c.bytes).toBe(50);
    expect(c.size).toBe(1);
    c.set('huge', 101);
    expect(c.get('huge')).toBeUndefined();
    expect(c.bytes).toBe(50);
    expect(c.delete('a')).toBe(true);
    expect(c.bytes).toBe(0);
  });

  it('stays within its bound whatever is poured into it (a day of unique strings)', () => {
    const c = new ByteBoundedLru<string, string>(64 * 1024, (k, v) => stringBytes(k) + stringBytes(v));
    for (let i = 0; i < 100_000; i++) c.set(`PB-${i.toString(36)}`, `name ${i} ${'x'.repeat(i % 50)}`);
    expect(c.bytes).toBeLessThanOrEqual(64 * 1024);
    expect(c.size).toBeGreaterThan(300);
    expect(c.get('PB-0')).toBeUndefined();
    expect(c.get(`PB-${(99_999).toString(36)}`)).toBe(`name 99999 ${'x'.repeat(99_999 % 50)}`);
  });
});
