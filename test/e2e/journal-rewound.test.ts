// The journal rewound outside the app, as its PC's user can with SQLite while the counter is
// closed, seen on the screens: the top bar says "Journal changed outside the app", and Settings →
// Journal says when, where the journal ended and what this PC had kept, in English and Arabic; the
// figures are folded again from the entries (the pay-in removed is no longer in the drawer). And
// a pay-out appended by hand (its tag does not open with the PIN key): said the same way.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { appendByHand } from '../support/append-by-hand.ts';
import { Z_OUTSIDE_NAMED } from '../../contract/counter.ts';
import { journalPath } from '../../main/session.ts';
import { caller, tempDir } from '../integration/main/helpers.ts';
import { axeFindings, report } from '../support/a11y.ts';
import { SCREENSHOTS, startApp, type RunningApp } from '../support/app.ts';
import { launchChromium } from '../support/browser.ts';

const folder = tempDir('shubbak-e2e-rewound-');
let app: RunningApp;
let browser: Browser;
let page: Page;
let kept = 0;

beforeAll(async () => {
  app = await startApp({ dataDir: folder.dir });
  const c = caller(app.counter.dispatch);
  await c.ok('openShift', { float: { '20000': 1 } });
  await c.ok('moveCash', { kind: 'pay_in', amountMinor: 5_000, reason: 'change from the safe' });
  await app.stop();
  const db = new Database(journalPath(folder.dir, 'TRAINING'));
  try {
    kept = db.prepare('SELECT max(seq) FROM entries').pluck().get() as number;
    db.exec('DROP TRIGGER entries_no_delete');
    db.prepare('DELETE FROM entries WHERE seq = ?').run(kept);
    const head = db.prepare('SELECT seq, hash FROM entries ORDER BY seq DESC LIMIT 1').get() as { seq: number; hash: string };
    db.prepare('UPDATE journal_head SET seq = ?, hash = ?').run(head.seq, head.hash);
  } finally {
    db.close();
  }
  app = await startApp({ dataDir: folder.dir });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(app.harness.url);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  folder.cleanup();
});

const plain = (s: string | null) => (s ?? '').replace(/[\u2066-\u2069\u200e\u200f\u061c]/g, '').replace(/[\u00a0\u202f]/g, ' ');

describe('a journal rewound outside the app', () => {
  it('is on the top bar and in Settings → Journal, in English and in Arabic', async () => {
    const chip = page.getByTestId('backup-chip');
    await expect.poll(() => chip.getAttribute('data-warning'), { timeout: 15_000 }).toBe('journal_rewound');
    if ((await page.locator('html').getAttribute('lang')) !== 'en') await page.keyboard.press('F3');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    expect(plain(await chip.textContent())).toBe('Journal changed outside the app');
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('tab', { name: 'Journal', exact: true }).click();
    const notice = page.getByTestId('journal-rewound');
    await expect.poll(() => notice.count()).toBe(1);
    expect(plain(await notice.textContent())).toMatch(new RegExp(`ended at entry ${kept - 1}, but this PC had kept it at entry ${kept} .*changed outside Shubbak`));
    await page.screenshot({ path: join(SCREENSHOTS, 'journal-rewound-en.png') });
    expect(report(await axeFindings(page, 'settings-journal-rewound'))).toBe('');
    await page.keyboard.press('F3');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ar');
    expect(plain(await chip.textContent())).toBe('السجل غُيّر خارج البرنامج');
    expect(plain(await notice.textContent())).toMatch(/غُيّر خارج شباك/);
    await page.screenshot({ path: join(SCREENSHOTS, 'journal-rewound-ar.png') });
  });
});

