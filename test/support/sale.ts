import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { addDays, cairoDate } from '../../core/cairo-time.ts';
import { OPERATOR_TABLE } from '../../sandbox/inventory/operators.ts';
import type { CallName } from '../../contract/calls.ts';
import type { CounterEnvironment } from '../../contract/counter.ts';
import type { CallValue } from '../../contract/api.ts';
import type { Booking, Transaction, Wallet } from '../../contract/partner/resources.ts';
import { caller, sellOneSeat } from '../integration/main/helpers.ts';
import { launchChromium, paintSettled } from './browser.ts';
import { SCREENSHOTS, startApp, type AppOptions, type RunningApp } from './app.ts';
import { RECEIPT_PRINTER, TICKET_PRINTER, printedPdf } from './cups.ts';
import { pdfText } from '../unit/pdf/pdf-tools.ts';

// The sale flow end to end: the real counter (TRAINING, embedded sandbox) behind the web
// harness, the real renderer in Chromium, and a direct line to the sandbox to check what
// really happened to the wallet and the bookings.

export interface Counter {
  app: RunningApp;
  browser: Browser;
  page: Page;
  sandbox: SandboxClient;
  /** A contract call straight to main (as the journal and wallet screens would make it). */
  call<N extends CallName>(name: N, arg?: unknown): Promise<CallValue<N>>;
  close(): Promise<void>;
}

export interface OpenCounterOptions {
  app?: AppOptions;
  /** The environment the counter opens in: TRAINING (its own embedded sandbox) unless it was given a credential. */
  environment?: CounterEnvironment;
  /** The test id of the screen it opens on, when not the sale (a new LIVE counter asks for its first supervisor). */
  opensOn?: string;
  /** Leaves the printers unset (a counter where nobody may set them yet). */
  withoutPrinters?: boolean;
}

export async function openCounter(opts: OpenCounterOptions = {}): Promise<Counter> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const app = await startApp(opts.app);
  const browser = await launchChromium();
  const page = await browser.newPage({ locale: 'en-GB', viewport: { width: 1366, height: 768 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(app.harness.url);
  await page.locator(`[data-testid=environment][data-environment=${opts.environment ?? 'TRAINING'}]`).waitFor({ timeout: 15_000 });
  if (opts.opensOn) await page.getByTestId(opts.opensOn).waitFor({ timeout: 15_000 });
  else await page.getByRole('combobox').nth(1).waitFor({ timeout: 15_000 });
  const sandbox = new SandboxClient(app.counter.info.apiBaseUrl);
  return {
    app,
    browser,
    page,
    sandbox,
    async call(name, arg) {
      const r = (await app.counter.dispatch(name, arg as never)) as { ok: boolean; value?: unknown; error?: unknown };
      if (!r.ok) throw new Error(`${name} failed: ${JSON.stringify(r.error)}`);
      return r.value as never;
    },
    async close() {
      await browser.close();
      await app.stop();
      if (errors.length) throw new Error(`uncaught errors in the page: ${errors.join('; ')}`);
    },
  };
}

/** The embedded sandbox: its Partner API (as the station's account) and its control API. */
export class SandboxClient {
  readonly origin: string;
  readonly base: string;
  #token: string | null = null;

  constructor(apiBaseUrl: string) {
    this.base = apiBaseUrl.replace(/\/$/, '');
    this.origin = this.base.replace(/\/v1$/, '');
  }

  token(): Promise<string> {
    return this.#auth();
  }

  async #auth(): Promise<string> {
    if (this.#token) return this.#token;
    const res = await fetch(`${this.base}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'cid_sandbox_demo', client_secret: 'sk_sandbox_demo' }),
    });
    if (!res.ok) throw new Error(`token: ${res.status}`);
    this.#token = ((await res.json()) as { access_token: string }).access_token;
    return this.#token;
  }

  async get<T>(path: string): Promise<T> {
    const res = await fetch(`${this.base}${path}`, { headers: { Authorization: `Bearer ${await this.#auth()}` } });
    if (res.status === 401) {
      this.#token = null; // the clock moved past the token's hour
      return this.get(path);
    }
    if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: T }).data;
  }

  wallet(): Promise<Wallet> {
    return this.get('/wallet');
  }

  transactions(): Promise<Transaction[]> {
    return this.get('/wallet/transactions?limit=200');
  }

  bookings(): Promise<Booking[]> {
    return this.get('/bookings?limit=200');
  }

  /** Bookings with a passenger of this name (names carry the test's own marker). */
  async bookingsOf(fullName: string): Promise<Booking[]> {
    return (await this.bookings()).filter((b) => b.passengers.some((p) => p.full_name === fullName));
  }

  /** The sandbox's simulated now, in ms. */
  async now(): Promise<number> {
    const res = await fetch(`${this.origin}/_sandbox/clock`);
    if (!res.ok) throw new Error(`clock: ${res.status} ${await res.text()}`);
    return Date.parse(((await res.json()) as { data: { now: string } }).data.now);
  }

  async advanceClock(seconds: number): Promise<void> {
    const res = await fetch(`${this.origin}/_sandbox/clock/advance`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ seconds }),
    });
    if (!res.ok) throw new Error(`clock advance: ${res.status} ${await res.text()}`);
    this.#token = null;
  }
}

