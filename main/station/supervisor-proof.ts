// A supervisor's PIN proof for the station's settings stream. Every counter must be able to check
// that a row was made by a supervisor who typed their PIN, without holding anything that lets it
// test a PIN cheaply (PIN hashes are sealed per station secret: main/agents/pin.ts). So each
// supervisor has a proof key: an Ed25519 key pair whose seed is scrypt(PIN, salt), the salt
// fixed per agent (agent ids are random UUIDs: no two agents anywhere share a salt, so no table of
// PINs serves two of them). The agent row that publishes a supervisor carries the
// public half; every row a supervisor authors is signed with the private half, derived on the
// counter where they typed their PIN and held in memory only while they are signed in there.
// The PIN never leaves that counter. An offline guesser holding a public proof key pays one
// scrypt per guess (PROOF_KDF: ≈ 0.45 s of one core, so 10^6 six-digit PINs ≈ 5 days).
import { createHash, createPrivateKey, scrypt, type KeyObject, type ScryptOptions } from 'node:crypto';
import { signerOf, type CounterSigner } from './counter-key.ts';

/** scrypt's cost: 128 MiB and ≈ 0.45 s per derivation on one core of the lead's machine (docs/pending/proof.md). */
export const PROOF_KDF = { N: 1 << 17, r: 8, p: 1 } as const;

/** The DER prefix of an Ed25519 PKCS#8 private key; the 32-byte seed follows it. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The salt of an agent's proof key. */
export function proofSalt(agentId: string): Buffer {
  return createHash('sha256').update(`shubbak-supervisor-proof-v1\n${agentId}`).digest();
}

function seedOf(pin: string, salt: Buffer): Promise<Buffer> {
  const opts: ScryptOptions = { ...PROOF_KDF, maxmem: 256 * PROOF_KDF.N * PROOF_KDF.r };
  return new Promise((resolve, reject) => scrypt(pin, salt, 32, opts, (err, key) => (err ? reject(err) : resolve(key))));
}

function privateKeyOf(seed: Buffer): KeyObject {
  return createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

/** The supervisor's proof key from their PIN (its `publicKey` is what the agent row publishes). */
export async function deriveProofKey(agentId: string, pin: string): Promise<CounterSigner> {
  return signerOf(privateKeyOf(await seedOf(pin, proofSalt(agentId))));
}

/**
 * The proof keys of the supervisors who typed their PIN at this counter, by agent; kept in memory
 * only, forgotten when the counter locks or its agent signs out.
 */
export class SupervisorProofs {
  readonly #keys = new Map<string, Promise<CounterSigner>>();

  /** Derives (on libuv's thread pool, in the background) the proof key of a supervisor who just typed their PIN. */
  remember(agentId: string, pin: string): void {
    const key = deriveProofKey(agentId, pin);
    key.catch(() => undefined);
    this.#keys.set(agentId, key);
  }

  /** Keeps a proof key derived already (a supervisor who just set their own PIN). */
  keep(agentId: string, key: CounterSigner): void {
    this.#keys.set(agentId, Promise.resolve(key));
  }

  /** The supervisor's proof key, or null when they have not typed their PIN here since the screen last locked. */
  async keyOf(agentId: string): Promise<CounterSigner | null> {
    return (await this.#keys.get(agentId)?.catch(() => null)) ?? null;
  }

  forgetAll(): void {
    this.#keys.clear();
  }
}
