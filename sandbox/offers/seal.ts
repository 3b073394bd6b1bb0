import { createCipheriv, createDecipheriv, createSecretKey, type KeyObject } from 'node:crypto';
import type { Environment } from '../../contract/partner/index.ts';
import { randomBytes } from '../ids.ts';

export const OFFER_TTL_S = 3600;
export const OFFER_PREFIX = 'off_';

/** Everything an offer id carries. Nothing about an offer is stored server-side. */
export interface OfferClaim {
  accountId: string;
  environment: Environment;
  departureKey: string;
  passengers: number;
  /** NET price per seat of each fare class of the service, in its order, when the offer was issued. */
  classPrices: number[];
  issuedAt: number; // epoch ms, simulated clock
  expiresAt: number;
}

/** When an offer issued at `issuedAt` expires (the seal keeps whole seconds). */
export const offerExpiresAt = (issuedAt: number): number => Math.floor(issuedAt / 1000) * 1000 + OFFER_TTL_S * 1000;

type Packed = [account: string, env: 'S' | 'L', key: string, passengers: number, issuedS: number, prices: number[]];

const IV_BYTES = 12;
const TAG_BYTES = 16;
const AAD = Buffer.from('shubbak-offer-v1');
const MAX_ID_LENGTH = 2048;
const MEMO_LIMIT = 50_000;

/**
 * Offer ids are AES-256-GCM sealed claims: `off_` + base64url(iv | ciphertext | tag). Any change
 * to the id fails authentication, so a modified or forged id reads exactly like an unknown one.
 */
export class OfferSeal {
  // A KeyObject, not the raw bytes: Node re-imports a raw key on every cipher (5x slower).
  readonly #key: KeyObject;
  // The same claim issued within the same second is the same offer: its id is sealed once and
  // reused for that second (a search repeated at a high rate costs no cipher calls).
  #memoSecond = -1;
  readonly #memo = new Map<string, string>();

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('offer seal key must be 32 bytes');
    this.#key = createSecretKey(key);
  }

  /** Seals a claim. The issue time is kept to the second: see offerExpiresAt. */
  seal(claim: Omit<OfferClaim, 'expiresAt'>): string {
    const issuedS = Math.floor(claim.issuedAt / 1000);
    const packed: Packed = [
      claim.accountId,
      claim.environment === 'LIVE' ? 'L' : 'S',
      claim.departureKey,
      claim.passengers,
      issuedS,
      claim.classPrices,
    ];
    const plain = JSON.stringify(packed);
    if (issuedS !== this.#memoSecond || this.#memo.size > MEMO_LIMIT) {
      this.#memo.clear();
      this.#memoSecond = issuedS;
    }
    let id = this.#memo.get(plain);
    if (id === undefined) {
      id = this.#encrypt(plain);
      this.#memo.set(plain, id);
    }
    return id;
  }

  #encrypt(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(AAD);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return OFFER_PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
  }

  /** The claim sealed in `id`, or null when the id is not one this database issued, intact. */
  open(id: string): OfferClaim | null {
    if (!id.startsWith(OFFER_PREFIX) || id.length > MAX_ID_LENGTH) return null;
    const encoded = id.slice(OFFER_PREFIX.length);
    const raw = Buffer.from(encoded, 'base64url');
    // Buffer.from skips characters outside the alphabet; only the canonical spelling is accepted.
    if (raw.length < IV_BYTES + TAG_BYTES + 1 || raw.toString('base64url') !== encoded) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(AAD);
      decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
      const plain = Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]);
      const [accountId, env, departureKey, passengers, issuedS, classPrices] = JSON.parse(plain.toString('utf8')) as Packed;
      const issuedAt = issuedS * 1000;
      return {
        accountId,
        environment: env === 'L' ? 'LIVE' : 'SANDBOX',
        departureKey,
        passengers,
        classPrices,
        issuedAt,
        expiresAt: offerExpiresAt(issuedAt),
      };
    } catch {
      return null;
    }
  }
}