/** Text as the agent reads it: bidi marks dropped, no-break spaces as spaces. */
export const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u2066-\u2069\u200e\u200f\u061c]/g, '').replace(/[\u00a0\u202f]/g, ' ').trim();

/** Western digits of text shown with Arabic-Indic digits. */
export const western = (s: string) =>
  s.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[٬,]/g, '').replace(/٫/g, '.');

/** An amount of pounds shown on screen ("EGP 1,204.50", "‏١٬٢٠٤ ج.م.‏") in piastres. */
export function minorOf(text: string | null | undefined): number {
  const m = /\d+(\.\d+)?/.exec(western(plain(text)));
  if (!m) throw new Error(`no amount in "${text}"`);
  return Math.round(Number(m[0]) * 100);
}

export async function shot(page: Page, name: string): Promise<void> {
  await paintSettled(page); // transitions ended, focus rings painted
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/** Reloads the page on the sign-in screen (nobody signed in) and signs `name` in with their PIN there. */
export async function signInOnScreen(page: Page, name: string, pin: string): Promise<void> {
  await page.reload();
  await page.getByTestId('sign-in').waitFor();
  await page.getByText(name).click();
  await page.locator('#pin').fill(pin);
  await page.keyboard.press('Enter');
}

export async function setLanguage(page: Page, lang: 'ar' | 'en'): Promise<void> {
  const now = await page.evaluate(() => document.documentElement.lang);
  if (now !== lang) await page.keyboard.press('F3');
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
}

/** The element that has the keyboard focus, described for assertions. */
export function focused(page: Page): Promise<{ tag: string; id: string; role: string | null; name: string | null; testid: string | null }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      id: el?.id ?? '',
      role: el?.getAttribute('role') ?? null,
      name: el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? null,
      testid: el?.getAttribute('data-testid') ?? null,
    };
  });
}

/**
 * Free seats of one fare class for `count` passengers, read from the map as drawn (reading
 * the screen, not typing into it). Prefers plain seats in the middle of the coach.
 */
export async function freeSeats(page: Page, count: number): Promise<string[]> {
  const seats = await page.locator('[data-testid=seatmap] button.seat.free').evaluateAll((els) =>
    els.map((e) => ({ n: (e as HTMLElement).dataset.seat ?? '', cls: (e as HTMLElement).dataset.class ?? '' })),
  );
  const byClass = new Map<string, string[]>();
  for (const s of seats) byClass.set(s.cls, [...(byClass.get(s.cls) ?? []), s.n]);
  for (const list of byClass.values()) if (list.length >= count + 4) return list.slice(2, 2 + count);
  for (const list of byClass.values()) if (list.length >= count) return list.slice(0, count);
  throw new Error(`no fare class with ${count} free seats`);
}

/** Sum of a booking's lines in the wallet statement (DEBIT + REVERSAL of a failed one nets 0). */
export function netOf(transactions: Transaction[], bookingRef: string): number {
  return transactions.filter((t) => t.booking_ref === bookingRef).reduce((n, t) => n + t.amount_minor, 0);
}

/** Tomorrow at the station (Cairo), as the search's "Tomorrow" button means it. */
export function cairoTomorrow(): string {
  return addDays(cairoDate(new Date()), 1);
}

