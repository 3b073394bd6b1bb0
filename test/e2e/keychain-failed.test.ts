import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryKeychain } from '../../main/vault/keychain.ts';
import { openCounter, plain, setLanguage, shotBothLanguages, type Counter } from '../support/sale.ts';

// The counter started with a keychain that cannot be read, in Chromium: it says so above the
// TRAINING counter, and a supervisor's screen (Settings → Agents) cannot make a supervisor.

let c: Counter;
// Not countersPerFile: it chooses the PDF printers, a supervisor's call that is refused here.
beforeAll(async () => {
  c = await openCounter({ app: { counter: { keychain: memoryKeychain({}, true) } } });
});
afterAll(() => c?.close());

describe('a keychain that cannot be read', () => {
  it('is said on screen; TRAINING only; no supervisor can be made', async () => {
    const { page } = c;
    await setLanguage(page, 'en');
    const banner = page.getByTestId('keychain-failed');
    await banner.waitFor();
    expect(plain(await banner.textContent())).toContain('runs TRAINING only');
    await shotBothLanguages(page, 'keychain-failed');
    expect((await c.call('desk')).keychainFailed).toBe(true);
    // what the page itself may call, through its own transport
    type WithApi = { shubbak: { createFirstSupervisor(a: unknown): Promise<unknown> } };
    const made = await page.evaluate(() => (window as unknown as WithApi).shubbak.createFirstSupervisor({ name: 'Intruder', pin: '999999' }));
    expect(made).toMatchObject({ ok: false, error: { code: 'keychain_unavailable' } });
  });
});
