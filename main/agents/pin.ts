import { createCipheriv, createDecipheriv, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// Agent PINs are kept only as slow salted hashes (scrypt from node:crypto), sealed with the
// counter's PIN key (AES-256-GCM), a secret that lives only in the OS keychain (main/vault/pin-key.ts).
// A PIN has 10,000 to 100,000,000 values: a salted hash alone falls to a patient guesser, so the
// stored string is useless without the key; and a sealed hash (not an HMAC) can be re-sealed under
// another key without the PIN (a counter joining a station takes the station's key). Self-describing:
//   scrypt-sealed$<N>$<r>$<p>$<salt, base64url>$<iv ‖ sealed hash ‖ tag, base64url>
// Hashes of earlier versions (`scrypt$N$r$p$salt$hash`, no key) are still read, and sealed by
// `sealLegacy` at start.

const COST = { N: 1 << 15, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const SEALED = 'scrypt-sealed';
const LEGACY = 'scrypt';

/** Digits only, 4 to 8: what a PIN pad takes (the role sets the minimum: `pinRuleFor`). */
export const PIN_PATTERN = /^[0-9]{4,8}$/;
/** A supervisor's PIN opens more than the drawer: at least 6 digits. */
export const MIN_PIN_DIGITS = { agent: 4, supervisor: 6 } as const;

/** True when the PIN is long enough for the role. */
export function pinFitsRole(pin: string, role: 'agent' | 'supervisor'): boolean {
  return PIN_PATTERN.test(pin) && pin.length >= MIN_PIN_DIGITS[role];
}

/** What a PIN check found: `unreadable` is a hash this key cannot open (another counter's key, or none). */
export type PinVerdict = 'match' | 'wrong' | 'unreadable';

interface Parsed {
  kind: typeof SEALED | typeof LEGACY;
  cost: { N: number; r: number; p: number };
  salt: Buffer;
  body: Buffer;
}

function derive(pin: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  const opts: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
  return new Promise((resolve, reject) => scrypt(pin, salt, KEY_BYTES, opts, (err, key) => (err ? reject(err) : resolve(key))));
}

function parse(stored: string): Parsed | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || (parts[0] !== SEALED && parts[0] !== LEGACY)) return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > 1 << 20 || r > 32 || p > 16) return null;
  const body = Buffer.from(parts[5]!, 'base64url');
  const size = parts[0] === SEALED ? IV_BYTES + KEY_BYTES + TAG_BYTES : KEY_BYTES;
  if (body.length !== size) return null;
  return { kind: parts[0], cost: { N, r, p }, salt: Buffer.from(parts[4]!, 'base64url'), body };
}

function seal(hash: Buffer, key: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(SEALED));
  return Buffer.concat([iv, cipher.update(hash), cipher.final(), cipher.getAuthTag()]);
}

/** The scrypt hash inside a sealed body, or null when this key did not seal it. */
function open(body: Buffer, key: Buffer): Buffer | null {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, body.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(SEALED));
    decipher.setAuthTag(body.subarray(IV_BYTES + KEY_BYTES));
    return Buffer.concat([decipher.update(body.subarray(IV_BYTES, IV_BYTES + KEY_BYTES)), decipher.final()]);
  } catch {
    return null;
  }
}

const format = (kind: string, cost: Parsed['cost'], salt: Buffer, body: Buffer) =>
  [kind, cost.N, cost.r, cost.p, salt.toString('base64url'), body.toString('base64url')].join('$');

function checkKey(key: Buffer): void {
  if (key.length !== KEY_BYTES) throw new TypeError('A PIN key is 32 bytes');
}

export async function hashPin(pin: string, key: Buffer): Promise<string> {
  if (!PIN_PATTERN.test(pin)) throw new TypeError('A PIN is 4 to 8 digits');
  checkKey(key);
  const salt = randomBytes(SALT_BYTES);
  return format(SEALED, COST, salt, seal(await derive(pin, salt, COST), key));
}

/** Checks `pin` against a stored hash with the counter's key. Never throws for a bad hash (it is `unreadable`). */
export async function verifyPin(pin: string, stored: string, key: Buffer): Promise<PinVerdict> {
  const parsed = parse(stored);
  if (!parsed) return 'unreadable';
  const expected = parsed.kind === SEALED ? open(parsed.body, key) : parsed.body;
  if (!expected) return 'unreadable';
  if (!PIN_PATTERN.test(pin)) return 'wrong';
  return timingSafeEqual(await derive(pin, parsed.salt, parsed.cost), expected) ? 'match' : 'wrong';
}

/** True for a hash of an earlier version, kept without a key (crackable from the file alone). */
export function isLegacyHash(stored: string): boolean {
  return parse(stored)?.kind === LEGACY;
}

/**
 * The same PIN's hash sealed under `to`: an unkeyed hash of an earlier version is sealed, a sealed
 * one is opened with `from` and sealed again. Null when `from` cannot open it.
 */
export function reseal(stored: string, from: Buffer | null, to: Buffer): string | null {
  checkKey(to);
  const parsed = parse(stored);
  if (!parsed) return null;
  const hash = parsed.kind === LEGACY ? parsed.body : from ? open(parsed.body, from) : null;
  return hash ? format(SEALED, parsed.cost, parsed.salt, seal(hash, to)) : null;
}