export interface KeyboardSale {
  from: string;
  to: string;
  /** Names of the cities as they should show once picked (UI language). */
  fromShown: string;
  toShown: string;
  passengers: string[];
  phone: string;
  /** Screenshot name prefix (e.g. "sale-en"); no screenshots when absent. */
  shots?: string;
  /** Pick the first departure whose operator is one of these (reading the list). */
  operators?: readonly string[];
  /**
   * Pick the first departure at or after this instant (ms): a test that moves the sandbox's clock
   * needs a coach that has not left by then (tomorrow's first ones leave soon after midnight).
   */
  departsAfter?: number;
  /** Hold this many seats as a count instead of naming them (operator seats at boarding). */
  boarding?: boolean;
  /** Called on each screen the sale reaches (an accessibility audit), with its name. */
  onScreen?: (name: string) => Promise<void>;
}

export interface SaleInProgress {
  seats: string[];
  totalText: string;
  totalPounds: number;
  operator: string;
}

/** Cairo to Alexandria with the first operator that sells seats on a map, typed in English. */
export function cairoToAlexandria(passengers: string[], phone: string): KeyboardSale {
  return { from: 'cairo', to: 'alex', fromShown: 'Cairo', toShown: 'Alexandria', passengers, phone, operators: SEATED_OPERATORS };
}

/**
 * A sale up to the payment step with page.keyboard alone: From, To, Tomorrow, passengers,
 * Enter; arrows to the departure; seat numbers typed; names and phone; each focus checked.
 */
export async function keyboardSaleToPayment(page: Page, s: KeyboardSale): Promise<SaleInProgress> {
  const k = page.keyboard;
  const snap = async (name: string) => {
    expect(await unnamedControls(page), `controls without a name at ${name}`).toEqual([]);
    if (s.shots) await shot(page, `${s.shots}-${name}`);
    await s.onScreen?.(name);
  };
  const combo = (i: number) => page.getByRole('combobox').nth(i);

  await nextCustomer(page); // a fresh sale, whatever the screen was showing
  await expect.poll(() => focused(page).then((f) => f.role)).toBe('combobox');
  await k.type(s.from);
  await expect.poll(() => page.getByRole('option', { selected: true }).count()).toBe(1);
  await snap('1-from');
  await k.press('Enter');
  await expect.poll(() => combo(0).inputValue()).toBe(s.fromShown);
  await k.type(s.to);
  await expect.poll(() => page.getByRole('option', { selected: true }).count()).toBe(1);
  await k.press('Enter');
  await expect.poll(() => combo(1).inputValue()).toBe(s.toShown);
  // the date: Today is checked, ArrowDown moves to Tomorrow, Enter goes on to the passengers
  await expect.poll(() => focused(page).then((f) => f.tag)).toBe('input');
  await k.press('ArrowDown');
  await k.press('Enter');
  await expect.poll(() => focused(page).then((f) => f.id)).toBe('pax');
  await k.type(String(s.passengers.length));
  await snap('2-search');
  await k.press('Enter');
  const rows = page.locator('[data-testid=offers] button.offer');
  await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect.poll(() => focused(page).then((f) => f.tag)).toBe('button');
  await snap('3-results');

  // arrows down to the first departure of the wanted operators
  const listed = await rows.evaluateAll((els) => els.map((e) => ({ operator: (e as HTMLElement).dataset.operator ?? '', departure: (e as HTMLElement).dataset.departure ?? '' })));
  const at = listed.findIndex(
    (o) => (!s.operators || s.operators.includes(o.operator)) && (s.departsAfter === undefined || Date.parse(o.departure) >= s.departsAfter),
  );
  if (at < 0) throw new Error(`no departure of ${s.operators?.join(', ') ?? 'any operator'} in ${listed.map((o) => `${o.operator} ${o.departure}`).join(', ')}`);
  for (let i = 0; i < at; i++) await k.press('ArrowDown');
  await k.press('Enter');

  let seats: string[] = [];
  if (s.boarding) {
    await expect.poll(() => page.getByTestId('no-seat-selection').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => focused(page).then((f) => f.tag)).toBe('input');
    await snap('4-seats');
    await k.press('Enter'); // hold the count in the chosen class
  } else {
    await expect.poll(() => page.getByTestId('seatmap').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => focused(page).then((f) => f.id)).toBe('seat-numbers');
    await snap('4-seats');
    seats = await freeSeats(page, s.passengers.length);
    await k.type(seats.join(' '));
    await k.press('Enter');
  }
  await page.getByTestId('hold-status').first().waitFor({ timeout: 15_000 });
  await snap('5-held');
  // Enter goes on (the focus is on "Passengers" once the seats are held)
  await k.press('Enter');
  await expect.poll(() => focused(page).then((f) => f.id)).toBe('pax-name-0');
  for (const [i, name] of s.passengers.entries()) {
    await expect.poll(() => focused(page).then((f) => f.id)).toBe(`pax-name-${i}`);
    await k.type(name);
    await k.press('Enter');
  }
  // the contact name was filled from the first passenger; the phone is next
  expect(await page.locator('#contact-name').inputValue()).toBe(s.passengers[0]);
  await expect.poll(() => focused(page).then((f) => f.id)).toBe('contact-phone');
  await k.type(s.phone);
  await snap('6-passengers');
  await k.press('Enter');
  await expect.poll(() => focused(page).then((f) => f.id)).toBe('cash');
  const totalText = plain(await page.getByTestId('pay-total').textContent());
  const operator = (await page.getByTestId('journey').locator('.journey-op strong').textContent()) ?? '';
  return { seats, totalText, totalPounds: minorOf(totalText) / 100, operator };
}

