import { createCipheriv, createDecipheriv, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// Agent PINs are kept only as slow salted hashes (scrypt from node:crypto), sealed with the
// counter's PIN key (AES-256-GCM), a secret that lives only in the OS keychain (main/vault/pin-key.ts).
// A PIN has 10,000 to 100,000,000 values: a salted hash alone falls to a patient guesser, so the
// stored string is useless without the key; and a sealed hash (not an HMAC) can be re-sealed under
// another key without the PIN (a counter joining a station takes the station's key).
// The seal also binds whose PIN it is and what it opens: the agent's id, role and whether they are
// active are its additional data. The agents table beside the hash is a file anyone with the data
// folder can edit; an agent who makes herself a supervisor there, or copies her hash into a
// supervisor's row, holds a hash that no longer opens (a supervisor sets the PIN again).
// Self-describing:
//   scrypt-bound$<N>$<r>$<p>$<salt, base64url>$<iv ‖ sealed hash ‖ tag, base64url>
// Hashes of earlier versions are unbound: `scrypt-sealed$…` (sealed, no binding) and
// `scrypt$N$r$p$salt$hash` (no key). They never open a sign-in; the directory binds them once,
// at the first start of this version (AgentDirectory.resealUnder).

const COST = { N: 1 << 15, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const BOUND = 'scrypt-bound';
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

/** Whose PIN a hash is, and what it opens: sealed with it. */
export interface PinBinding {
  agentId: string;
  role: 'agent' | 'supervisor';
  active: boolean;
}

/**
 * What a PIN check found: `unreadable` is a hash this key cannot open for this binding (another
 * counter's key, or none, or an agent record changed outside the app); `unbound`, a hash of an
 * earlier version, which binds no role.
 */
export type PinVerdict = 'match' | 'wrong' | 'unreadable' | 'unbound';

interface Parsed {
  kind: typeof BOUND | typeof SEALED | typeof LEGACY;
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
  if (parts.length !== 6 || (parts[0] !== BOUND && parts[0] !== SEALED && parts[0] !== LEGACY)) return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > 1 << 20 || r > 32 || p > 16) return null;
  const body = Buffer.from(parts[5]!, 'base64url');
  const size = parts[0] === LEGACY ? KEY_BYTES : IV_BYTES + KEY_BYTES + TAG_BYTES;
  if (body.length !== size) return null;
  return { kind: parts[0], cost: { N, r, p }, salt: Buffer.from(parts[4]!, 'base64url'), body };
}

/** The additional data of a seal: the binding of a bound hash, the format's name alone for an earlier version's. */
function additionalData(binding: PinBinding | null): Buffer {
  if (!binding) return Buffer.from(SEALED);
  return Buffer.from(`${BOUND}\n${binding.agentId}\n${binding.role}\n${binding.active ? 'active' : 'inactive'}`);
}

function seal(hash: Buffer, key: Buffer, binding: PinBinding): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(additionalData(binding));
  return Buffer.concat([iv, cipher.update(hash), cipher.final(), cipher.getAuthTag()]);
}

/** The scrypt hash inside a sealed body, or null when this key did not seal it with this binding. */
function open(body: Buffer, key: Buffer, binding: PinBinding | null): Buffer | null {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, body.subarray(0, IV_BYTES));
    decipher.setAAD(additionalData(binding));
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

export async function hashPin(pin: string, key: Buffer, binding: PinBinding): Promise<string> {
  if (!PIN_PATTERN.test(pin)) throw new TypeError('A PIN is 4 to 8 digits');
  checkKey(key);
  const salt = randomBytes(SALT_BYTES);
  return format(BOUND, COST, salt, seal(await derive(pin, salt, COST), key, binding));
}

/**
 * Checks `pin` against a stored hash with the counter's key, for the agent the binding names.
 * Never throws for a bad hash (it is `unreadable`), and never opens a sign-in with an unbound one.
 */
export async function verifyPin(pin: string, stored: string, key: Buffer, binding: PinBinding): Promise<PinVerdict> {
  const parsed = parse(stored);
  if (!parsed) return 'unreadable';
  if (parsed.kind !== BOUND) return 'unbound';
  const expected = open(parsed.body, key, binding);
  if (!expected) return 'unreadable';
  if (!PIN_PATTERN.test(pin)) return 'wrong';
  return timingSafeEqual(await derive(pin, parsed.salt, parsed.cost), expected) ? 'match' : 'wrong';
}

/** True for a hash of an earlier version, kept without a key (crackable from the file alone). */
export function isLegacyHash(stored: string): boolean {
  return parse(stored)?.kind === LEGACY;
}

/** True for a hash of this version: sealed with whose PIN it is and what it opens. */
export function isBoundHash(stored: string): boolean {
  return parse(stored)?.kind === BOUND;
}

/**
 * The same PIN's hash sealed under `to` for `binding`. A bound hash is opened with `from` and the
 * binding it was sealed for (`was`, by default the same); an earlier version's is opened with
 * `from` (sealed) or as it is (unkeyed). Null when it does not open.
 */
export function reseal(stored: string, from: Buffer | null, to: Buffer, binding: PinBinding, was: PinBinding = binding): string | null {
  checkKey(to);
  const parsed = parse(stored);
  if (!parsed) return null;
  const hash = parsed.kind === LEGACY ? parsed.body : from ? open(parsed.body, from, parsed.kind === BOUND ? was : null) : null;
  return hash ? format(BOUND, parsed.cost, parsed.salt, seal(hash, to, binding)) : null;
}
