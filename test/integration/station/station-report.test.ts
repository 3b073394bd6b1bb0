// Three counters (three data folders) of one station sell on one Partner API account, each ships
// its journal to the station's PostgreSQL, and the station day report, read from any of them,
// equals the sum of the counters' own reports, with every wallet line of the account matched
// exactly once to the one counter that sold it.
import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCounter, type Counter } from '../../../main/counter.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import { formatAmount, formatMoney } from '../../../core/format.ts';
import { DAY_REPORT_STRINGS } from '../../../main/reports/strings.ts';
import { ROOT } from '../../support/app.ts';
import { RECEIPT_PRINTER, TICKET_PRINTER, printedPdf } from '../../support/cups.ts';
import { pdfText, rasterise, squash } from '../../unit/pdf/pdf-tools.ts';
import { startPostgres, type TestPostgres } from '../../support/postgres.ts';
import { stationPool } from '../../../main/station/database.ts';
import { caller, keychainWith, sandbox, sellOneSeat, tempDir, type Caller } from '../main/helpers.ts';

const run = promisify(execFile);
let api: Awaited<ReturnType<typeof sandbox>>;
let db: TestPostgres;
const dirs = [tempDir('shubbak-stn-a-'), tempDir('shubbak-stn-b-'), tempDir('shubbak-stn-c-')];
const counters: Counter[] = [];
const callers: Caller[] = [];

beforeAll(async () => {
  api = await sandbox();
  db = await startPostgres({ station: true });
  for (const d of dirs) {
    const counter = await startCounter({ dataDir: d.dir, version: '0.1.0', keychain: memoryKeychain(keychainWith('cid_sandbox_demo', api.baseUrl)), shipEveryMs: 200 });
    counters.push(counter);
    const c = caller(counter.dispatch);
    callers.push(c);
    await c.ok('connectStation', { stationId: 'stn_cairo', stationName: 'Cairo Gateway', host: db.host, port: db.port, database: db.database, user: db.user, tls: false });
  }
});
afterAll(async () => {
  for (const c of counters) await c.close();
  db?.destroy();
  await api?.close();
  for (const d of dirs) d.cleanup();
});