/** Types the cash, Enter (shows the change, focus to Confirm), Enter (sends the sale). */
export async function payAndConfirm(page: Page, cashPounds: number, shots?: string): Promise<void> {
  await page.keyboard.type(String(cashPounds));
  await page.keyboard.press('Enter');
  await expect.poll(() => focused(page).then((f) => f.testid)).toBe('confirm');
  expect(await unnamedControls(page), 'controls without a name at the payment').toEqual([]);
  if (shots) await shot(page, `${shots}-7-payment`);
  await page.keyboard.press('Enter');
}

/** The outcome screen once it has settled on a status. */
export async function outcomeStatus(page: Page, timeout = 30_000): Promise<string | null> {
  await expect.poll(() => page.getByTestId('outcome').count(), { timeout }).toBe(1);
  return page.getByTestId('outcome').getAttribute('data-status');
}

/** The test environment's CUPS-PDF printers, chosen as a supervisor would in Settings. */
/** F12, the next customer: over seats held or cash typed it asks first, and "Leave the sale" leaves that sale. */
export async function nextCustomer(page: Page): Promise<void> {
  await page.keyboard.press('F12');
  const leave = page.getByTestId('leave-sale');
  await expect.poll(async () => (await leave.count()) > 0 || (await focused(page)).role === 'combobox').toBe(true);
  if ((await leave.count()) > 0) await leaveTheSale(page);
}

/** Over the "Leave this sale?" question (its focus on Stay): the agent moves to "Leave the sale" and presses Enter. */
export async function leaveTheSale(page: Page): Promise<void> {
  await page.getByTestId('leave-sale-confirm').focus();
  await page.keyboard.press('Enter');
}

export async function usePdfPrinters(c: Counter, printers: { ticket?: string; receipt?: string } = {}): Promise<void> {
  await c.call('savePrintSettings', {
    ticketPrinter: printers.ticket ?? TICKET_PRINTER,
    receiptPrinter: printers.receipt ?? RECEIPT_PRINTER,
    receiptPaper: '80mm',
  });
}

/**
 * What came out of a CUPS-PDF printer for the job a print line shows: pages, page size and its
 * text (Latin and digits read back reliably; CUPS re-encodes the fonts, so Arabic may not).
 */
export async function printedDocument(
  page: Page,
  doc: 'tickets' | 'receipt',
): Promise<{ pages: number; widthPt: number; printer: string; text: string }> {
  const line = page.getByTestId(`print-${doc}`);
  await expect.poll(() => line.getAttribute('data-status'), { timeout: 30_000 }).toBe('sent');
  const jobId = await line.getAttribute('data-job-id');
  if (!jobId) throw new Error(`no job id on the ${doc} print line`);
  const file = await printedPdf(jobId);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return {
    pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]),
    widthPt: Number(/^Page size:\s+([\d.]+)/m.exec(info)?.[1]),
    printer: jobId.replace(/-\d+$/, ''),
    text: execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }),
  };
}

