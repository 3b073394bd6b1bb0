import { describe, expect, it } from 'vitest';
import { AppFailure } from '../../../../main/failure.ts';
import { environmentOf, maskClientId, validateBaseUrl } from '../../../../main/vault/credentials.ts';
import { KeychainUnavailable, keychainRemedy, keytarKeychain, memoryKeychain } from '../../../../main/vault/keychain.ts';
import { Vault, viewOf } from '../../../../main/vault/vault.ts';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof AppFailure ? err.error.code : 'not an AppFailure';
  }
  return 'no error';
};

describe('credential prefixes', () => {
  it('tell the environment', () => {
    expect(environmentOf('cid_sandbox_demo', 'sk_sandbox_demo')).toBe('SANDBOX');
    expect(environmentOf('cid_live_abc123', 'sk_live_xyz')).toBe('LIVE');
  });
  it('must agree and be known', () => {
    expect(codeOf(() => environmentOf('cid_live_abc', 'sk_sandbox_abc'))).toBe('invalid_argument');
    expect(codeOf(() => environmentOf('cid_sandbox_abc', 'sk_live_abc'))).toBe('invalid_argument');
    expect(codeOf(() => environmentOf('client_abc', 'sk_live_abc'))).toBe('invalid_argument');
    expect(codeOf(() => environmentOf('cid_live_abc', 'secret'))).toBe('invalid_argument');
    expect(codeOf(() => environmentOf('cid_live_', 'sk_live_x'))).toBe('invalid_argument');
  });
  it('mask the client id to its prefix and last four', () => {
    expect(maskClientId('cid_live_0123456789abcd')).toBe('cid_live_…abcd');
    expect(maskClientId('cid_sandbox_demo_2')).toBe('cid_sandbox_…mo_2');
  });
});

describe('base URL', () => {
  it('accepts https anywhere and http on loopback only', () => {
    expect(validateBaseUrl('https://api.partner.example/v1/')).toBe('https://api.partner.example/v1');
    expect(validateBaseUrl('http://127.0.0.1:4010/v1')).toBe('http://127.0.0.1:4010/v1');
    expect(validateBaseUrl('http://127.8.9.10:4010/v1')).toBe('http://127.8.9.10:4010/v1');
    expect(validateBaseUrl('http://localhost:4010/v1')).toBe('http://localhost:4010/v1');
    expect(validateBaseUrl('http://[::1]:4010/v1')).toBe('http://[::1]:4010/v1');
  });
  it.each([
    'http://api.partner.example/v1',
    'http://10.0.0.5/v1',
    'http://192.168.1.2:4010/v1',
    'http://128.0.0.1/v1',
    'http://localhost.evil.example/v1',
    'http://[::2]/v1',
    'ftp://127.0.0.1/v1',
    'file:///etc/passwd',
    'not a url',
    'https://user:pw@api.partner.example/v1',
    'https://api.partner.example/v1?x=1',
  ])('refuses %s', (url) => {
    expect(codeOf(() => validateBaseUrl(url))).toBe('invalid_base_url');
  });
});

describe('vault', () => {
  const cred = { clientId: 'cid_live_0123456789abcd', clientSecret: 'sk_live_topsecret', baseUrl: 'https://x.example/v1', savedAt: 't' };

  it('keeps two slots in the keychain and shows only masks', async () => {
    const keychain = memoryKeychain();
    const vault = new Vault(keychain);
    await vault.save('secondary', cred);
    await vault.save('primary', { ...cred, clientId: 'cid_live_ffff0000' });
    const held = await vault.read();
    expect(held.map((c) => [c.slot, c.environment])).toEqual([
      ['primary', 'LIVE'],
      ['secondary', 'LIVE'],
    ]);
    const views = held.map(viewOf);
    expect(JSON.stringify(views)).not.toContain('topsecret');
    expect(JSON.stringify(views)).not.toContain('0123456789');
    expect(views[1]).toEqual({ slot: 'secondary', environment: 'LIVE', clientIdMasked: 'cid_live_…abcd', baseUrl: cred.baseUrl, savedAt: 't' });
    await vault.remove('primary');
    expect((await vault.read()).map((c) => c.slot)).toEqual(['secondary']);
  });

  it('skips an unreadable keychain entry', async () => {
    const vault = new Vault(memoryKeychain({ primary: 'garbage', secondary: JSON.stringify(cred) }));
    expect((await vault.read()).map((c) => c.slot)).toEqual(['secondary']);
  });

  it('says keychain_unavailable when there is no keychain, and never falls back', async () => {
    const vault = new Vault(memoryKeychain({}, true));
    expect(await vault.problem()).toMatchObject({ reason: 'no_service' });
    await expect(vault.save('primary', cred)).rejects.toMatchObject({ error: { code: 'keychain_unavailable' } });
    await expect(vault.read()).rejects.toMatchObject({ error: { code: 'keychain_unavailable' } });
  });

  it('says why the keychain is unavailable and what to install, per platform', async () => {
    const missing = keytarKeychain({ load: () => Promise.reject(Object.assign(new Error("Cannot find package 'keytar'"), { code: 'ERR_MODULE_NOT_FOUND' })) });
    const err = await missing.probe().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(KeychainUnavailable);
    expect((err as KeychainUnavailable).problem.reason).toBe('not_installed');
    await expect(new Vault(missing).problem()).resolves.toMatchObject({ reason: 'not_installed' });
    const linux = new KeychainUnavailable('not_installed', 'keytar was not built', 'linux');
    expect(linux.message).toMatch(/libsecret-1-0.*gnome-keyring/);
    expect(linux.message).not.toMatch(/\n/);
    expect(new KeychainUnavailable('cannot_load', 'libsecret-1.so.0 missing', 'linux').problem).toEqual({ reason: 'cannot_load', platform: 'linux' });
    expect(keychainRemedy({ reason: 'no_service', platform: 'linux' })).toMatch(/gnome-keyring/);
    expect(keychainRemedy({ reason: 'not_installed', platform: 'win32' })).toMatch(/Visual Studio Build Tools/);
    expect(keychainRemedy({ reason: 'not_installed', platform: 'darwin' })).toMatch(/Xcode/);
    expect(new KeychainUnavailable('no_service', 'x', 'freebsd').problem.platform).toBe('other');
  });

  it('turns a keytar that cannot load or does not answer into keychain_unavailable', async () => {
    const noLib = keytarKeychain({ load: () => Promise.reject(new Error('libsecret-1.so.0: cannot open shared object file')) });
    await expect(noLib.get('primary')).rejects.toMatchObject({ error: { code: 'keychain_unavailable' } });
    const hangs = keytarKeychain({
      timeoutMs: 50,
      load: async () => ({
        getPassword: () => new Promise<never>(() => {}),
        setPassword: () => new Promise<never>(() => {}),
        deletePassword: () => new Promise<never>(() => {}),
        findCredentials: () => new Promise<never>(() => {}),
      }),
    });
    await expect(hangs.probe()).rejects.toMatchObject({ error: { code: 'keychain_unavailable' } });
  });
});
