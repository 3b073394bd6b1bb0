import { describe, expect, it } from 'vitest';
import { hashPin, verifyPin } from '../../../../main/agents/pin.ts';

describe('agent PINs', () => {
  it('are kept as salted scrypt hashes that never contain the PIN', async () => {
    const a = await hashPin('4821');
    const b = await hashPin('4821');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b); // salted
    expect(a).not.toContain('4821');
    expect(await verifyPin('4821', a)).toBe(true);
    expect(await verifyPin('4822', a)).toBe(false);
    expect(await verifyPin('48210', a)).toBe(false);
  });

  it('refuses PINs that are not 4 to 8 digits, and hashes it cannot read', async () => {
    await expect(hashPin('12')).rejects.toThrow(/4 to 8 digits/);
    await expect(hashPin('12ab')).rejects.toThrow();
    const h = await hashPin('123456');
    expect(await verifyPin('123456', h.replace('scrypt', 'md5'))).toBe(false);
    expect(await verifyPin('123456', 'scrypt$1099511627776$8$1$x$y')).toBe(false);
    expect(await verifyPin('123456', 'garbage')).toBe(false);
  });
});