describe('a pay-out appended to the journal by hand', () => {
  const other = tempDir('shubbak-e2e-foreign-');
  let forged: RunningApp;
  let seq = 0;
  /** The prints appended before the pay-out: more than the Z-report names one by one. */
  const covers: number[] = [];
  beforeAll(async () => {
    forged = await startApp({ dataDir: other.dir });
    await caller(forged.counter.dispatch).ok('openShift', { float: { '20000': 1 } });
    await forged.stop();
    const db = new Database(journalPath(other.dir, 'TRAINING'));
    try {
      const shiftId = db.prepare("SELECT payload ->> '$.shiftId' FROM entries WHERE type = 'shift.opened' ORDER BY seq DESC LIMIT 1").pluck().get() as string;
      const print = { saleId: null, kind: 'test', printer: 'TicketPDF', status: 'sent', jobId: null, errorCode: null, copy: false, language: 'en', agentId: 'agent-1' };
      for (let i = 0; i < Z_OUTSIDE_NAMED + 2; i++) covers.push(appendByHand(db, 'print.recorded', { ...print, printId: randomUUID() }, { shiftId }));
      const payOut = { movementId: randomUUID(), shiftId, agentId: 'agent-1', kind: 'pay_out', amountMinor: 100_000, reason: 'Supplier' };
      seq = appendByHand(db, 'cash.moved', payOut, { shiftId });
    } finally {
      db.close();
    }
    forged = await startApp({ dataDir: other.dir });
    await page.goto(forged.harness.url);
  });
  afterAll(async () => {
    await forged?.stop();
    other.cleanup();
  });

  it('is on the top bar and in Settings → Journal, in English and in Arabic', async () => {
    const chip = page.getByTestId('backup-chip');
    await expect.poll(() => chip.getAttribute('data-warning'), { timeout: 15_000 }).toBe('journal_rewound');
    if ((await page.locator('html').getAttribute('lang')) !== 'en') await page.keyboard.press('F3');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('tab', { name: 'Journal', exact: true }).click();
    const notice = page.getByTestId('journal-foreign');
    await expect.poll(() => notice.count()).toBe(1);
    expect(plain(await notice.textContent())).toMatch(new RegExp(`did not write \\(how many: ${covers.length + 1}; the first: entry ${covers[0]}; kinds: prints, cash in the drawer\\)`));
    await page.screenshot({ path: join(SCREENSHOTS, 'journal-foreign-en.png') });
    expect(report(await axeFindings(page, 'settings-journal-foreign'))).toBe('');
    await page.keyboard.press('F3');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ar');
    expect(plain(await notice.textContent())).toMatch(/قيودًا لم يكتبها.*أنواعها: طباعة، نقدية الدرج/);
    await page.screenshot({ path: join(SCREENSHOTS, 'journal-foreign-ar.png') });
    expect(report(await axeFindings(page, 'settings-journal-foreign-ar'))).toBe('');
  });

  it('is named on the Z-report of its shift, which counts it', async () => {
    const call = caller(forged.counter.dispatch);
    await call.ok('countDrawer', { count: { '20000': 1 } });
    const { report: z } = await call.ok('closeShift', { comment: 'a pay-out I did not make' });
    expect(z.writtenOutside).toEqual([...covers.map((c) => ({ seq: c, type: 'print.recorded' })), { seq, type: 'cash.moved' }]);
    await page.keyboard.press('F3');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    await page.locator('.settings-close').click();
    await page.keyboard.press('F7');
    await page.getByTestId('report-shifts').getByRole('button', { name: 'Z no. 1' }).click();
    const notice = page.getByTestId('z-written-outside');
    await notice.waitFor();
    // the first twenty by number, the rest counted; the pay-out is the twenty-third, and its own line says so
    const named = covers.slice(0, Z_OUTSIDE_NAMED).map((c) => `#${c}`).join(', ');
    expect(plain(await notice.textContent())).toBe(
      `Written outside the app: ${covers.length + 1} of this shift’s entries (prints, cash in the drawer: ${named} … and 3 more). The figures include them: check them before you sign.`,
    );
    expect(plain(await page.getByTestId('z-movements').textContent())).toContain('Pay-out: Supplier (written outside the app)');
    await page.screenshot({ path: join(SCREENSHOTS, 'z-written-outside-en.png') });
    expect(report(await axeFindings(page, 'z-written-outside-en'))).toBe('');
    await page.keyboard.press('F3');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ar');
    expect(plain(await notice.textContent())).toMatch(/كُتبت خارج البرنامج: ٢٣ من قيود هذه الوردية \(طباعة، نقدية الدرج: #[٠-٩]+(، #[٠-٩]+){19} … و٣ غيرها\)/);
    await page.screenshot({ path: join(SCREENSHOTS, 'z-written-outside-ar.png') });
    expect(report(await axeFindings(page, 'z-written-outside-ar'))).toBe('');
  });
});
