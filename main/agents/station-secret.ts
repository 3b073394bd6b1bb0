import { timingSafeEqual } from 'node:crypto';
import { AppFailure } from '../failure.ts';
import { KeychainUnavailable } from '../vault/keychain.ts';
import { parseStationSecret, stationSecretText, type PinKeys, type PinKeyStore } from '../vault/pin-key.ts';
import type { AgentDirectory } from './directory.ts';

// The counter's PIN keys while it runs, and the station secret: the same key exported by a
// supervisor of the first counter of a station and typed on the next one, so that the station's
// agents sign in with the same PIN at every window. Never sent to the station database.

export class CounterPinKeys {
  readonly #store: PinKeyStore | null;
  #keys: PinKeys | null;

  /** `store` null: the keychain cannot be read, and no PIN can be made or checked. */
  constructor(store: PinKeyStore | null, keys: PinKeys | null) {
    this.#store = store;
    this.#keys = keys;
  }

  get(): PinKeys | null {
    return this.#keys;
  }

  #held(): { store: PinKeyStore; keys: PinKeys } {
    if (!this.#store || !this.#keys) throw new KeychainUnavailable('no_service', 'the PIN key cannot be read from the keychain');
    return { store: this.#store, keys: this.#keys };
  }

  /** The station secret as text; the caller has checked a supervisor's PIN. */
  exportText(): string {
    return stationSecretText(this.#held().keys.current);
  }

  /** Whether `text` is the station secret of the key held (a first supervisor over a lost journal proves with it). */
  isSecretOfKey(text: string): boolean {
    const held = this.#keys?.current;
    if (!held) return false;
    let typed: Buffer;
    try {
      typed = parseStationSecret(text);
    } catch {
      return false;
    }
    return typed.length === held.length && timingSafeEqual(typed, held);
  }

  /**
   * Adopts a typed station secret. A supervisor's PIN proves the right to do it, checked with the
   * key that opens their PIN hash: this counter's (a counter joining a station), or the secret's
   * own (a counter whose key was lost: a secret of someone's own making opens no hash and is
   * refused). A counter with no agent yet acts as its own supervisor: no PIN. Every hash the old
   * key opens is sealed again under the new one.
   */
  async importText(directory: AgentDirectory, text: string, supervisorId: string | undefined, pin: string | undefined): Promise<void> {
    const { store, keys } = this.#held();
    const next = parseStationSecret(text);
    if (directory.inUse()) await this.#supervisorProves(directory, next, keys, supervisorId ?? '', pin ?? '');
    this.#keys = await store.adopt(keys, next);
    directory.resealUnder(this.#keys);
  }

  async #supervisorProves(directory: AgentDirectory, next: Buffer, keys: PinKeys, supervisorId: string, pin: string): Promise<void> {
    const withKey = directory.keyOpens(supervisorId, keys.current) ? undefined : directory.keyOpens(supervisorId, next) ? next : undefined;
    const supervisor = await directory.check(supervisorId, pin, withKey);
    if (supervisor.role !== 'supervisor') throw new AppFailure('forbidden_role', 'Only a supervisor adopts the station secret');
  }
}
