import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAsideSetting } from '../../main/station/admin.ts';
import { stationPool } from '../../main/station/database.ts';
import { startPostgres, type TestPostgres } from '../support/postgres.ts';
import { counterPerFile, plain, setLanguage, shotBothLanguages, type Counter } from '../support/sale.ts';
import { caller, sellOneSeat } from '../integration/main/helpers.ts';

// The counter linked to a station database: the top bar says it is synced, and the Reports
// screen (F7) shows the whole station's day beside the counter's own; a forged settings row raises
// the alarm in Settings → Station with the command that sets it aside.

let c: Counter;
let db: TestPostgres;
counterPerFile((opened) => {
  c = opened;
});
beforeAll(async () => {
  db = await startPostgres({ station: true });
});
afterAll(() => db?.destroy());

describe('a counter of a station', () => {
  it('ships its sale and shows the station’s day on the Reports screen', async () => {
    const { page } = c;
    await setLanguage(page, 'en');
    const api = caller(c.app.counter.dispatch);
    await api.ok('connectStation', { stationId: 'stn_luxor', stationName: 'Luxor station', host: db.host, port: db.port, database: db.database, user: db.user, tls: false });
    const sale = await sellOneSeat(api, 'Hoda Salem', 0);
    expect(sale.status).toBe('confirmed');
    await page.keyboard.press('F7');
    const section = page.getByTestId('station-report');
    await section.waitFor({ timeout: 20_000 });
    await expect.poll(async () => plain(await section.textContent()), { timeout: 20_000 }).toContain('The whole station: Luxor station');
    expect(plain(await section.locator('tbody tr').first().textContent())).toMatch(/^Station1/);
    expect(plain(await section.textContent())).toContain('1 debits and 0 reversals matched');
    // One reconciliation view: the wallet once, for the station; none of the other counters' sales as "not matched" above.
    expect(plain(await page.getByTestId('reconciliation-at-station').textContent())).toContain('reconciled once, for the whole station');
    expect(await page.getByTestId('reconciliation').count()).toBe(0);
    await section.scrollIntoViewIfNeeded();
    await shotBothLanguages(page, 'reports-2-station');
    const chip = page.getByTestId('sync-chip');
    await expect.poll(() => chip.getAttribute('data-state'), { timeout: 20_000 }).toBe('synced');
    await page.keyboard.press('Escape');
  });

  it('a sale’s row changed at the station after it arrived: the Reports screen says the station’s figures are not verified, and what, in both languages', async () => {
    const { page } = c;
    const { counterId } = await caller(c.app.counter.dispatch).ok('stationStatus');
    const owner = stationPool({ host: db.host, port: db.port, database: db.database, user: db.user });
    let seq: number;
    try {
      // the owner (or a superuser) behind the append-only trigger: the retail price of the sale made smaller
      await owner.query('ALTER TABLE entries DISABLE TRIGGER entries_no_update');
      const { rows } = await owner.query<{ seq: string }>(
        "UPDATE entries SET payload = jsonb_set(payload::jsonb, '{retailTotalMinor}', '100')::text WHERE counter_id = $1 AND type = 'sale.intent' RETURNING seq",
        [counterId],
      );
      await owner.query('ALTER TABLE entries ENABLE TRIGGER entries_no_update');
      seq = Number(rows[0]!.seq);
    } finally {
      await owner.end();
    }
    await page.keyboard.press('F7');
    const notice = page.getByTestId('station-report-not-verified');
    await notice.waitFor({ timeout: 20_000 });
    const text = plain(await notice.textContent());
    expect(text).toContain('Not verified: 1 problems');
    expect(text).toContain(`${counterId} · changed after it arrived · entry ${seq}`);
    await notice.scrollIntoViewIfNeeded();
    await shotBothLanguages(page, 'reports-station-not-verified');
    await page.keyboard.press('Escape');
  });

  it('says on the shared settings that they are the station’s, and when it is offline that they are the last received', async () => {
    const { page } = c;
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('tab', { name: 'Retail prices', exact: true }).click();
    const state = page.getByTestId('station-shared-state');
    await expect.poll(async () => plain(await state.textContent()), { timeout: 20_000 }).toContain('Shared by the station Luxor station');
    await shotBothLanguages(page, 'settings-prices-station-shared');
    await page.getByRole('tab', { name: 'Station', exact: true }).click();
    await page.getByLabel('The station’s name').fill('Luxor bus station');
    await page.getByRole('button', { name: 'Rename the station' }).click();
    await expect.poll(async () => plain(await page.getByTestId('station-renamed').textContent())).toContain('every counter of the station now says Luxor bus station');
    await shotBothLanguages(page, 'settings-station-renamed');
    await page.getByRole('tab', { name: 'Retail prices', exact: true }).click();
    db.stop();
    try {
      // The counter tries the station every few seconds and the screen asks the counter every ten.
      await expect.poll(async () => plain(await state.textContent()), { timeout: 40_000, interval: 1_000 }).toContain('cannot be reached');
      await shotBothLanguages(page, 'settings-prices-station-offline');
      // Settings → Station in Arabic: the entries to send in Arabic-Indic digits, parted by the Arabic comma
      await page.getByRole('tab', { name: 'Station', exact: true }).click();
      await setLanguage(page, 'ar');
      const offline = page.getByTestId('station-state');
      await expect.poll(async () => plain(await offline.textContent()), { timeout: 20_000 }).toMatch(/^المحطة: غير متاحة، [٠-٩]+ في الانتظار، /);
      expect(plain(await offline.textContent()).split('(')[0]).not.toMatch(/[0-9]/);
      await setLanguage(page, 'en');
    } finally {
      db.start();
    }
    await page.keyboard.press('Escape');
  });

  it('a forged row of the station’s settings: Settings → Station raises the alarm with the administrator’s command; set aside, the alarm goes', async () => {
    const { page } = c;
    const status = await caller(c.app.counter.dispatch).ok('stationStatus');
    const environment = status.environment!;
    const owner = stationPool({ host: db.host, port: db.port, database: db.database, user: db.user });
    try {
      // unsigned, as someone with a counter's database login (or behind the functions) would add it
      const mallory = { name: 'Mallory', role: 'supervisor', pinHash: null, active: true };
      const { rows } = await owner.query<{ seq: string }>(
        "INSERT INTO station_settings (station_id, environment, kind, key, value, counter_id) VALUES ('stn_luxor', $1, 'agent', 'agent-mallory', $2, $3) RETURNING seq",
        [environment, JSON.stringify(mallory), status.counterId],
      );
      const seq = Number(rows[0]!.seq);
      await page.getByRole('button', { name: 'Settings', exact: true }).click();
      await page.getByRole('tab', { name: 'Station', exact: true }).click();
      const alarm = page.getByTestId('station-settings-refused');
      await alarm.waitFor({ timeout: 40_000 });
      expect(plain(await alarm.textContent())).toContain(`unsigned row from counter ${status.counterId}`);
      expect(plain(await page.getByTestId('station-settings-set-aside-command').textContent())).toBe(
        `npm run station -- set-aside-setting --station stn_luxor --environment ${environment} --seq ${seq} --reason "…"`,
      );
      const chip = page.getByTestId('sync-chip');
      expect(plain(await chip.textContent())).toBe('Station: a settings change refused, call a supervisor');
      expect(await chip.getAttribute('title')).toContain(`--seq ${seq} --reason`);
      await alarm.scrollIntoViewIfNeeded();
      await shotBothLanguages(page, 'settings-station-settings-refused');
      await setAsideSetting(owner, { stationId: 'stn_luxor', environment, seq }, 'an unsigned row');
      await expect.poll(() => alarm.count(), { timeout: 40_000, interval: 1_000 }).toBe(0);
      expect(await chip.getAttribute('data-state')).toBe('synced');
    } finally {
      await owner.end();
    }
    await page.keyboard.press('Escape');
  });

  it('Settings → Station says why a connection fails, with PostgreSQL’s words for the supervisor, and shows the counter’s id and key', async () => {
    const { page } = c;
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('tab', { name: 'Station', exact: true }).click();
    const status = await caller(c.app.counter.dispatch).ok('stationStatus');
    expect(plain(await page.getByTestId('station-counter-id').textContent())).toContain(status.counterId);
    expect(plain(await page.getByTestId('station-counter-key').textContent())).toContain(status.keyFingerprint!);
    await page.locator('#station-database').fill('nowhere');
    await page.getByRole('button', { name: 'Test and connect', exact: true }).click();
    const notice = page.locator('.error-notice');
    await expect.poll(() => notice.getAttribute('data-code'), { timeout: 20_000 }).toBe('station_unknown_database');
    expect(plain(await notice.textContent())).toContain('There is no database of that name on the station server');
    expect(plain(await page.getByTestId('station-error-detail').textContent())).toContain('database "nowhere" does not exist');
    await page.getByTestId('station-error-detail').scrollIntoViewIfNeeded();
    await shotBothLanguages(page, 'settings-station-error');
    await page.keyboard.press('Escape');
  });
});
