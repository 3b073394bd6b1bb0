import { randomBytes } from 'node:crypto';
import { AppFailure } from '../failure.ts';
import { KeychainUnavailable, type Keychain } from './keychain.ts';

// The PIN key (a pepper): 32 random bytes that seal every agent's PIN hash (main/agents/pin.ts).
// It lives only in the OS keychain, beside the Partner API credentials, never in a file or in the
// station database: a copied data folder or a station database login gives hashes no one can test
// a guess against. The counters of one station share it as the "station secret", which a
// supervisor exports from the first counter and types on the next when linking it.

/** The PIN keys held: null where the keychain cannot be read. */
export interface PinKeys {
  current: Buffer;
  /** The key this counter held before it adopted the station's (hashes of another environment's journal). */
  previous: Buffer | null;
}

/** The keychain account of the PIN key (beside the credentials' slots, in the app's service). */
export const PIN_KEY_ACCOUNT = 'pin-key';
const CURRENT = PIN_KEY_ACCOUNT;
const PREVIOUS = 'pin-key-previous';
const KEY_BYTES = 32;
const CHECK_BYTES = 2;
/** Crockford's base32: no I, L, O or U, so a secret read aloud or copied by hand survives. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const PREFIX = 'SHB1';

const encodeKey = (key: Buffer) => key.toString('base64url');
const decodeKey = (text: string | null): Buffer | null => {
  const key = text === null ? null : Buffer.from(text, 'base64url');
  return key && key.length === KEY_BYTES ? key : null;
};

export class PinKeyStore {
  readonly #keychain: Keychain;

  constructor(keychain: Keychain) {
    this.#keychain = keychain;
  }

  /** The keys held, a new key made on the first start. Rejects (keychain_unavailable) when the keychain cannot be read. */
  async load(): Promise<PinKeys> {
    let current = decodeKey(await this.#keychain.get(CURRENT));
    if (!current) {
      await this.#keychain.set(CURRENT, encodeKey(randomBytes(KEY_BYTES)));
      // Read back: of two counters of one user starting for the first time at once, both keep the last one written.
      current = decodeKey(await this.#keychain.get(CURRENT));
      if (!current) throw new KeychainUnavailable('no_service', 'the PIN key just saved cannot be read back');
    }
    return { current, previous: decodeKey(await this.#keychain.get(PREVIOUS)) };
  }

  /** Adopts another key (the station's); the one held until now is kept as the previous key. */
  async adopt(keys: PinKeys, next: Buffer): Promise<PinKeys> {
    if (next.equals(keys.current)) return keys;
    await this.#keychain.set(PREVIOUS, encodeKey(keys.current));
    await this.#keychain.set(CURRENT, encodeKey(next));
    return { current: next, previous: keys.current };
  }
}

/**
 * The check written after the key: CRC-16/CCITT of the key's bytes. A one-letter typo changes at
 * most five adjacent bits of what is read back, and a CRC-16 catches every burst of up to 16 bits,
 * so every one-letter typo is caught (a truncated hash would miss one in 65,536).
 */
function checkOf(key: Buffer): Buffer {
  let crc = 0xffff;
  for (const byte of key) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return Buffer.from([crc >> 8, crc & 0xff]).subarray(0, CHECK_BYTES);
}

function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return bits > 0 ? out + ALPHABET[(value << (5 - bits)) & 31] : out;
}

/** The station secret as a supervisor writes it down: SHB1-XXXX-XXXX-… (the key and a check). */
export function stationSecretText(key: Buffer): string {
  const groups = base32(Buffer.concat([key, checkOf(key)])).match(/.{1,4}/g)!;
  return [PREFIX, ...groups].join('-');
}

/** The key of a typed station secret (case, spaces and dashes forgiven); invalid_argument for a typo. */
export function parseStationSecret(text: string): Buffer {
  const invalid = () => new AppFailure('invalid_argument', 'That is not a station secret: check it letter by letter', { fields: [{ field: 'secret', message: 'not a station secret' }] });
  const clean = text
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
  if (!clean.startsWith(PREFIX)) throw invalid();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const ch of clean.slice(PREFIX.length)) {
    const digit = ALPHABET.indexOf(ch);
    if (digit < 0) throw invalid();
    value = (value << 5) | digit;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
      value &= (1 << bits) - 1;
    }
  }
  // The last letter's spare bits are zero in a secret this counter wrote: anything else is a typo.
  if (bytes.length !== KEY_BYTES + CHECK_BYTES || value !== 0) throw invalid();
  const all = Buffer.from(bytes);
  const key = all.subarray(0, KEY_BYTES);
  if (!checkOf(key).equals(all.subarray(KEY_BYTES))) throw invalid();
  return Buffer.from(key);
}
