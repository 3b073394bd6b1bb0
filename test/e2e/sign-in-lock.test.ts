import { describe, expect, it } from 'vitest';
import { counterPerFile, plain, setLanguage, shot, type Counter } from '../support/sale.ts';

// Five wrong PINs on the sign-in screen in Chromium: each says how many tries are left, the lock
// says until when in Cairo time, in English and in Arabic, and a supervisor lifts it there with
// their own PIN.

let c: Counter;
counterPerFile((opened) => {
  c = opened;
});

const cairoTime = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Cairo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

describe('the sign-in lock', () => {
  it('says until when in Cairo time, and a supervisor lifts it with their PIN', async () => {
    const { page } = c;
    await c.call('createFirstSupervisor', { name: 'Samir Supervisor', pin: '246802' });
    await c.call('saveAgent', { name: 'Mona Agent', role: 'agent', pin: '1234', active: true });
    await c.call('signOut');
    await page.reload();
    await page.getByTestId('sign-in').waitFor();
    await setLanguage(page, 'en');
    await page.getByText('Mona Agent').click();
    for (let i = 0; i < 5; i++) {
      await page.locator('#pin').fill('0000');
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await page.getByRole('alert').count()) > 0).toBe(true);
      // each wrong PIN but the last says how many are left before the lock
      if (i < 4) await expect.poll(async () => plain(await page.getByTestId('error-tries-left').textContent())).toBe(`Tries left before the lock: ${4 - i}.`);
      if (i === 1) await shot(page, 'sign-in-tries-left-en');
    }
    // the fifth answer is the lock (the fourth's alert may still show while it is asked)
    const until = page.getByTestId('error-until');
    await until.waitFor();
    expect(await page.getByTestId('error-tries-left').count()).toBe(0);
    const desk = await c.call('desk');
    const lockedUntil = desk.agents.find((a) => a.name === 'Mona Agent')!.lockedUntil!;
    expect(plain(await until.textContent())).toContain(`Locked until`);
    expect(plain(await until.textContent())).toContain(cairoTime(lockedUntil));
    expect(plain(await until.textContent())).toContain('(Cairo time)');
    // the PIN field is marked wrong and read with what is wrong; the supervisor's field is named so
    const pin = page.locator('#pin');
    expect(await pin.getAttribute('aria-invalid')).toBe('true');
    expect(plain(await page.locator(`#${await pin.getAttribute('aria-describedby')}`).textContent())).toContain('Locked until');
    expect(await page.getByLabel('Supervisor’s PIN').count()).toBe(1);
    expect(await page.getByLabel('PIN', { exact: true }).count()).toBe(1);
    await shot(page, 'sign-in-locked-en');
    // in Arabic: the locked agent tries again (refused without a check), the time in Arabic
    await setLanguage(page, 'ar');
    await page.locator('#pin').fill('1234');
    await page.keyboard.press('Enter');
    await until.waitFor();
    expect(plain(await until.textContent())).toContain('مقفل حتى');
    expect(plain(await until.textContent())).toContain('بتوقيت القاهرة');
    const unlock = page.getByTestId('supervisor-unlock');
    await unlock.locator('#unlock-pin').fill('246802');
    await shot(page, 'sign-in-locked-ar');
    await unlock.getByRole('button', { name: 'ارفع القفل' }).click();
    await expect.poll(async () => plain(await page.getByTestId('lock-lifted').textContent())).toContain('رُفع القفل');
    await shot(page, 'sign-in-lock-lifted-ar');
    expect((await c.call('desk')).agents.find((a) => a.name === 'Mona Agent')!.lockedUntil).toBeNull();
  });
});
