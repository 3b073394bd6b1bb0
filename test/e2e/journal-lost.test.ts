import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCounter } from '../../main/counter.ts';
import { journalPath } from '../../main/session.ts';
import { memoryKeychain } from '../../main/vault/keychain.ts';
import { axeFindings, report, tabWalk } from '../support/a11y.ts';
import { countersPerFile, plain, setLanguage, shot, type Counter } from '../support/sale.ts';
import { keychainWith, sandbox, tempDir } from '../integration/main/helpers.ts';

// A LIVE counter whose journal its PC's user deleted, in Chromium: the screen says the journal is
// missing and how many entries it held, offers the restore (a backup file, the station), and the
// first supervisor's form asks for the station secret as well; in English and in Arabic, through
// the same accessibility audit as every screen.

const data = tempDir('shubbak-e2e-journal-lost-');
let api: Awaited<ReturnType<typeof sandbox>>;
let keychain: ReturnType<typeof memoryKeychain>;
let c: Counter;
beforeAll(async () => {
  api = await sandbox();
  keychain = memoryKeychain(keychainWith('cid_live_demo', api.baseUrl));
  const before = await startCounter({ dataDir: data.dir, version: '0.1.0', keychain });
  const first = await before.dispatch('createFirstSupervisor', { name: 'Samir Supervisor', pin: '246802' });
  expect(first.ok).toBe(true);
  await before.close();
  for (const suffix of ['', '-wal', '-shm']) rmSync(journalPath(data.dir, 'LIVE') + suffix, { force: true });
});
countersPerFile(
  1,
  () => ({ app: { dataDir: data.dir, counter: { keychain } }, environment: 'LIVE', opensOn: 'journal-lost', withoutPrinters: true }),
  ([opened]) => {
    c = opened!;
  },
);
afterAll(async () => {
  await api?.close();
  data.cleanup();
});

describe('a LIVE counter whose journal was deleted', () => {
  it('says so, offers the restore, and asks the station secret of a first supervisor, in both languages', async () => {
    const { page } = c;
    const screen = page.getByTestId('journal-lost');
    for (const lang of ['en', 'ar'] as const) {
      await setLanguage(page, lang);
      const findings = [...(await axeFindings(page, `journal lost (${lang})`)), ...(await tabWalk(page, `journal lost (${lang})`))];
      expect(findings, report(findings)).toEqual([]);
      expect(plain(await screen.getByRole('alert').textContent())).toContain(lang === 'en' ? 'deleted or emptied outside the app' : 'خارج التطبيق');
      expect(await screen.getByTestId('restore-panel').count()).toBe(1);
      expect(await page.locator('#first-secret').count()).toBe(1);
      await shot(page, `journal-lost-${lang}`);
    }
    // the form filled without the secret cannot be sent; a made-up one is refused by main, said on screen
    await setLanguage(page, 'en');
    await page.locator('#first-name').fill('Eve Intruder');
    await page.locator('#first-pin').fill('999999');
    await page.locator('#first-pin-again').fill('999999');
    const submit = page.getByTestId('first-supervisor').locator('button[type=submit]');
    expect(await submit.isDisabled()).toBe(true);
    await page.locator('#first-secret').fill('SHB1-AAAA-BBBB-CCCC-DDDD-EEEE');
    await submit.click();
    await expect.poll(async () => plain(await page.getByTestId('first-supervisor').textContent())).toContain('deleted outside the app');
    await shot(page, 'journal-lost-refused-en');
    expect((await c.call('desk')).agentsInUse).toBe(false);
  });
});
