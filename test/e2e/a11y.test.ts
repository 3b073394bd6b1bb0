import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_TABLE } from '../../sandbox/inventory/operators.ts';
import { caller } from '../integration/main/helpers.ts';
import { startPostgres, type TestPostgres } from '../support/postgres.ts';
import type { Page } from 'playwright-core';
import { axeFindings, descriptions, namesNotFromText, report, sticksOut, tabWalk, type A11yFinding, type TabFinding } from '../support/a11y.ts';
import { cairoTomorrow, counterPerFile, keyboardSaleToPayment, leaveTheSale, nextCustomer, outcomeStatus, payAndConfirm, sellAndMoveDeparture, setLanguage, shot, SEATED_OPERATORS, type Counter } from '../support/sale.ts';

// WCAG 2.1 AA at the window, checked in Chromium on every screen the other end-to-end tests reach,
// in English and in Arabic: axe-core's rules (A, AA and best practice; serious, moderate and
// critical findings fail), and a walk with Tab on each screen that checks every Tab lands on
// something visible and, over an open dialog, inside it. One counter per language.

/** Operators that seat passengers at boarding (no seat map: a count of seats is held). */
const BOARDING_OPERATORS = OPERATOR_TABLE.filter((o) => !o.seat_selection).map((o) => o.name);

const CITIES = {
  en: { from: 'cairo', to: 'alex', fromShown: 'Cairo', toShown: 'Alexandria' },
  ar: { from: 'القاهره', to: 'اسكندرية', fromShown: 'القاهرة', toShown: 'الإسكندرية' },
};

