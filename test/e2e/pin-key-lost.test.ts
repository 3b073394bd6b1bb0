import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCounter } from '../../main/counter.ts';
import { memoryKeychain } from '../../main/vault/keychain.ts';
import { axeFindings, report, tabWalk } from '../support/a11y.ts';
import { countersPerFile, plain, setLanguage, shot, type Counter } from '../support/sale.ts';
import { keychainWith, sandbox, tempDir } from '../integration/main/helpers.ts';

// A LIVE counter whose keychain lost its PIN key (a new user profile), in Chromium: its agents
// are there but no PIN can be checked. The screen asks for the station secret with a supervisor's
// PIN, and offers to make a supervisor again under it: one screen, one main landmark, one h1, in
// English and in Arabic, through the same accessibility audit as every screen.

const data = tempDir('shubbak-e2e-pin-key-lost-');
let api: Awaited<ReturnType<typeof sandbox>>;
let c: Counter;
beforeAll(async () => {
  api = await sandbox();
  const before = await startCounter({ dataDir: data.dir, version: '0.1.0', keychain: memoryKeychain(keychainWith('cid_live_demo', api.baseUrl)) });
  expect((await before.dispatch('createFirstSupervisor', { name: 'Samir Supervisor', pin: '246802' })).ok).toBe(true);
  await before.close();
});
countersPerFile(
  1,
  // the same credential, and no PIN key: a new keychain holding only what the supervisor saved again
  () => ({ app: { dataDir: data.dir, counter: { keychain: memoryKeychain(keychainWith('cid_live_demo', api.baseUrl)) } }, environment: 'LIVE', opensOn: 'pin-key-lost', withoutPrinters: true }),
  ([opened]) => {
    c = opened!;
  },
);
afterAll(async () => {
  await api?.close();
  data.cleanup();
});

describe('a LIVE counter whose PIN key was lost', () => {
  it('asks for the station secret, or a supervisor made again, on one screen that reads well', async () => {
    const { page } = c;
    for (const lang of ['en', 'ar'] as const) {
      await setLanguage(page, lang);
      const findings = [...(await axeFindings(page, `PIN key lost (${lang})`)), ...(await tabWalk(page, `PIN key lost (${lang})`))];
      expect(findings, report(findings)).toEqual([]);
      expect(await page.locator('main').count()).toBe(1);
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.locator('#station-secret').count()).toBe(1);
      expect(await page.getByTestId('first-supervisor').count()).toBe(1);
      await shot(page, `pin-key-lost-${lang}`);
    }
    expect(plain(await page.locator('h1').textContent())).toBe('لا يمكن التحقق من الأرقام السرية على هذا الشباك');
  });
});
