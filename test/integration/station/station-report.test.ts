// Three counters (three data folders) of one station sell on one Partner API account, each ships
// its journal to the station's PostgreSQL, and the station day report, read from any of them,
// equals the sum of the counters' own reports, with every wallet line of the account matched
// exactly once to the one counter that sold it.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../sandbox/server.ts';
import { startCounter, type Counter } from '../../../main/counter.ts';
import { memoryKeychain } from '../../../main/vault/keychain.ts';
import { formatAmount, formatMoney } from '../../../core/format.ts';
import { DAY_REPORT_STRINGS } from '../../../main/reports/strings.ts';
import { ROOT } from '../../support/app.ts';
import { RECEIPT_PRINTER, TICKET_PRINTER, printedPdf } from '../../support/cups.ts';
import { pdfText, rasterise, squash } from '../../unit/pdf/pdf-tools.ts';
import { startPostgres, type TestPostgres } from '../../support/postgres.ts';
import { caller, keychainWith, sandbox, sellOneSeat, tempDir, type Caller } from '../main/helpers.ts';

const run = promisify(execFile);
let api: RunningSandbox;
let db: TestPostgres;
const dirs = [tempDir('shubbak-stn-a-'), tempDir('shubbak-stn-b-'), tempDir('shubbak-stn-c-')];
const counters: Counter[] = [];
const callers: Caller[] = [];

beforeAll(async () => {
  api = await sandbox();
  db = await startPostgres();
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
});
