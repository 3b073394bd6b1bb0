import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { memoryKeychain } from '../../../../main/vault/keychain.ts';
import { parseStationSecret, PIN_KEY_ACCOUNT, PinKeyStore, stationSecretText } from '../../../../main/vault/pin-key.ts';

describe('the PIN key and the station secret', () => {
  it('is made once in the keychain and kept; adopting another keeps the old one as previous', async () => {
    const keychain = memoryKeychain();
    const store = new PinKeyStore(keychain);
    const first = await store.load();
    expect(first.current).toHaveLength(32);
    expect(first.previous).toBeNull();
    expect((await store.load()).current.equals(first.current)).toBe(true);
    const station = randomBytes(32);
    const adopted = await store.adopt(first, station);
    expect(adopted.current.equals(station) && adopted.previous!.equals(first.current)).toBe(true);
    expect(Buffer.from(keychain.entries.get(PIN_KEY_ACCOUNT)!, 'base64url').equals(station)).toBe(true);
    await expect(new PinKeyStore(memoryKeychain({}, true)).load()).rejects.toMatchObject({ error: { code: 'keychain_unavailable' } });
  });

  it('reads back as written, forgiving case, spaces and the letters people confuse; catches every one-letter typo', () => {
    for (let i = 0; i < 400; i++) {
      const key = randomBytes(32);
      const text = stationSecretText(key);
      expect(text).toMatch(/^SHB1(-[0-9A-HJKMNP-TV-Z]{1,4}){14}$/);
      expect(parseStationSecret(text).equals(key)).toBe(true);
      expect(parseStationSecret(` ${text.toLowerCase().replaceAll('-', ' ')} `).equals(key)).toBe(true);
      expect(parseStationSecret(text.replaceAll('0', 'O').replaceAll('1', 'l')).equals(key)).toBe(true);
      for (let at = 5; at < text.length; at++) {
        if (text[at] === '-') continue;
        const typo = text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
        expect(() => parseStationSecret(typo), typo).toThrow(/not a station secret/);
      }
    }
    expect(() => parseStationSecret('')).toThrow();
    expect(() => parseStationSecret('SHB1-0000')).toThrow();
  });
});