/** Text of the API's ticket PDF of a booking in a language (what was handed to the printer). */
export async function ticketText(sandbox: SandboxClient, reference: string, lang: 'ar' | 'en'): Promise<string> {
  const res = await fetch(`${sandbox.base}/bookings/${reference}/tickets.pdf?lang=${lang}`, { headers: { Authorization: `Bearer ${await sandbox.token()}` } });
  if (!res.ok) throw new Error(`tickets.pdf: ${res.status}`);
  return pdfText(Buffer.from(await res.arrayBuffer()), 'raw');
}

/**
 * Controls on screen without an accessible name (buttons, inputs, selects, comboboxes,
 * radios): a simplified accessible-name check done in the page. Empty means all are named.
 */
export function unnamedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 || r.height > 0 || (el as HTMLInputElement).type === 'radio';
    };
    for (const el of document.querySelectorAll('button, input, select, textarea, [role=combobox], [role=option]')) {
      if (!visible(el)) continue;
      const labelled = el.getAttribute('aria-labelledby')?.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ') ?? '';
      const labels = 'labels' in el ? [...((el as HTMLInputElement).labels ?? [])].map((l) => l.textContent ?? '').join(' ') : '';
      const own = el.tagName === 'BUTTON' || el.getAttribute('role') === 'option' ? (el.textContent ?? '') : '';
      const name = [el.getAttribute('aria-label') ?? '', labelled, labels, own, el.getAttribute('title') ?? ''].join(' ').trim();
      if (!name) out.push(el.outerHTML.slice(0, 120));
    }
    return out;
  });
}

/** Operators that sell seats on a map (keyboard sales pick their seats by number). */
export const SEATED_OPERATORS = OPERATOR_TABLE.filter((o) => o.seat_selection).map((o) => o.name);

/**
 * One counter in Chromium for a whole test file, with the CUPS-PDF printers chosen as a
 * supervisor would, and a screenshot of the screen whenever one of its tests fails.
 */
export function counterPerFile(onOpen: (c: Counter) => void | Promise<void>): void {
  countersPerFile(1, () => ({}), ([c]) => onOpen(c!));
}

/**
 * `count` counters side by side for a whole test file (the windows of one station): each its own
 * data folder, app, web harness and Chromium, opened in order with `options(i)` (read when they
 * open, so that a sandbox or database started in an earlier beforeAll can be named), each with
 * the CUPS-PDF printers, each screen shot when a test fails.
 */
export function countersPerFile(count: number, options: (i: number) => OpenCounterOptions, onOpen: (cs: Counter[]) => void | Promise<void>): void {
  const opened: Counter[] = [];
  beforeAll(async () => {
    for (let i = 0; i < count; i++) {
      const opts = options(i);
      const c = await openCounter(opts);
      opened.push(c);
      if (!opts.withoutPrinters) await usePdfPrinters(c);
    }
    await onOpen(opened);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    const name = `failed-${ctx.task.name.slice(0, 40).replace(/\W+/g, '-')}`;
    for (const [i, c] of opened.entries()) await shot(c.page, count === 1 ? name : `${name}-${i + 1}`);
  });
  afterAll(async () => {
    const closed = await Promise.allSettled(opened.map((c) => c.close()));
    const failed = closed.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  });
}

/** The screen in both languages as it is now (F3 twice: the sale does not move). */
export async function shotBothLanguages(page: Page, name: string): Promise<void> {
  const lang = await page.evaluate(() => document.documentElement.lang);
  await shot(page, `${name}-${lang}`);
  await page.keyboard.press('F3');
  await shot(page, `${name}-${lang === 'ar' ? 'en' : 'ar'}`);
  await page.keyboard.press('F3');
}

/**
 * A seat sold to `traveller` whose departure the operator then moves three hours later (the
 * sandbox's reschedule), with the counter told (checkTrips): one traveller to call on the worklist.
 */
export async function sellAndMoveDeparture(c: Counter, traveller: string): Promise<void> {
  const api = caller(c.app.counter.dispatch);
  const sale = await sellOneSeat(api, traveller, 0);
  const later = new Date(Date.parse(sale.booking!.departure_at!) + 3 * 3_600_000).toISOString();
  const res = await fetch(`${c.sandbox.origin}/_sandbox/bookings/${sale.booking!.id}/reschedule`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ departure_at: later }),
  });
  if (!res.ok) throw new Error(`reschedule: ${res.status} ${await res.text()}`);
  await api.ok('checkTrips');
}
