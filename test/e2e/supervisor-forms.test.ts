import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { axeFindings, descriptions, report, sticksOut, tabWalk, type A11yFinding, type TabFinding } from '../support/a11y.ts';
import { counterPerFile, plain, setLanguage, shot, shotBothLanguages, type Counter } from '../support/sale.ts';

// A supervisor's Settings forms as an agent finds them, in Chromium: in sight like Reports,
// marked as needing a supervisor's approval, nothing in them to change, and one button that asks
// for the approval of that form's action (the same dialog as every supervisor call); once given,
// the form opens until the approval runs out or the screen locks. A supervisor sees no change.

let c: Counter;
const SUPERVISOR_PIN = '246810';
const AGENT_PIN = '1357';

counterPerFile(async (opened) => {
  c = opened;
  await c.call('createFirstSupervisor', { name: 'Samir Supervisor', pin: SUPERVISOR_PIN });
  await c.call('saveAgent', { name: 'Mona Agent', role: 'agent', pin: AGENT_PIN, active: true });
  await signIn(c.page, 'Mona Agent', AGENT_PIN);
  // an agent needs a shift to work at all
  await c.page.getByTestId('open-shift').waitFor();
  await c.page.locator('#float-10000').fill('1');
  await c.page.getByRole('button', { name: 'Open the shift with this float' }).click();
  await c.page.getByRole('combobox').nth(1).waitFor();
});

/** Signs whoever is in out and `name` in, on the sign-in screen (in English). */
async function signIn(page: Page, name: string, pin: string) {
  await c.call('signOut');
  await page.evaluate(() => localStorage.setItem('shubbak.locale', 'en'));
  await page.reload();
  await page.getByTestId('sign-in').waitFor();
  await page.getByText(name).click();
  await page.locator('#pin').fill(pin);
  await page.keyboard.press('Enter');
  await page.getByTestId('sign-in').waitFor({ state: 'detached' });
}

/** Whether the focus fell to the page (nothing focused): where a keyboard agent is lost. */
const focusLost = () => c.page.evaluate(() => !document.activeElement || document.activeElement === document.body);
/** Presses `button` by keyboard, as an agent who works without the mouse does. */
async function pressByKey(button: Locator) {
  await button.focus();
  await c.page.keyboard.press('Enter');
}

/** Settings tabs of a supervisor's action (TRAINING: the trainer's too), with what the approval is for. */
const SUPERVISOR_TABS = [
  ['Partner API', 'change the Partner API credential'],
  ['Retail prices', 'change the retail prices'],
  ['Printers', 'change the printers'],
  ['Counter', "change the counter's name or the refund policy"],
  ['Agents', 'manage the agents'],
  ['Station', 'change the station database link'],
  ['Updates', 'change how the app is updated'],
  ['Journal', 'work on the journal (stuck sales, backups, day figures)'],
  ['Training', 'stage a training event'],
] as const;

