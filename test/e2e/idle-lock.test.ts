import { describe, expect, it } from 'vitest';
import { IDLE_LOCK_GRACE_MS } from '../../contract/idle-lock.ts';
import type { Response } from 'playwright-core';
import { countersPerFile, plain, setLanguage, shot, signInOnScreen, type Counter } from '../support/sale.ts';
import { caller, sellOneSeat } from '../integration/main/helpers.ts';

// Main's idle lock in Chromium: a key pressed at the counter reaches main and keeps the screen
// open; once the idle minutes and their grace pass without one, main refuses the next call by
// itself (the renderer's own timer never ran: main's clock moved, not the page's), and the page
// shows the lock screen at that refusal; the agent's PIN opens it on the screen left, and what was
// refused is asked again.

const MINUTE = 60_000;
const skew = { ms: 0 };
const clock = { now: () => new Date(Date.now() + skew.ms) };
let c: Counter;
const AGENT_PIN = '1357';

countersPerFile(1, () => ({ app: { counter: { clock } } }), async ([opened]) => {
  c = opened!;
  await c.call('createFirstSupervisor', { name: 'Samir Supervisor', pin: '246810' });
  await c.call('saveAgent', { name: 'Mona Agent', role: 'agent', pin: AGENT_PIN, active: true });
  await c.call('signOut');
  const { page } = c;
  await page.evaluate(() => localStorage.setItem('shubbak.locale', 'en'));
  await signInOnScreen(page, 'Mona Agent', AGENT_PIN);
  await page.getByTestId('open-shift').waitFor();
  await page.locator('#float-10000').fill('1');
  await page.getByRole('button', { name: 'Open the shift with this float' }).click();
  await page.getByRole('combobox').nth(1).waitFor();
});

describe("main's idle lock at the counter", () => {
  it('counts from the keys the agent presses, locks by itself after, and the page shows the lock at the next call', async () => {
    const { page } = c;
    await setLanguage(page, 'en');
    const sale = await sellOneSeat(caller(c.app.counter.dispatch), 'Mariam Idle', 0);
    expect((await c.call('desk')).idleLockMinutes).toBe(5);
    // Ctrl+L and the PIN: the renderer tells main of the first key after an unlock at once (then at most every 20 s)
    await page.keyboard.press('Control+l');
    await page.getByTestId('lock-screen').waitFor();
    await page.locator('#pin').fill(AGENT_PIN);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('lock-screen').count()).toBe(0);
    skew.ms += 4 * MINUTE;
    // a key at the counter: the renderer tells main
    const told: Response[] = [];
    page.on('response', (r) => void (r.url().includes('/reportActivity') && told.push(r)));
    // pressed again until told (the page listens for keys once the unlocked screen's effects ran)
    await expect
      .poll(
        async () => {
          if (told.length === 0) await page.keyboard.press('Shift');
          return told.length;
        },
        { timeout: 10_000 },
      )
      .toBe(1);
    expect(await told[0]!.json()).toMatchObject({ ok: true });
    // past five minutes and a half since the unlock, but not since the key: still open
    skew.ms += 3 * MINUTE;
    expect((await c.call('desk')).locked).toBe(false);
    // past them since the key: main locks without the renderer asking
    skew.ms += 2 * MINUTE + IDLE_LOCK_GRACE_MS;
    expect(await page.getByTestId('lock-screen').count()).toBe(0); // the page does not know yet
    const desk = await c.call('desk');
    expect(desk).toMatchObject({ locked: true, signedIn: { name: 'Mona Agent' } });
    // the agent goes on as if nothing happened: the next call is refused and the lock screen shows
    await page.keyboard.press('Control+f');
    await page.getByTestId('lookup-query').waitFor();
    await page.getByTestId('lookup-query').fill('mariam idle'); // one search, whole: what is refused is known
    await page.getByTestId('lock-screen').waitFor();
    expect(plain(await page.getByTestId('lock-screen').textContent())).toContain('Mona Agent');
    await shot(page, 'idle-locked-by-main-en');
    await page.locator('#pin').fill(AGENT_PIN);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('lock-screen').count()).toBe(0);
    await page.getByTestId('lookup-query').waitFor(); // the screen left is there under the lock
    // the refused search was asked again once the PIN opened the screen: its answer, not the refusal
    const hits = page.getByTestId('lookup-here').getByTestId('lookup-hit');
    await expect.poll(() => hits.count(), { timeout: 10_000 }).toBe(1);
    expect(plain(await hits.first().textContent())).toContain(sale.booking!.id);
    expect(plain(await page.getByTestId('lookup').textContent())).not.toContain('Nobody is signed in');
    await shot(page, 'idle-unlocked-en');
    expect((await c.call('desk')).locked).toBe(false);
  });
});
