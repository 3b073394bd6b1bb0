import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCounter } from '../../main/counter.ts';
import { journalPath } from '../../main/session.ts';
import { memoryKeychain } from '../../main/vault/keychain.ts';
import { axeFindings, report, tabWalk } from '../support/a11y.ts';
import { countersPerFile, plain, setLanguage, shot, type Counter } from '../support/sale.ts';
import { caller, keychainWith, sandbox, tempDir } from '../integration/main/helpers.ts';

// Two LIVE counters whose journals their PC's user took away, in Chromium: one deleted, one put
// back to an earlier copy of itself (from before a supervisor was made an agent again). Each screen
// says what happened and how many entries the journal held, offers the restore (a backup file,
// the station), and asks the station secret of a supervisor made without one; in English and in
// Arabic, through the same accessibility audit as every screen.

const deleted = tempDir('shubbak-e2e-journal-lost-');
const earlier = tempDir('shubbak-e2e-earlier-copy-');
let api: Awaited<ReturnType<typeof sandbox>>;
const keychains: ReturnType<typeof memoryKeychain>[] = [];
let lost: Counter;
let copied: Counter;

beforeAll(async () => {
  api = await sandbox();
  for (const data of [deleted, earlier]) {
    const keychain = memoryKeychain(keychainWith('cid_live_demo', api.baseUrl));
    keychains.push(keychain);
    const before = await startCounter({ dataDir: data.dir, version: '0.1.0', keychain });
    const b = caller(before.dispatch);
    await b.ok('createFirstSupervisor', { name: 'Samir Supervisor', pin: '246802' });
    if (data === earlier) {
      const agents = await b.ok('saveAgent', { name: 'Mona Supervisor', role: 'supervisor', pin: '135790', active: true });
      await b.ok('saveBackupSettings', { folder: data.dir, everyHours: 3, warnAfterHours: 26, keepDays: 7, keepWeeks: 8 });
      copyFileSync((await b.ok('backupJournal')).path, join(data.dir, 'monas-copy.db'));
      await b.ok('saveAgent', { id: agents.find((a) => a.name === 'Mona Supervisor')!.id, name: 'Mona Supervisor', role: 'agent', active: true });
    }
    await before.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(journalPath(data.dir, 'LIVE') + suffix, { force: true });
    if (data === earlier) copyFileSync(join(data.dir, 'monas-copy.db'), journalPath(data.dir, 'LIVE'));
  }
});
countersPerFile(
  2,
  (i) => ({ app: { dataDir: [deleted, earlier][i]!.dir, counter: { keychain: keychains[i]! } }, environment: 'LIVE', opensOn: 'journal-lost', withoutPrinters: true }),
  ([a, b]) => {
    lost = a!;
    copied = b!;
  },
);
afterAll(async () => {
  await api?.close();
  deleted.cleanup();
  earlier.cleanup();
});

/** The screen in both languages: audited, its alert holding `says`, the restore and the station secret offered. */
async function lostScreen(c: Counter, name: string, says: Record<'en' | 'ar', string>): Promise<void> {
  const { page } = c;
  const screen = page.getByTestId('journal-lost');
  for (const lang of ['en', 'ar'] as const) {
    await setLanguage(page, lang);
    const findings = [...(await axeFindings(page, `${name} (${lang})`)), ...(await tabWalk(page, `${name} (${lang})`))];
    expect(findings, report(findings)).toEqual([]);
    expect(plain(await screen.getByRole('alert').textContent())).toContain(says[lang]);
    expect(await screen.getByTestId('restore-panel').count()).toBe(1);
    expect(await page.locator('#first-secret').count()).toBe(1);
    await shot(page, `${name}-${lang}`);
  }
}

describe('a LIVE counter whose journal was deleted', () => {
  it('says so, offers the restore, and asks the station secret of a first supervisor, in both languages', async () => {
    await lostScreen(lost, 'journal-lost', { en: 'deleted or emptied outside the app', ar: 'حُذف سجل هذا الشباك' });
    // the form filled without the secret cannot be sent; a made-up one is refused by main, said on screen
    const { page } = lost;
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
    expect((await lost.call('desk')).agentsInUse).toBe(false);
  });
});

describe('a LIVE counter whose journal was put back to an earlier copy', () => {
  it('says so, and that an older backup is refused, in both languages', async () => {
    await lostScreen(copied, 'journal-earlier-copy', { en: 'replaced outside the app by an earlier copy of itself', ar: 'تُرفض النسخة الأقدم' });
    expect(plain(await copied.page.getByRole('heading', { level: 1 }).first().textContent())).toBe('أُعيد سجل هذا الشباك إلى نسخة أقدم');
    expect(plain(await copied.page.getByTestId('first-supervisor').getByRole('heading').textContent())).toBe('مشرف بسرّ المحطة');
    expect((await copied.call('desk')).journalLost).toMatchObject({ earlierCopy: true });
  });
});
