// PIN hashes as versions before the binding (main/agents/pin.ts) wrote them: what an upgraded
// journal holds in its old entries, and what someone with the data folder could put back.
import { createCipheriv, randomBytes, scryptSync } from 'node:crypto';

const COST = { N: 32768, r: 8, p: 1, maxmem: 64 << 20 } as const;

/** `scrypt$N$r$p$salt$hash`: no key at all (versions before the PIN key). */
export function legacyHash(pin: string): string {
  const salt = randomBytes(16);
  return ['scrypt', 32768, 8, 1, salt.toString('base64url'), scryptSync(pin, salt, 32, COST).toString('base64url')].join('$');
}

/** `scrypt-sealed$…`: sealed with the PIN key, bound to no agent (versions before the binding). */
export function unboundSealedHash(pin: string, key: Buffer): string {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from('scrypt-sealed'));
  const body = Buffer.concat([iv, cipher.update(scryptSync(pin, salt, 32, COST)), cipher.final(), cipher.getAuthTag()]);
  return ['scrypt-sealed', 32768, 8, 1, salt.toString('base64url'), body.toString('base64url')].join('$');
}
