// This counter's Ed25519 key pair for the station database: the private key in the OS keychain
// (made on first use, never written to a file), the public key enrolled by the administrator
// (`npm run station -- enrol --key`). What it signs: the head of its journal's chain with every
// batch it ships (the chain links every entry before the head), and every row it adds to the
// station's settings stream. Anyone holding the station database's login but not this PC's
// keychain can insert nothing that verifies as this counter's.
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import type { Keychain } from '../vault/keychain.ts';

/** The keychain account of the counter's private key (beside the Partner API's slots). */
export const COUNTER_KEY_ACCOUNT = 'station-counter-key';

/** The DER prefix of an Ed25519 SubjectPublicKeyInfo; the raw 32-byte key follows it. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export interface CounterSigner {
  /** The raw public key, base64 (44 characters): what the administrator enrols. */
  publicKey: string;
  /** What the counter shows and `enrol` prints, to compare by eye. */
  fingerprint: string;
  sign(message: string): string;
}

export function publicKeyObject(publicKey: string): KeyObject {
  const raw = Buffer.from(publicKey, 'base64');
  if (raw.length !== 32) throw new Error('an Ed25519 public key is 32 bytes (44 base64 characters)');
  return createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
}

/** SHA-256 of the raw public key, its first 16 bytes in groups of four hex digits. */
export function keyFingerprint(publicKey: string): string {
  const hex = createHash('sha256').update(Buffer.from(publicKey, 'base64')).digest('hex').slice(0, 32);
  return hex.match(/.{4}/g)!.join(' ');
}

/**
 * Signatures found good, remembered: a station's report reads each counter's closing head again
 * at every refresh (50 verifications, a twentieth of the report). Bounded; the oldest go first.
 */
const goodSignatures = new Set<string>();
const GOOD_SIGNATURES_KEPT = 10_000;

export function verifySignature(publicKey: string, message: string, signature: string): boolean {
  const key = `${publicKey} ${signature} ${message}`;
  if (goodSignatures.has(key)) return true;
  let good: boolean;
  try {
    good = verify(null, Buffer.from(message, 'utf8'), publicKeyObject(publicKey), Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
  if (good) {
    if (goodSignatures.size >= GOOD_SIGNATURES_KEPT) goodSignatures.delete(goodSignatures.values().next().value!);
    goodSignatures.add(key);
  }
  return good;
}

export function signerOf(privateKey: KeyObject): CounterSigner {
  const der = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  const publicKey = der.subarray(ED25519_SPKI_PREFIX.length).toString('base64');
  return {
    publicKey,
    fingerprint: keyFingerprint(publicKey),
    sign: (message) => sign(null, Buffer.from(message, 'utf8'), privateKey).toString('base64'),
  };
}

/** A new key pair (tests; and the first use on a counter). */
export function newCounterSigner(): { signer: CounterSigner; pem: string } {
  const { privateKey } = generateKeyPairSync('ed25519');
  return { signer: signerOf(privateKey), pem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString() };
}

/** The counter's key from the keychain, made and kept there the first time. */
export async function counterSigner(keychain: Keychain): Promise<CounterSigner> {
  const pem = await keychain.get(COUNTER_KEY_ACCOUNT);
  if (pem) return signerOf(createPrivateKey(pem));
  const made = newCounterSigner();
  await keychain.set(COUNTER_KEY_ACCOUNT, made.pem);
  return made.signer;
}

/** What a counter signs with each shipped batch: its chain's head (the batch's last entry). */
export const chainHeadMessage = (counterId: string, seq: number, hash: string) => `shubbak-chain-head-v1\n${counterId}\n${seq}\n${hash}`;
