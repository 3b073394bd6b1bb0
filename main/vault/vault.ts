import { z } from 'zod';
import type { CredentialView, KeychainProblem } from '../../contract/counter.ts';
import { KeychainUnavailable, type Keychain } from './keychain.ts';
import { environmentOf, maskClientId, SLOTS, type ApiEnvironment, type Slot } from './credentials.ts';

const Stored = z.object({
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  baseUrl: z.string().min(1),
  savedAt: z.string(),
});
export type StoredCredential = z.infer<typeof Stored>;

export interface HeldCredential extends StoredCredential {
  slot: Slot;
  environment: ApiEnvironment;
}

/**
 * The Partner API credentials, two slots (for rotation), each one keychain entry holding
 * client id, secret and base URL together. Nothing of them is kept anywhere else.
 */
export class Vault {
  readonly #keychain: Keychain;

  constructor(keychain: Keychain) {
    this.#keychain = keychain;
  }

  /** null when the keychain answers; otherwise why it cannot be used. */
  async problem(): Promise<KeychainProblem | null> {
    try {
      await this.#keychain.probe();
      return null;
    } catch (err) {
      return err instanceof KeychainUnavailable ? err.problem : { reason: 'no_service', platform: 'other' };
    }
  }

  /** The held credentials, primary first. An unreadable entry counts as absent. */
  async read(): Promise<HeldCredential[]> {
    const held: HeldCredential[] = [];
    for (const slot of SLOTS) {
      const raw = await this.#keychain.get(slot);
      if (raw === null) continue;
      let parsed: StoredCredential;
      try {
        parsed = Stored.parse(JSON.parse(raw));
      } catch {
        continue;
      }
      let environment: ApiEnvironment;
      try {
        environment = environmentOf(parsed.clientId, parsed.clientSecret);
      } catch {
        continue;
      }
      held.push({ ...parsed, slot, environment });
    }
    return held;
  }

  async save(slot: Slot, credential: StoredCredential): Promise<void> {
    await this.#keychain.set(slot, JSON.stringify(Stored.parse(credential)));
  }

  async remove(slot: Slot): Promise<void> {
    await this.#keychain.delete(slot);
  }
}

/** What the renderer may know of a credential. */
export function viewOf(c: HeldCredential): CredentialView {
  return { slot: c.slot, environment: c.environment, clientIdMasked: maskClientId(c.clientId), baseUrl: c.baseUrl, savedAt: c.savedAt };
}