describe("a supervisor's Settings forms seen by an agent", () => {
  it("an agent sees a supervisor's Settings forms locked, asks for the approval there, and changes the form while it stands", async () => {
    const { page } = c;
    await setLanguage(page, 'en');
    const dialog = page.getByTestId('override');
    await page.getByRole('button', { name: 'Settings' }).click();
    expect(plain(await page.getByTestId('settings-role').textContent())).toBe("Changes here need a supervisor's approval (their PIN)");
    // every supervisor's tab: in sight, said to need an approval, nothing in it to change, and no
    // approval asked by merely opening it; the wallet is the agent's to read
    const locked = page.getByTestId('approval-locked');
    const findings: (A11yFinding | TabFinding)[] = [];
    for (const [tab, action] of SUPERVISOR_TABS) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await locked.waitFor();
      findings.push(...(await axeFindings(page, `${tab} locked`)));
      const ask = locked.getByRole('button', { name: 'Ask a supervisor to approve' });
      expect(await descriptions(ask)).toEqual([`Needs a supervisor’s approval. A supervisor types their PIN at your side before you ${action}. Until then you can read this page but not change it.`]);
      expect(await page.locator('[role=tabpanel] fieldset.st-lockable:not(:disabled)').count()).toBe(0);
      expect(await dialog.count()).toBe(0);
      await shot(page, `staff-11-locked-${tab.replace(/\W+/g, '-').toLowerCase()}-en`);
    }
    expect(findings, report(findings)).toEqual([]);
    await page.getByRole('tab', { name: 'Wallet', exact: true }).click();
    await page.getByTestId('settings-wallet').waitFor();
    expect(await locked.count()).toBe(0);
    // restoring or replacing the counter: no approval opens it, so it is not offered to an agent
    await page.getByRole('tab', { name: 'Journal', exact: true }).click();
    await page.getByTestId('identity-supervisor-only').waitFor();
    expect(plain(await page.getByTestId('identity-supervisor-only').textContent())).toBe('Restoring or replacing this counter needs a supervisor signed in here: no approval opens it.');
    expect(await page.locator('[data-testid=restore-panel], [data-testid=retire-panel]').count()).toBe(0);
    // nor is the station secret (shown or typed)
    await page.getByRole('tab', { name: 'Station', exact: true }).click();
    await page.getByTestId('station-secret-supervisor-only').waitFor();
    expect(await page.locator('#station-secret-typed').count()).toBe(0);
    // the agents are not listed before the approval (main would refuse the list)
    await page.getByRole('tab', { name: 'Agents', exact: true }).click();
    await locked.waitFor();
    expect(await page.getByTestId('agents-table').count()).toBe(0);

    // Printers: the choices locked, the test pages not (an agent tests a printer)
    await page.getByRole('tab', { name: 'Printers', exact: true }).click();
    const ticketPrinter = page.locator('#st-printer-ticket');
    await ticketPrinter.waitFor();
    expect(await ticketPrinter.isDisabled()).toBe(true);
    expect(await page.getByLabel('A4 sheet').isDisabled()).toBe(true);
    expect(await page.getByTestId('printer-ticket-test').isDisabled()).toBe(false);
    // in both languages: axe, the Tab walk, and nothing out of the window at 200 % zoom
    const size = page.viewportSize()!;
    for (const lang of ['en', 'ar'] as const) {
      await setLanguage(page, lang);
      findings.push(...(await axeFindings(page, `printers locked (${lang})`)), ...(await tabWalk(page, `printers locked (${lang})`)));
      await shot(page, `staff-11-printers-locked-${lang}`);
      await page.setViewportSize({ width: 683, height: 384 });
      expect(await sticksOut(page)).toEqual([]);
      await shot(page, `staff-11-printers-locked-zoom-${lang}`);
      await page.setViewportSize(size);
    }
    expect(findings, report(findings)).toEqual([]);
    await setLanguage(page, 'en');

    // one button asks, by keyboard: the approval dialog names this form's action
    await pressByKey(locked.getByRole('button'));
    await dialog.waitFor();
    expect(plain(await dialog.textContent())).toContain('Mona Agent asks to change the printers');
    await page.locator('#override-pin').fill(SUPERVISOR_PIN);
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(0);
    // approved: by whom and until when, where the focus is; the form can be changed and saved
    const open = page.getByTestId('approval-open');
    await open.waitFor();
    expect(plain(await open.textContent())).toMatch(/^Approved by Samir Supervisor until \d{2}:\d{2}: you can make the changes now\.$/);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('approval-open');
    expect(await locked.count()).toBe(0);
    expect(await ticketPrinter.isDisabled()).toBe(false);
    await shotBothLanguages(page, 'staff-12-printers-approved');
    await page.getByLabel('A4 sheet').check();
    await page.getByRole('button', { name: 'Save printer settings' }).click();
    await expect.poll(async () => (await c.call('printSettings')).receiptPaper).toBe('A4');
    expect(await dialog.count()).toBe(0);
    // an approval opens its own form only
    await page.getByRole('tab', { name: 'Counter', exact: true }).click();
    await locked.waitFor();
    await page.getByRole('tab', { name: 'Printers', exact: true }).click();
    await open.waitFor();

    // the screen locked: the approval is gone (main drops it too), the form locked again
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+l');
    await page.getByTestId('lock-screen').waitFor();
    await page.locator('#pin').fill(AGENT_PIN);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('lock-screen').count()).toBe(0);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'Printers', exact: true }).click();
    await locked.waitFor();
    expect(await ticketPrinter.isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
  });

  it('a supervisor signed in sees the same forms open, with no notice', async () => {
    const { page } = c;
    await signIn(page, 'Samir Supervisor', SUPERVISOR_PIN);
    await page.getByRole('button', { name: 'Settings' }).click();
    for (const [tab] of SUPERVISOR_TABS) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await page.locator('[role=tabpanel] h2').waitFor();
      await expect.poll(() => page.locator('.st-loading').count(), { timeout: 15_000 }).toBe(0);
      expect(await page.locator('[data-testid^=approval-]').count()).toBe(0);
      expect(await page.locator('[role=tabpanel] fieldset.st-lockable:disabled').count()).toBe(0);
    }
    await page.getByRole('tab', { name: 'Agents', exact: true }).click();
    await page.getByTestId('agents-table').waitFor();
    await c.call('savePrintSettings', { ...(await c.call('printSettings')), receiptPaper: '80mm' });
    await page.keyboard.press('Escape');
  });

  // last: the page's clock is Playwright's from here on
  it("an approval runs out on screen when main's does: the form locks again and the focus goes to the button", async () => {
    const { page } = c;
    await signIn(page, 'Mona Agent', AGENT_PIN);
    await page.getByRole('combobox').nth(1).waitFor();
    await page.clock.install();
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'Counter', exact: true }).click();
    const locked = page.getByTestId('approval-locked');
    await pressByKey(locked.getByRole('button'));
    await page.locator('#override-pin').fill(SUPERVISOR_PIN);
    await page.keyboard.press('Enter');
    await page.getByTestId('approval-open').waitFor();
    const name = page.locator('#st-counter-name');
    expect(await name.isDisabled()).toBe(false);
    await name.focus();
    await page.clock.fastForward('01:50');
    expect(await name.isDisabled()).toBe(false);
    await page.clock.fastForward('00:15'); // two minutes since the approval, as main grants it
    await locked.waitFor();
    expect(await name.isDisabled()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('approval-counter');
    expect(await focusLost()).toBe(false);
  });
});
