import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPin, reseal, verifyPin } from '../../../../main/agents/pin.ts';

const key = randomBytes(32);

describe('agent PINs', () => {
  it('are kept as salted scrypt hashes sealed with the PIN key, that never contain the PIN', async () => {
    const a = await hashPin('4821', key);
    const b = await hashPin('4821', key);
    expect(a).toMatch(/^scrypt-sealed\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{80}$/);
    expect(a).not.toBe(b); // salted
    expect(a).not.toContain('4821');
    expect(await verifyPin('4821', a, key)).toBe('match');
    expect(await verifyPin('4822', a, key)).toBe('wrong');
    expect(await verifyPin('48210', a, key)).toBe('wrong');
  });

  it('cannot be tested without the key: not with another key, not as a plain scrypt hash of the guess', async () => {
    const stored = await hashPin('4821', key);
    expect(await verifyPin('4821', stored, randomBytes(32))).toBe('unreadable');
    // what an offline guesser would do with the file alone: the scrypt of the right PIN with the
    // stored salt is nowhere in the stored string
    const [, N, r, p, salt, body] = stored.split('$');
    const guess = scryptSync('4821', Buffer.from(salt!, 'base64url'), 32, { N: Number(N), r: Number(r), p: Number(p), maxmem: 64 << 20 });
    expect(Buffer.from(body!, 'base64url').includes(guess)).toBe(false);
    expect(await verifyPin('4821', ['scrypt', N, r, p, salt, body].join('$'), randomBytes(32))).toBe('unreadable');
  });

  it('are sealed again under another key without the PIN (a station secret adopted)', async () => {
    const stored = await hashPin('482100', key);
    const next = randomBytes(32);
    const moved = reseal(stored, key, next)!;
    expect(await verifyPin('482100', moved, next)).toBe('match');
    expect(await verifyPin('482100', moved, key)).toBe('unreadable');
    expect(reseal(stored, randomBytes(32), next)).toBeNull();
  });

  it('refuses PINs that are not 4 to 8 digits, and hashes it cannot read', async () => {
    await expect(hashPin('12', key)).rejects.toThrow(/4 to 8 digits/);
    await expect(hashPin('12ab', key)).rejects.toThrow();
    const h = await hashPin('123456', key);
    expect(await verifyPin('123456', h.replace('scrypt-sealed', 'md5'), key)).toBe('unreadable');
    expect(await verifyPin('123456', 'scrypt-sealed$1099511627776$8$1$x$y', key)).toBe('unreadable');
    expect(await verifyPin('123456', 'garbage', key)).toBe('unreadable');
  });
});