for (const lang of ['en', 'ar'] as const) {
  describe(`accessibility in ${lang === 'en' ? 'English' : 'Arabic'}`, () => {
    let c: Counter;
    let db: TestPostgres;
    beforeAll(async () => {
      db = await startPostgres({ station: true });
    });
    afterAll(() => db?.destroy());
    counterPerFile((opened) => {
      c = opened;
    });
    const findings: (A11yFinding | TabFinding)[] = [];
    /** Buttons whose accessible name does not start with what they show, by screen. */
    const names: string[] = [];
    /** axe on the screen as it is, the names of its labelled buttons, and a Tab walk from where the focus is (put back after). */
    async function audit(screen: string, opts: { walk?: boolean; overlay?: string } = {}) {
      const page = c.page;
      const name = `${screen} (${lang})`;
      findings.push(...(await axeFindings(page, name)));
      // every button that carries its own label, not only the kinds listed in the sale's test (WCAG 2.5.3)
      names.push(...(await namesNotFromText(page.locator('button[aria-label]:visible'))).map((n) => `[${name}] ${n}`));
      if (opts.walk === false) return;
      const from = await page.evaluateHandle(() => document.activeElement as HTMLElement | null);
      findings.push(...(await tabWalk(page, name, { overlay: opts.overlay })));
      await from.evaluate((el) => el?.focus());
    }
    /** The element with the focus, by what stays the same when its screen is drawn again: its tag, role, class and label. */
    const focusedKey = () =>
      c.page.evaluate(() => {
        const el = document.activeElement as HTMLInputElement | null;
        if (!el || el === document.body) return '';
        const label = el.labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? el.textContent ?? '';
        return `${el.tagName} ${el.getAttribute('role') ?? ''} ${el.className} ${label.trim()}`;
      });
    const check = () => {
      const found = findings.splice(0);
      const misnamed = [...new Set(names.splice(0))];
      expect(found, `accessibility findings:\n${report(found)}`).toEqual([]);
      expect(misnamed).toEqual([]);
    };
    /** The level-one headings a screen reader finds (not those under an overlay, made inert). */
    const heading = (page: Page) => page.locator('h1').evaluateAll((hs) => hs.filter((h) => !h.closest('[inert]')).map((h) => h.textContent ?? ''));

    it('the six steps of a sale, each with one level-one heading', async () => {
      const { page } = c;
      await setLanguage(page, lang);
      const headings: string[][] = [];
      const mismatches: string[] = [];
      const sale = await keyboardSaleToPayment(page, {
        ...CITIES[lang],
        passengers: ['Laila Mahmoud'],
        phone: '01012345678',
        operators: SEATED_OPERATORS,
        // the walk would move the focus the keyboard sale goes on from while a list is open
        onScreen: async (name) => {
          headings.push(await heading(page));
          await audit(`sale ${name}`, { walk: name !== '1-from' });
          if (name === '5-held') {
            // the countdown is a timer not read out each second; the live region is silent with 19 minutes left
            expect(await page.locator('[data-testid=hold-status] [aria-label]').count()).toBe(0);
            expect(await page.getByTestId('hold-announcer').getAttribute('role')).toBe('status');
            expect(await page.getByTestId('hold-announcer').textContent()).toBe('');
          }
          if (name === '3-results') {
            // the key bar is heard with each key's name, and whether it acts on this step (F6, the seats: not yet)
            const bar = await page.locator('footer.keybar').ariaSnapshot();
            expect(bar).toMatch(/F2 /);
            expect(bar).toMatch(lang === 'en' ? /F6 seats \(not on this step\)/ : /F6 المقاعد \(ليس في هذه الخطوة\)/);
            expect(bar).not.toMatch(/F2 [^\n]*\(/);
            // the two stations of a departure are read with a word between them, not run together
            const departure = await page.locator('button.offer').first().ariaSnapshot();
            expect(departure).toMatch(lang === 'en' ? / to / : / إلى /);
          }
          if (name === '4-seats' && lang === 'ar') {
            // a seat's description is read as an Arabic list: Arabic commas
            const [described] = await descriptions(page.locator('button.seat.free').first());
            expect(described).toContain('، ');
            expect(described).not.toContain(',');
          }
          const named = [page.locator('.lang-switch'), page.locator('nav.steps button'), page.locator('button.offer').first(), page.locator('button.seat.free').first(), page.locator('button.seat.taken').first()];
          for (const controls of named) mismatches.push(...(await namesNotFromText(controls)));
        },
      });
      await audit('sale 7-payment');
      mismatches.push(...(await namesNotFromText(page.locator('.quick button'))));
      headings.push(await heading(page));
      await shot(page, `a11y-payment-${lang}`);
      // a 500-pound note too many: the cash is read back before the sale goes
      await payAndConfirm(page, Math.ceil(sale.totalPounds / 100) * 100 + 500);
      await page.getByTestId('cash-check').waitFor();
      await audit('sale 7-cash check');
      await page.getByTestId('cash-check-yes').focus();
      await page.keyboard.press('Enter');
      expect(await outcomeStatus(page)).toBe('confirmed');
      await audit('sale 8-outcome');
      headings.push(await heading(page));
      await shot(page, `a11y-outcome-${lang}`);
      expect(headings.map((h) => h.length)).toEqual(headings.map(() => 1));
      expect([...new Set(mismatches)]).toEqual([]);
      check();
    });

    it('a sale the operator refuses, one it confirms later, and a hold that expired at the payment', async () => {
      const { page, sandbox } = c;
      const toPayment = (name: string) => keyboardSaleToPayment(page, { ...CITIES[lang], passengers: [name], phone: '01098765432', operators: SEATED_OPERATORS });
      const refused = await toPayment('Hany TEST FAIL');
      await payAndConfirm(page, Math.ceil(refused.totalPounds / 100) * 100);
      expect(await outcomeStatus(page)).toBe('failed');
      await audit('sale 8-outcome, failed');

      const pending = await toPayment('Mona TEST PENDING');
      await payAndConfirm(page, Math.ceil(pending.totalPounds / 100) * 100);
      expect(await outcomeStatus(page)).toBe('pending');
      await audit('sale 8-outcome, pending');
      await sandbox.advanceClock(30);
      await expect.poll(() => page.getByTestId('outcome').getAttribute('data-status'), { timeout: 30_000 }).toBe('confirmed');

      const late = await toPayment('Omar Hold Expiry');
      await sandbox.advanceClock(21 * 60);
      await page.keyboard.type(String(Math.ceil(late.totalPounds / 100) * 100));
      await page.keyboard.press('F10');
      await page.getByTestId('hold-expired').waitFor({ timeout: 15_000 });
      await audit('sale 7-payment, the hold expired');
      await page.keyboard.press('F12');
      check();
    });

    it('the search with the list of cities open: Tab never lands under it', async () => {
      const { page } = c;
      await nextCustomer(page);
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
      await page.keyboard.type(CITIES[lang].from.slice(0, 3));
      await expect.poll(() => page.getByRole('option').count()).toBeGreaterThan(1);
      await audit('search, the From list open');
      await page.keyboard.press('F12');
      check();
    });

    it('the seats step of an operator that seats passengers at boarding', async () => {
      const { page } = c;
      await setLanguage(page, lang);
      // a destination from Cairo tomorrow with such an operator, found through the contract
      const { cities } = await c.call('referenceData');
      const cairo = cities.find((x) => x.name === 'Cairo')!;
      let to: (typeof cities)[number] | undefined;
      for (const name of ['Asyut', 'Sohag', 'Luxor', 'Aswan', 'Ismailia', 'Port Said', 'Suez']) {
        const city = cities.find((x) => x.name === name);
        if (!city) continue;
        const { offers } = await c.call('search', { origin: cairo.id, destination: city.id, departureDate: cairoTomorrow(), passengers: 1 });
        if (offers.some((o) => BOARDING_OPERATORS.includes(o.offer.operator.name))) {
          to = city;
          break;
        }
      }
      if (!to) throw new Error('no departure from Cairo tomorrow of an operator that seats at boarding');
      const toName = lang === 'ar' && to.name_ar ? to.name_ar : to.name;
      let audited = false;
      await keyboardSaleToPayment(page, {
        ...CITIES[lang],
        to: toName,
        toShown: toName,
        passengers: ['Omar Boarding'],
        phone: '01012345678',
        operators: BOARDING_OPERATORS,
        boarding: true,
        onScreen: async (name) => {
          if (name !== '4-seats') return;
          await audit('sale 4-seats at boarding');
          expect(await heading(page)).toHaveLength(1);
          audited = true;
        },
      });
      expect(audited).toBe(true);
      await nextCustomer(page); // not sold
      check();
    });

    it('find a booking: the results and the booking view', async () => {
      const { page } = c;
      await page.keyboard.press('F12'); // a new sale: the focus is in From
      await expect.poll(focusedKey).not.toBe('');
      const from = await focusedKey();
      await page.keyboard.press('Control+f');
      await page.getByTestId('lookup-query').waitFor();
      await page.keyboard.type('Laila');
      await expect.poll(() => page.getByTestId('lookup-here').getByTestId('lookup-hit').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await expect.poll(() => page.getByTestId('lookup').getByRole('status').count(), { timeout: 15_000 }).toBe(0);
      await audit('lookup results');
      expect(await heading(page)).toHaveLength(1);
      await page.getByTestId('lookup-query').focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('booking-view').waitFor();
      await audit('booking view');
      expect(await heading(page)).toHaveLength(1);
      await shot(page, `a11y-booking-${lang}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('lookup-query').waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('lookup').count()).toBe(0);
      await expect.poll(focusedKey).toBe(from); // back where the agent was
      check();
    });

    it('the trip changes worklist is modal: focus in, Tab held inside, focus back on close', async () => {
      const { page } = c;
      await sellAndMoveDeparture(c, 'Nadia Kamal');
      await page.reload();
      const chip = page.getByTestId('worklist-chip');
      await chip.waitFor({ timeout: 20_000 });
      await chip.focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('worklist-item').first().waitFor();
      await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[data-testid=worklist]'))).toBe(true);
      expect(await page.evaluate(() => document.querySelector('#root')?.hasAttribute('inert'))).toBe(true);
      await audit('trip changes worklist', { overlay: '[data-testid=worklist]' });
      await shot(page, `a11y-worklist-${lang}`);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('worklist').count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('worklist-chip');
      expect(await page.evaluate(() => document.querySelector('#root')?.hasAttribute('inert'))).toBe(false);
      check();
    });

    it('every tab of Settings, and the day report (F7)', async () => {
      const { page } = c;
      await page.locator('.settings-button').click();
      const tabs = page.getByRole('tab');
      await tabs.first().waitFor();
      const n = await tabs.count();
      expect(n).toBeGreaterThanOrEqual(8);
      for (let i = 0; i < n; i++) {
        await tabs.nth(i).click();
        await page.locator('[role=tabpanel]').first().waitFor();
        await expect.poll(() => page.locator('.st-loading').count(), { timeout: 15_000 }).toBe(0);
        const id = (await tabs.nth(i).getAttribute('id')) ?? `tab-${i}`;
        await audit(`settings ${id}`);
        expect(await heading(page)).toHaveLength(1);
        expect(await namesNotFromText(page.locator('.settings-close, [data-testid$=-test]'))).toEqual([]);
      }
      await shot(page, `a11y-settings-last-${lang}`);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('settings').count()).toBe(0);
      await expect.poll(focusedKey).toMatch(/^BUTTON +settings-button/);

      // a statement line's booking: Settings hands over to the booking view, which keeps the focus
      await page.locator('.settings-button').click();
      await page.locator('#settings-tab-wallet').click();
      await page.getByTestId('statement-booking').first().click();
      await page.getByTestId('booking-view').waitFor();
      // two frames: a focus given back by mistake (after a frame) would have landed by then
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid=booking-view]'))).toBe(true);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('lookup').count()).toBe(0);

      await page.keyboard.press('F12');
      await expect.poll(focusedKey).not.toMatch(/settings-button/);
      const before = await focusedKey();
      await page.keyboard.press('F7');
      await page.getByTestId('reports').waitFor();
      await page.getByTestId('hour-chart').waitFor({ timeout: 20_000 });
      await audit('day report');
      expect(await heading(page)).toHaveLength(1);
      // the chart's figures are a table a screen reader reads; the bars are hidden from it
      const chart = page.getByTestId('hour-chart');
      expect(await chart.locator('svg').getAttribute('aria-hidden')).toBe('true');
      const rows = chart.getByRole('table').locator('tbody tr');
      expect(await rows.count()).toBeGreaterThan(0);
      expect(await rows.first().locator('th, td').count()).toBe(3);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('reports').count()).toBe(0);
      await expect.poll(focusedKey).toBe(before);
      check();
    });

    it('a shift: the first supervisor, the float, the F11 cash panel, the lock, the blind count, the Z-report, the sign-in', async () => {
      const { page } = c;
      await page.locator('.settings-button').click();
      await page.locator('#settings-tab-agents').click();
      await page.locator('#agent-name').fill('Samir Supervisor');
      await page.locator('#agent-pin').fill('432100');
      await page.getByTestId('settings-agents').locator('button[type=submit]').first().click();
      // the supervisor stays in Settings (no cash shift needed for that); the counter asks for the float
      await page.getByTestId('settings-role').waitFor();
      await page.keyboard.press('Escape');

      const open = page.getByTestId('open-shift');
      await open.waitFor();
      await audit('open shift');
      expect(await heading(page)).toHaveLength(1);
      await page.locator('#float-20000').fill('2');
      await open.locator('button[type=submit]').click();
      await page.getByRole('combobox').nth(1).waitFor();

      // F11: the cash panel takes the focus and gives it back
      await page.getByRole('combobox').first().focus();
      await page.keyboard.press('F11');
      const panel = page.getByTestId('shift-panel');
      await panel.waitFor();
      await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[data-testid=shift-panel]'))).toBe(true);
      await audit('F11 cash panel', { overlay: '[data-testid=shift-panel]' });
      await shot(page, `a11y-cash-panel-${lang}`);
      // its two tabs are a tab list: one Tab stop, the arrows along the reading direction switch them
      const tabs = panel.getByRole('tab');
      expect(await tabs.evaluateAll((ts) => ts.map((x) => (x as HTMLElement).tabIndex))).toEqual([0, -1]);
      expect(await tabs.first().getAttribute('aria-controls')).toBe(await panel.getByRole('tabpanel').getAttribute('id'));
      await tabs.first().focus();
      await page.keyboard.press(lang === 'en' ? 'ArrowRight' : 'ArrowLeft');
      await expect.poll(() => tabs.nth(1).getAttribute('aria-selected')).toBe('true');
      expect(await tabs.nth(1).evaluate((x) => x === document.activeElement)).toBe(true);
      await page.keyboard.press('Home');
      await expect.poll(() => tabs.first().getAttribute('aria-selected')).toBe('true');
      await page.keyboard.press('Escape');
      await expect.poll(() => panel.count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');

      // the lock screen covers the counter for the keyboard too
      await page.keyboard.press('Control+l');
      await page.getByTestId('lock-screen').waitFor();
      await audit('lock screen', { overlay: '.desk-lock-overlay' });
      expect(await heading(page)).toHaveLength(1);
      await page.locator('#pin').fill('432100');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('lock-screen').count()).toBe(0);

      await page.keyboard.press('F11');
      await panel.getByRole('tab').nth(1).click();
      const blind = page.getByTestId('blind-count');
      await blind.waitFor();
      await audit('F11 blind count', { overlay: '[data-testid=shift-panel]' });
      await page.locator('#count-10000').fill('5');
      await blind.locator('button[type=submit]').click();
      const variance = page.getByTestId('variance');
      await variance.waitFor();
      await audit('F11 variance', { overlay: '[data-testid=shift-panel]' });
      await page.locator('#close-comment').fill('A 100 from the safe not written down');
      await variance.locator('button[type=submit]').click();

      await page.getByTestId('z-report').waitFor();
      await audit('Z-report');
      expect(await heading(page)).toHaveLength(1);
      await shot(page, `a11y-z-report-${lang}`);
      await page.getByTestId('shift-closed-done').click();
      await page.getByTestId('open-shift').waitFor();
      await page.getByTestId('open-shift').locator('button.st-btn-quiet').click();
      await page.getByTestId('sign-in').waitFor();
      await audit('sign-in');
      expect(await heading(page)).toHaveLength(1);
      await shot(page, `a11y-sign-in-${lang}`);

      // signed in again, the next shift opened: the day report with the closed shift's Z-report
      await page.locator('#pin').fill('432100');
      await page.keyboard.press('Enter');
      await page.getByTestId('open-shift').waitFor();
      await page.locator('#float-10000').fill('1');
      await page.getByTestId('open-shift').locator('button[type=submit]').click();
      await page.getByRole('combobox').nth(1).waitFor();
      await page.keyboard.press('F7');
      await page.getByTestId('report-shifts').locator('tbody button').first().click();
      await page.getByTestId('reports').getByTestId('z-report').waitFor();
      await audit('day report, a Z-report opened');
      expect(await heading(page)).toHaveLength(1);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('reports').count()).toBe(0);
      check();
    });

    it('a counter of a station: the station’s day on the Reports screen, the Station tab linked', async () => {
      const { page } = c;
      await caller(c.app.counter.dispatch).ok('connectStation', {
        stationId: 'stn_luxor',
        stationName: 'Luxor station',
        host: db.host,
        port: db.port,
        database: db.database,
        user: db.user,
        tls: false,
      });
      await page.keyboard.press('F7');
      const section = page.getByTestId('station-report');
      await section.waitFor({ timeout: 20_000 });
      await expect.poll(async () => (await section.textContent()) ?? '', { timeout: 20_000 }).toContain('Luxor station');
      await section.scrollIntoViewIfNeeded();
      await audit('day report of a station');
      await shot(page, `a11y-station-report-${lang}`);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('reports').count()).toBe(0);
      await page.locator('.settings-button').click();
      await page.locator('#settings-tab-station').click();
      await expect.poll(() => page.locator('.st-loading').count(), { timeout: 15_000 }).toBe(0);
      await audit('settings, the Station tab of a linked counter');
      await page.keyboard.press('Escape');
      check();
    });

    it('at 200% zoom (683 CSS pixels wide) no screen scrolls sideways or cuts anything off (WCAG 1.4.10)', async () => {
      const { page } = c;
      const size = page.viewportSize();
      await page.setViewportSize({ width: 683, height: 384 });
      const wide: string[] = [];
      /** The screen is as wide as the window; if not, what sticks out of it. */
      const fits = async (screen: string) => {
        const out = await sticksOut(page);
        if (out.length) wide.push(`${screen} (${lang}): ${out.join(', ')}`);
      };
      try {
        await setLanguage(page, lang);
        await keyboardSaleToPayment(page, { ...CITIES[lang], passengers: ['Rana Zoom'], phone: '01012345678', operators: SEATED_OPERATORS, onScreen: async (screen) => {
            await fits(screen);
            if (screen === '3-results' || screen === '4-seats') await shot(page, `a11y-zoom-${screen}-${lang}`);
          },
        });
        await fits('sale 7-payment');
        await shot(page, `a11y-zoom-payment-${lang}`);
        await page.keyboard.press('F12');
        await page.getByTestId('leave-sale').waitFor();
        await leaveTheSale(page);
        await page.keyboard.press('F7');
        await page.getByTestId('reports').waitFor();
        await fits('day report');
        await page.keyboard.press('Escape');
        await page.locator('.settings-button').click();
        await page.getByRole('tab').first().waitFor();
        await fits('settings');
        await shot(page, `a11y-zoom-settings-${lang}`);
        await page.keyboard.press('Escape');
        await page.keyboard.press('Control+f');
        await page.getByTestId('lookup-query').waitFor();
        await page.keyboard.type('Laila');
        await expect.poll(() => page.getByTestId('lookup-here').getByTestId('lookup-hit').count(), { timeout: 15_000 }).toBeGreaterThan(0);
        await fits('find a booking');
        await shot(page, `a11y-zoom-lookup-${lang}`);
        await page.getByTestId('lookup-query').focus();
        await page.keyboard.press('Enter');
        await page.getByTestId('booking-view').waitFor();
        await fits('booking view');
        await shot(page, `a11y-zoom-booking-${lang}`);
        await page.keyboard.press('Escape');
        await page.getByTestId('lookup-query').waitFor();
        await page.keyboard.press('Escape');
        await expect.poll(() => page.getByTestId('lookup').count()).toBe(0);
      } finally {
        if (size) await page.setViewportSize(size);
      }
      expect(wide).toEqual([]);
    });

    // last: the page's clock is Playwright's from here on
    it('the hold’s live region speaks at 5 minutes left and at 1 minute, and not before', async () => {
      const { page } = c;
      await setLanguage(page, lang);
      await page.clock.install();
      await keyboardSaleToPayment(page, { ...CITIES[lang], passengers: ['Rana Countdown'], phone: '01012345678', operators: SEATED_OPERATORS });
      const said = page.getByTestId('hold-announcer');
      expect(await said.textContent()).toBe('');
      await page.clock.fastForward('14:00'); // about 6 minutes left
      expect(await said.textContent()).toBe('');
      await page.clock.fastForward('01:05'); // under 5
      await expect.poll(() => said.textContent()).toBe(lang === 'en' ? '5 minutes left on the hold' : 'متبقٍ ٥ دقائق على الحجز المؤقت');
      await page.clock.fastForward('04:00'); // under 1
      await expect.poll(() => said.textContent()).toBe(lang === 'en' ? '1 minute left on the hold' : 'متبقٍ دقيقة واحدة على الحجز المؤقت');
      await page.keyboard.press('F12');
    });
  });
}
