import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryKeychain } from '../../main/vault/keychain.ts';
import { axeFindings, report, tabWalk } from '../support/a11y.ts';
import { countersPerFile, plain, setLanguage, shot, type Counter } from '../support/sale.ts';
import { keychainWith, sandbox } from '../integration/main/helpers.ts';

// The first start of a LIVE counter in Chromium: no agent yet, so it asks for its first
// supervisor. The PIN typed twice that differs is said at once under the second field, which is
// marked wrong and read with it, and the form cannot be sent; in English and in Arabic. The
// screen passes the same accessibility audit as the others (axe and the Tab walk).

let api: Awaited<ReturnType<typeof sandbox>>;
let c: Counter;
beforeAll(async () => {
  api = await sandbox();
});
countersPerFile(
  1,
  () => ({ app: { counter: { keychain: memoryKeychain(keychainWith('cid_live_demo', api.baseUrl)) } }, environment: 'LIVE', opensOn: 'first-supervisor' }),
  ([opened]) => {
    c = opened!;
  },
);
afterAll(async () => {
  await api?.close();
});

const SAID = { en: 'The two PINs differ.', ar: 'الرقمان السريان مختلفان.' };

describe('the first supervisor of a new LIVE counter', () => {
  it('says the two PINs differ under the second field, marks it and keeps the form from being sent, in both languages', async () => {
    const { page } = c;
    const screen = page.getByTestId('first-supervisor');
    const again = page.locator('#first-pin-again');
    const said = page.locator('#first-pin-mismatch');
    const submit = screen.locator('button[type=submit]');
    for (const lang of ['en', 'ar'] as const) {
      await setLanguage(page, lang);
      const findings = [...(await axeFindings(page, `first supervisor (${lang})`)), ...(await tabWalk(page, `first supervisor (${lang})`))];
      expect(findings, report(findings)).toEqual([]);
      expect(await page.locator('h1').count()).toBe(1);

      await page.locator('#first-name').fill('Samir Supervisor');
      await page.locator('#first-pin').fill('246802');
      await again.fill('246803');
      await expect.poll(async () => plain(await said.textContent())).toBe(SAID[lang]);
      // in the danger ink, a live region, tied to the field it is about
      expect(await said.evaluate((el) => getComputedStyle(el).color)).toBe(await page.evaluate(() => {
        const probe = document.createElement('span');
        probe.style.color = 'var(--danger)';
        document.body.append(probe);
        const colour = getComputedStyle(probe).color;
        probe.remove();
        return colour;
      }));
      expect(await said.getAttribute('role')).toBe('status');
      expect(await again.getAttribute('aria-invalid')).toBe('true');
      expect(await again.getAttribute('aria-describedby')).toBe('first-pin-mismatch');
      expect(await submit.isDisabled()).toBe(true);
      await shot(page, `first-supervisor-pins-differ-${lang}`);
      // Enter in the field sends nothing: the counter still has no agent
      await page.keyboard.press('Enter');
      expect((await c.call('desk')).agentsInUse).toBe(false);

      // the same PIN again: the message goes, the field is no longer wrong, the form can be sent
      await again.fill('246802');
      await expect.poll(async () => plain(await said.textContent())).toBe('');
      expect(await again.getAttribute('aria-invalid')).toBeNull();
      expect(await again.getAttribute('aria-describedby')).toBeNull();
      expect(await submit.isDisabled()).toBe(false);
      for (const field of ['#first-name', '#first-pin', '#first-pin-again']) await page.locator(field).fill('');
    }
    // and it makes the supervisor, signed in
    await page.locator('#first-name').fill('Samir Supervisor');
    await page.locator('#first-pin').fill('246802');
    await again.fill('246802');
    await submit.click();
    await expect.poll(async () => (await c.call('desk')).signedIn?.name ?? null).toBe('Samir Supervisor');
  });
});
