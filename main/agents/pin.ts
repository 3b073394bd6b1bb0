import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// Agent PINs are kept only as slow salted hashes (scrypt from node:crypto), in a self-describing
// string so the cost can be raised later without breaking the hashes already stored:
//   scrypt$<N>$<r>$<p>$<salt, base64url>$<hash, base64url>

const COST = { N: 1 << 15, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;

/** 4 to 8 digits: what a PIN pad takes. */
export const PIN_PATTERN = /^[0-9]{4,8}$/;

function derive(pin: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  const opts: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
  return new Promise((resolve, reject) => scrypt(pin, salt, KEY_BYTES, opts, (err, key) => (err ? reject(err) : resolve(key))));
}

export async function hashPin(pin: string): Promise<string> {
  if (!PIN_PATTERN.test(pin)) throw new TypeError('A PIN is 4 to 8 digits');
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(pin, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when `pin` matches the stored hash; false for a wrong PIN or a hash it cannot read. */
export async function verifyPin(pin: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > 1 << 20) return false;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (expected.length !== KEY_BYTES || !PIN_PATTERN.test(pin)) return false;
  return timingSafeEqual(await derive(pin, salt, { N, r, p }), expected);
}