describe('a station of three counters on one account', () => {
  it('adds up, and matches every wallet line of the account once, to the counter that sold it', async () => {
    expect((await callers[0]!.ok('appInfo')).environment).toBe('SANDBOX');
    // Two confirmed at A, one failed and one confirmed at B, one confirmed at C; the counters ship
    // in the background, concurrently.
    for (const [i, name] of [
      [0, 'Hoda Salem'],
      [1, 'Adel TEST FAIL'],
      [2, 'Karim Nabil'],
      [0, 'Omar Fathy'],
      [1, 'Laila Mahmoud'],
    ] as const) {
      const sale = await sellOneSeat(callers[i]!, name, 500);
      expect(sale.status, name).toBe(name.includes('TEST FAIL') ? 'failed' : 'confirmed');
    }
    for (const c of callers) {
      await expect.poll(async () => c.ok('stationStatus').then((s) => `${s.shipping}:${s.backlog}`), { timeout: 10_000 }).toBe('synced:0');
    }
    const report = await callers[2]!.ok('stationReport');
    const own = await Promise.all(callers.map((c) => c.ok('dayReport')));
    expect(report.totals.sales).toBe(own.reduce((n, r) => n + r.counts.confirmed, 0));
    expect(report.totals.sales).toBe(4);
    expect(report.totals.failed).toBe(1);
    expect(report.totals.retailMinor).toBe(own.reduce((n, r) => n + r.retailMinor, 0));
    expect(report.totals.netMinor).toBe(own.reduce((n, r) => n + r.netMinor, 0));
    expect(report.totals.cashMinor).toBe(own.reduce((n, r) => n + r.cashReceivedMinor, 0));
    expect(report.counters).toHaveLength(3);
    const pairs = (xs: { sales: number; retailMinor: number }[]) => xs.map((x) => `${x.sales}:${x.retailMinor}`).sort();
    expect(pairs(report.counters)).toEqual(pairs(own.map((r) => ({ sales: r.counts.confirmed, retailMinor: r.retailMinor }))));
    const r = report.reconciliation;
    expect(r.statementRead).toBe(true);
    expect(r.matchedDebits).toHaveLength(4);
    expect(r.matchedReversals).toHaveLength(1);
    expect(new Set(r.matchedDebits.map((m) => m.counterId)).size).toBe(3);
    expect(new Set(r.matchedDebits.map((m) => m.transactionId)).size).toBe(4);
    // The account's only other lines are the seeded opening top-up (apart), nothing unmatched.
    expect(r.unmatched).toEqual([]);
  });

  it('reads the same from a shell: npm run station -- init | report, with the CSV for the accountant', async () => {
    const envOf = { ...process.env, PGHOST: db.host, PGPORT: String(db.port), PGDATABASE: db.database, PGUSER: db.user };
    // Not execFileSync: the sandbox answering the CLI runs in this process.
    const cli = async (args: string[], extra: Record<string, string> = {}) =>
      (await run(process.execPath, [join(ROOT, 'main/station/cli.ts'), ...args], { env: { ...envOf, ...extra }, encoding: 'utf8' })).stdout;
    expect(await cli(['init'])).toContain('station database: up to date');
    const csvPath = join(dirs[0]!.dir, 'station.csv');
    const out = await cli(['report', '--station', 'stn_cairo', '--csv', csvPath], {
      SHUBBAK_API_BASE_URL: api.baseUrl,
      SHUBBAK_CLIENT_ID: 'cid_sandbox_demo',
      SHUBBAK_CLIENT_SECRET: 'sk_sandbox_demo',
    });
    const report = await callers[0]!.ok('stationReport');
    expect(out).toContain('Cairo Gateway (stn_cairo)');
    expect(out).toMatch(new RegExp(`^station\\s+${report.totals.sales} sales`, 'm'));
    expect(out).toContain(`wallet: ${report.reconciliation.matchedDebits.length} debits and ${report.reconciliation.matchedReversals.length} reversals matched; 0 not matched`);
    const csv = readFileSync(csvPath);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.toString('utf8')).toContain(`station,${report.totals.sales},${report.totals.passengers},${(report.totals.retailMinor / 100).toFixed(2)}`);
    // The head office's day: one line per station.
    // The same figures on paper: an A4 PDF, in English by default and in Arabic with --lang ar.
    for (const lang of ['en', 'ar'] as const) {
      const pdfPath = join(dirs[0]!.dir, `station-${lang}.pdf`);
      const said = await cli(['report', '--station', 'stn_cairo', '--pdf', pdfPath, ...(lang === 'ar' ? ['--lang', 'ar'] : [])], {
        SHUBBAK_API_BASE_URL: api.baseUrl,
        SHUBBAK_CLIENT_ID: 'cid_sandbox_demo',
        SHUBBAK_CLIENT_SECRET: 'sk_sandbox_demo',
      });
      expect(said).toContain(`written ${pdfPath}`);
      const text = squash(pdfText(readFileSync(pdfPath)));
      const s = DAY_REPORT_STRINGS[lang];
      for (const needle of [
        'Cairo Gateway',
        'stn_cairo',
        s.station.title,
        formatMoney(report.totals.retailMinor, lang),
        formatMoney(report.totals.netMinor, lang),
        ...report.counters.map((c) => c.counterId.slice(0, 12)),
        ...report.counters.map((c) => formatAmount(c.retailMinor, lang)),
        ...report.agents.map((a) => a.agentName),
        s.allMatched,
      ]) {
        expect(text, `${needle} in the ${lang} PDF`).toContain(squash(needle).replace(/[\u061c\u200e\u200f]/gu, ''));
      }
      rasterise(readFileSync(pdfPath), join(ROOT, 'test-results', 'reports'), `station-cli-${lang}`, 80);
    }
    const summary = await cli(['summary']);
    expect(summary).toMatch(new RegExp(`^Cairo Gateway\\s+3 counters\\s+${report.totals.sales} sales`, 'm'));
    // Without a credential the figures still come, and the wallet says why it is not reconciled.
    expect(await cli(['report', '--station', 'stn_cairo'])).toContain('wallet: not reconciled (no Partner API credential given');
  });

  it('prints and saves the whole station’s day from any counter: receipt printer (a second print is a COPY), A4 PDF, CSV', async () => {
    const c = callers[1]!;
    const report = await c.ok('stationReport');
    await c.ok('savePrintSettings', { ticketPrinter: TICKET_PRINTER, receiptPrinter: RECEIPT_PRINTER, receiptPaper: '80mm' });
    const first = await c.ok('printStationReport', { language: 'en' });
    expect(first).toMatchObject({ kind: 'report', printer: RECEIPT_PRINTER, status: 'sent' });
    const printed = pdfText(readFileSync(await printedPdf(first.jobId!)));
    for (const needle of ['Station day report, all counters', 'stn_cairo', formatMoney(report.totals.retailMinor, 'en'), ...report.counters.map((x) => x.counterId.slice(0, 12))]) {
      expect(squash(printed)).toContain(squash(needle));
    }
    expect(printed).not.toContain('COPY');
    const again = await c.ok('printStationReport', { language: 'en' });
    expect(pdfText(readFileSync(await printedPdf(again.jobId!)))).toContain('COPY');

    const pdf = await c.ok('exportStationReport', { language: 'ar', format: 'pdf' });
    expect(pdf.path).toMatch(/reports\/station-stn_cairo-\d{4}-\d\d-\d\d-ar-\d{8}T\d{6}\.pdf$/);
    const bytes = readFileSync(pdf.path);
    expect(bytes.length).toBe(pdf.bytes);
    expect(squash(pdfText(bytes))).toContain(squash(DAY_REPORT_STRINGS.ar.station.title));
    const csv = await c.ok('exportStationReport', { language: 'en', format: 'csv' });
    expect(readFileSync(csv.path, 'utf8')).toContain(`station,${report.totals.sales},${report.totals.passengers},`);
  });

  describe('through faults, the three counters selling at once', () => {
    const sellAtOnce = async (round: string) => {
      // Each window sells a seat of another departure, so that they never ask for the same seat.
      const sales = await Promise.all(callers.map((c, i) => sellOneSeat(c, `${round} traveller ${i + 1}`, 0, 'en', 5 + i)));
      for (const sale of sales) expect(sale.status).toBe('confirmed');
    };
    /** After each fault: shipped, nothing lost or doubled, the station equals the sum of its counters, every debit matched once. */
    const stationAddsUp = async () => {
      for (const c of callers) {
        await expect.poll(async () => c.ok('stationStatus').then((s) => `${s.shipping}:${s.backlog}`), { timeout: 30_000 }).toBe('synced:0');
      }
      const pool = stationPool({ host: db.host, port: db.port, database: db.database, user: db.user });
      try {
        const shipped = (await pool.query<{ counter_id: string; n: number; max: string }>('SELECT counter_id, count(*)::int AS n, max(seq) AS max FROM entries GROUP BY counter_id')).rows;
        expect(shipped).toHaveLength(3);
        for (const row of shipped) expect(row.n, `entries of ${row.counter_id}: one per seq, none missing`).toBe(Number(row.max));
      } finally {
        await pool.end();
      }
      const report = await callers[0]!.ok('stationReport');
      const own = await Promise.all(callers.map((c) => c.ok('dayReport')));
      expect(report.totals.sales).toBe(own.reduce((n, r) => n + r.counts.confirmed, 0));
      expect(report.totals.retailMinor).toBe(own.reduce((n, r) => n + r.retailMinor, 0));
      expect(report.totals.cashMinor).toBe(own.reduce((n, r) => n + r.cashReceivedMinor, 0));
      const r = report.reconciliation;
      expect(r.matchedDebits).toHaveLength(report.totals.sales);
      expect(new Set(r.matchedDebits.map((m) => m.transactionId)).size).toBe(r.matchedDebits.length);
      expect(new Set(r.matchedDebits.map((m) => m.saleId)).size).toBe(r.matchedDebits.length);
      expect(r.unmatched).toEqual([]);
      return report;
    };

    it('PostgreSQL killed with SIGKILL mid-sales and restarted', async () => {
      const before = (await callers[0]!.ok('stationReport')).totals.sales;
      // Killed while a booking of this round is on the wire (slowed at the operator), not after a guessed 30 ms.
      await api.control.config({ operator_latency_ms: 500 });
      const selling = sellAtOnce('killed');
      await vi.waitFor(async () => expect(await api.control.bookingsInFlight()).not.toEqual([]), { timeout: 15_000, interval: 20 });
      db.kill();
      await api.control.config({ operator_latency_ms: 3 });
      try {
        await selling;
      } finally {
        db.start();
      }
      expect((await stationAddsUp()).totals.sales).toBe(before + 3);
    });

    it('a partition: PostgreSQL stopped for a while, the counters sell on, the backlogs arrive after', async () => {
      db.stop();
      try {
        await sellAtOnce('partition');
        for (const c of callers) await expect.poll(async () => (await c.ok('stationStatus')).shipping, { timeout: 10_000 }).toBe('offline');
        expect((await callers[1]!.ok('stationStatus')).backlog).toBeGreaterThan(0);
      } finally {
        db.start();
      }
      await stationAddsUp();
    });

    it('a shipment sent twice is taken once', async () => {
      const pool = stationPool({ host: db.host, port: db.port, database: db.database, user: db.user });
      try {
        const before = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM entries WHERE seq <= 20')).rows[0]!.n;
        // What a counter sends when an acknowledgement was lost: the same rows again.
        const again = await pool.query(
          'INSERT INTO entries (counter_id, seq, at, type, payload, prev_hash, hash, chained_counter, shift_id) SELECT counter_id, seq, at, type, payload, prev_hash, hash, chained_counter, shift_id FROM entries WHERE seq <= 20',
        );
        expect(again.rowCount).toBe(0);
        expect((await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM entries WHERE seq <= 20')).rows[0]!.n).toBe(before);
      } finally {
        await pool.end();
      }
      await sellAtOnce('after the duplicate');
      await stationAddsUp();
    });

    it('a local entry tampered with: that counter’s stream is refused, every counter raises the alarm, the others ship on', async () => {
      const counterC = (await callers[2]!.ok('stationReport')).counters.length;
      expect(counterC).toBe(3);
      // Counter C sells while the database is away; its journal file is edited before it ships.
      db.stop();
      try {
        await sellOneSeat(callers[2]!, 'tampered traveller', 0, 'en', 5);
        await counters[2]!.printed();
      } catch (err) {
        db.start();
        throw err;
      }
      const file = new Database(join(dirs[2]!.dir, 'journal-sandbox.db'));
      const counterId = (file.prepare("SELECT value FROM meta WHERE key = 'counter_id'").get() as { value: string }).value;
      file.exec('DROP TRIGGER entries_no_update');
      const edited = file.prepare("UPDATE entries SET payload = replace(payload, 'tampered traveller', 'someone else') WHERE type = 'sale.intent' AND payload LIKE '%tampered traveller%'").run();
      file.close();
      expect(edited.changes).toBe(1);
      db.start();
      await expect.poll(async () => (await callers[2]!.ok('stationStatus')).shipping, { timeout: 30_000 }).toBe('stopped');
      expect((await callers[2]!.ok('stationStatus')).lastError).toMatch(/chain_broken/);
      // The alarm is on every counter of the station, naming C.
      for (const c of callers.slice(0, 2)) {
        await expect.poll(async () => (await c.ok('stationStatus')).stoppedCounters.map((x) => x.counterId), { timeout: 30_000 }).toEqual([counterId]);
      }
      // A and B ship on; the station database kept C's entries up to the edited one, nothing after it.
      await sellOneSeat(callers[0]!, 'after the tamper', 0);
      await expect.poll(async () => callers[0]!.ok('stationStatus').then((x) => `${x.shipping}:${x.backlog}`), { timeout: 30_000 }).toBe('synced:0');
      const pool = stationPool({ host: db.host, port: db.port, database: db.database, user: db.user });
      try {
        const tampered = await pool.query("SELECT 1 FROM entries WHERE counter_id = $1 AND payload LIKE '%someone else%'", [counterId]);
        expect(tampered.rowCount).toBe(0);
      } finally {
        await pool.end();
      }
    });
  });
});
