import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { PinKeys } from './pin-key.ts';

// A setting that guards the counter (how soon an idle screen locks) is kept in a file the PC's
// user can edit. It is saved with a seal: an HMAC, with a key derived from the keychain's PIN
// key, of the setting's name and value. A value edited by hand opens no seal.

const keys = new WeakMap<Buffer, Buffer>();

function sealKeyOf(pinKey: Buffer): Buffer {
  let key = keys.get(pinKey);
  if (!key) keys.set(pinKey, (key = Buffer.from(hkdfSync('sha256', pinKey, Buffer.alloc(0), 'shubbak counter setting seal v1', 32))));
  return key;
}

const macOf = (pinKey: Buffer, name: string, value: string): Buffer => createHmac('sha256', sealKeyOf(pinKey)).update(`${name}\n${value}`).digest().subarray(0, 16);

export interface SettingSeal {
  /** The seal of a value (null: no PIN key is held, nothing can be sealed). */
  make(name: string, value: string): string | null;
  /** Whether the seal was made for this value with the current or the previous PIN key. */
  opens(name: string, value: string, seal: string | undefined): boolean;
}

export function settingSeal(pinKeys: () => PinKeys | null): SettingSeal {
  return {
    make(name, value) {
      const held = pinKeys();
      return held ? macOf(held.current, name, value).toString('base64url') : null;
    },
    opens(name, value, seal) {
      const held = pinKeys();
      if (!held || seal === undefined) return false;
      const given = Buffer.from(seal, 'base64url');
      return [held.current, held.previous].some((k) => k !== null && given.length === 16 && timingSafeEqual(given, macOf(k, name, value)));
    },
  };
}
