import { describe, expect, it } from 'vitest';
import { postgresForThisFile } from '../support/postgres.ts';
import { counterPerFile, focused, plain, setLanguage, shotBothLanguages, type Counter } from '../support/sale.ts';
import { caller } from '../integration/main/helpers.ts';
import { axeFindings, tabWalk } from '../support/a11y.ts';

// A supervisor signed in before the counter was linked to its station saves a markup rule: the
// counter asks for their PIN right there (their PIN proof for the station's settings stream), says
// so when it is wrong, keeps the form when they cancel, and saves once they type it.

const PIN = '246802';
let c: Counter;
const server = postgresForThisFile({ station: true });
counterPerFile((opened) => {
  c = opened;
});

const percents = async () => (await server.pool.query<{ percent: string }>("SELECT value ->> 'percent' AS percent FROM station_settings WHERE kind = 'markup_rule' ORDER BY seq")).rows.map((r) => r.percent);

describe('a change of the station’s settings by a supervisor signed in before the link', () => {
  it('asks for their PIN in a dialog: a wrong one is said there, Escape keeps the form, the right one saves', async () => {
    const { page } = c;
    const api = caller(c.app.counter.dispatch);
    const connect = () =>
      api.ok('connectStation', { stationId: 'stn_sohag', stationName: 'Sohag station', host: server.db.host, port: server.db.port, database: server.db.database, user: server.db.user, tls: false });
    // The station's stream proved by Samir while linked; then the counter unlinked, its screen
    // locked and opened again by Samir, and linked again: his PIN proof is not in memory.
    const samir = (await api.ok('createFirstSupervisor', { name: 'Samir Supervisor', pin: PIN })).signedIn!.id;
    await connect();
    await api.ok('signIn', { agentId: samir, pin: PIN });
    const { changedBy: _by, changedAt: _at, ...rule } = (await api.ok('listMarkupRules')).find((r) => r.id === 'default')!;
    await api.ok('saveMarkupRule', { ...rule, percent: 11 });
    await api.ok('disconnectStation');
    await api.ok('lockScreen');
    await api.ok('signIn', { agentId: samir, pin: PIN });
    await connect();
    const published = await percents();
    expect(published.at(-1)).toBe('11');
    await page.reload();
    await page.getByTestId('environment').waitFor({ timeout: 15_000 });
    await setLanguage(page, 'en');

    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('tab', { name: 'Retail prices', exact: true }).click();
    await page.getByRole('button', { name: /^Edit the rule for/ }).first().click();
    await page.locator('#st-rule-percent').fill('14');
    await page.getByRole('button', { name: 'Save changes' }).click();

    const dialog = page.getByRole('dialog', { name: 'Your PIN for the station' });
    await dialog.waitFor({ timeout: 15_000 });
    expect(plain(await dialog.textContent())).toContain('Samir Supervisor, you signed in before this counter was linked to the station');
    expect(await dialog.getByRole('combobox').count()).toBe(0); // their own PIN: nobody to pick
    expect(await focused(page)).toMatchObject({ id: 'override-pin' });
    expect(await page.getByLabel('PIN of Samir Supervisor').count()).toBe(1);
    await shotBothLanguages(page, 'station-pin-proof-1-asked'); // F3 works in the dialog too
    expect(await focused(page)).toMatchObject({ id: 'override-pin' });

    // a wrong PIN: said in the dialog (announced: an alert), nothing published
    await page.keyboard.type('000000');
    await page.keyboard.press('Enter');
    const alert = dialog.getByRole('alert');
    await expect.poll(async () => plain(await alert.textContent()), { timeout: 10_000 }).toContain('Wrong PIN');
    expect(await alert.getAttribute('data-code')).toBe('wrong_pin');
    await shotBothLanguages(page, 'station-pin-proof-2-wrong');
    // axe's rules on the dialog with its error, and Tab stays inside it, in both languages
    for (const lang of ['ar', 'en'] as const) {
      await setLanguage(page, lang);
      expect(await axeFindings(page, `PIN proof dialog (${lang})`)).toEqual([]);
      expect(await tabWalk(page, `PIN proof dialog (${lang})`, { overlay: '[data-testid=override]' })).toEqual([]);
    }
    expect(await percents()).toEqual(published);

    // Escape: nothing published, the form keeps what was typed and says why it was not saved
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.locator('#st-rule-percent').inputValue()).toBe('14');
    const refusal = page.getByTestId('settings-prices').locator('.error-notice');
    await expect.poll(() => refusal.getAttribute('data-code')).toBe('supervisor_proof_needed');
    expect(await page.getByTestId('settings').count()).toBe(1); // Escape closed the dialog, not Settings
    expect(await percents()).toEqual(published);

    // saved again: the right PIN, and the change is published once
    await page.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor();
    await page.locator('#override-pin').fill(PIN);
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(async () => plain(await page.getByTestId('settings-prices').textContent()), { timeout: 10_000 }).toContain('The rule was saved.');
    expect(await percents()).toEqual([...published, '14']);
    await page.keyboard.press('Escape');
  });
});
