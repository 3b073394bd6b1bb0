import { randomFillSync } from 'node:crypto';

// Random bytes are drawn from a pooled buffer: one syscall per 4 KiB instead of one per id.
const POOL_SIZE = 4096;
const pool = Buffer.allocUnsafe(POOL_SIZE);
let poolOffset = POOL_SIZE;

export function randomBytes(size: number): Buffer {
  if (poolOffset + size > POOL_SIZE) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const out = Buffer.from(pool.subarray(poolOffset, poolOffset + size));
  poolOffset += size;
  return out;
}

// Crockford base32: no I, L, O, U, so references read out over a counter stay unambiguous.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `prefix` + `length` random base32 characters, e.g. `PB-7K3M9Q2XRT`. */
export function reference(prefix: string, length = 10): string {
  const bytes = randomBytes(length);
  let out = prefix;
  for (let i = 0; i < length; i++) out += ALPHABET[bytes[i]! & 31];
  return out;
}

export const holdReference = (): string => reference('PH-');
export const bookingReference = (): string => reference('PB-');
export const transactionId = (): string => reference('txn_', 16).toLowerCase();
export const eventId = (): string => reference('evt_', 20).toLowerCase();

/** Uniform in [0, 1), from the same random pool. */
export function randomFraction(): number {
  return randomBytes(4).readUInt32LE(0) / 2 ** 32;
}
