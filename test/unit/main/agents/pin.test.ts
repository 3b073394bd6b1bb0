import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPin, isBoundHash, reseal, verifyPin, type PinBinding } from '../../../../main/agents/pin.ts';
import { legacyHash, unboundSealedHash } from '../../../support/old-pin-hashes.ts';

const key = randomBytes(32);
const mona: PinBinding = { agentId: 'agent-mona', role: 'agent', active: true };

describe('agent PINs', () => {
  it('are kept as salted scrypt hashes sealed with the PIN key, that never contain the PIN', async () => {
    const a = await hashPin('4821', key, mona);
    const b = await hashPin('4821', key, mona);
    expect(a).toMatch(/^scrypt-bound\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{80}$/);
    expect(a).not.toBe(b); // salted
    expect(a).not.toContain('4821');
    expect(await verifyPin('4821', a, key, mona)).toBe('match');
    expect(await verifyPin('4822', a, key, mona)).toBe('wrong');
    expect(await verifyPin('48210', a, key, mona)).toBe('wrong');
  });

  it('open only for the agent, role and state they were sealed for', async () => {
    const stored = await hashPin('4821', key, mona);
    expect(await verifyPin('4821', stored, key, { ...mona, role: 'supervisor' })).toBe('unreadable');
    expect(await verifyPin('4821', stored, key, { ...mona, active: false })).toBe('unreadable');
    expect(await verifyPin('4821', stored, key, { ...mona, agentId: 'agent-boss', role: 'supervisor' })).toBe('unreadable');
    // made a supervisor by whoever holds the key (a supervisor's save): it opens for that role only
    const promoted = reseal(stored, key, key, { ...mona, role: 'supervisor' }, mona)!;
    expect(await verifyPin('4821', promoted, key, { ...mona, role: 'supervisor' })).toBe('match');
    expect(await verifyPin('4821', promoted, key, mona)).toBe('unreadable');
    // without saying what it was sealed for, it does not open
    expect(reseal(stored, key, key, { ...mona, role: 'supervisor' })).toBeNull();
  });

  it('cannot be tested without the key: not with another key, not as a plain scrypt hash of the guess', async () => {
    const stored = await hashPin('4821', key, mona);
    expect(await verifyPin('4821', stored, randomBytes(32), mona)).toBe('unreadable');
    // what an offline guesser would do with the file alone: the scrypt of the right PIN with the
    // stored salt is nowhere in the stored string
    const [, N, r, p, salt, body] = stored.split('$');
    const guess = scryptSync('4821', Buffer.from(salt!, 'base64url'), 32, { N: Number(N), r: Number(r), p: Number(p), maxmem: 64 << 20 });
    expect(Buffer.from(body!, 'base64url').includes(guess)).toBe(false);
  });

  it("never open a sign-in with an earlier version's hash, keyed or not; only binding them makes them usable", async () => {
    const sealed = unboundSealedHash('4821', key);
    const plain = legacyHash('4821');
    for (const h of [sealed, plain]) {
      expect(isBoundHash(h)).toBe(false);
      expect(await verifyPin('4821', h, key, mona)).toBe('unbound');
      const bound = reseal(h, key, key, mona)!;
      expect(isBoundHash(bound)).toBe(true);
      expect(await verifyPin('4821', bound, key, mona)).toBe('match');
    }
    expect(reseal(sealed, randomBytes(32), key, mona)).toBeNull();
  });

  it('are sealed again under another key without the PIN (a station secret adopted)', async () => {
    const stored = await hashPin('482100', key, mona);
    const next = randomBytes(32);
    const moved = reseal(stored, key, next, mona)!;
    expect(await verifyPin('482100', moved, next, mona)).toBe('match');
    expect(await verifyPin('482100', moved, key, mona)).toBe('unreadable');
    expect(reseal(stored, randomBytes(32), next, mona)).toBeNull();
  });

  it('refuses PINs that are not 4 to 8 digits, and hashes it cannot read', async () => {
    await expect(hashPin('12', key, mona)).rejects.toThrow(/4 to 8 digits/);
    await expect(hashPin('12ab', key, mona)).rejects.toThrow();
    const h = await hashPin('123456', key, mona);
    expect(await verifyPin('123456', h.replace('scrypt-bound', 'md5'), key, mona)).toBe('unreadable');
    expect(await verifyPin('123456', 'scrypt-bound$1099511627776$8$1$x$y', key, mona)).toBe('unreadable');
    expect(await verifyPin('123456', 'garbage', key, mona)).toBe('unreadable');
  });
});
