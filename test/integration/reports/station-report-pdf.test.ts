// The whole station's day report on paper (80 mm roll and A4, Arabic and English), read back as a
// person would: text through pdftotext, pages through pdftoppm (test-results/reports/*.png, to
// look at). The figures are made up here; the station database's part is station-report.test.ts.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Reconciliation, SalesLine, StationReport } from '../../../contract/reports.ts';
import { formatAmount, formatCairo, formatMoney, formatNumber } from '../../../core/format.ts';
import { renderStationReport } from '../../../main/station/report-pdf.ts';
import { DAY_REPORT_STRINGS } from '../../../main/reports/strings.ts';
import { pdfPages, pdfText, rasterise, squash } from '../../unit/pdf/pdf-tools.ts';

const OUT = path.resolve(import.meta.dirname, '../../../test-results/reports');
/** Whitespace, bidi marks, brackets and Arabic vowel marks dropped (pdftotext mirrors the brackets and moves the marks). */
const norm = (s: string) => squash(s).replace(/[\u061c\u200e\u200f()]/gu, '').replace(/\p{Mn}/gu, '');
const has = (text: string, needle: string) => norm(text).includes(norm(needle));
/** The printed line a label (its first words: a long one wraps) starts on. */
const lineOf = (text: string, label: string) => text.split('\n').find((l) => has(l, label.split(' ').slice(0, 2).join(' '))) ?? '';

const line = (l: Partial<SalesLine>): SalesLine => ({ sales: 0, passengers: 0, retailMinor: 0, netMinor: 0, cashMinor: 0, changeMinor: 0, failed: 0, open: 0, ...l });
const A = 'ctr_0a1b2c3d-1111-4222-8333-944455556666';
const B = 'ctr_9f8e7d6c-aaaa-4bbb-8ccc-ddddeeeeffff';

const reconciliation: Reconciliation = {
  statementRead: true,
  error: null,
  openingBalanceMinor: 5_000_000,
  closingBalanceMinor: 4_869_500,
  matchedDebits: [
    { transactionId: 'tx_1', bookingReference: 'BK-AAAA11', amountMinor: -41_000, saleId: 's1', counterId: A },
    { transactionId: 'tx_2', bookingReference: 'BK-BBBB22', amountMinor: -48_000, saleId: 's2', counterId: B },
  ],
  matchedReversals: [],
  apart: [],
  unmatched: [
    { side: 'wallet', reason: 'reversal_missing', bookingReference: 'BK-CCCC33', amountMinor: -41_500, transactionId: 'tx_3', saleId: 's3', counterId: B },
    { side: 'wallet', reason: 'booked_outside', bookingReference: 'BK-DDDD44', amountMinor: -30_000, transactionId: 'tx_4', saleId: null, counterId: null },
  ],
  totals: { debitsMinor: -160_500, reversalsMinor: 0, topupsMinor: 0, adjustmentsMinor: 0, confirmedNetMinor: 89_000 },
};

const report: StationReport = {
  date: '2026-07-01',
  station: { id: 'stn_luxor', name: 'Luxor Station' },
  environment: 'SANDBOX',
  totals: line({ sales: 2, passengers: 3, retailMinor: 123_450, netMinor: 89_000, cashMinor: 123_450, changeMinor: 1_550, failed: 1 }),
  counters: [
    { counterId: B, ...line({ sales: 1, passengers: 2, retailMinor: 70_000, netMinor: 48_000, cashMinor: 70_000, changeMinor: 1_000, failed: 1 }) },
    { counterId: A, ...line({ sales: 1, passengers: 1, retailMinor: 53_450, netMinor: 41_000, cashMinor: 53_450, changeMinor: 550 }) },
  ],
  agents: [
    { agentId: 'ag_1', agentName: 'Mona Hassan', ...line({ sales: 1, passengers: 2, retailMinor: 70_000, netMinor: 48_000, cashMinor: 70_000, failed: 1 }) },
    { agentId: 'ag_2', agentName: 'هدى سالم', ...line({ sales: 1, passengers: 1, retailMinor: 53_450, netMinor: 41_000, cashMinor: 53_450 }) },
  ],
  reconciliation,
  madeAt: '2026-07-01T19:45:00.000Z',
};

describe('the station day report as a PDF', () => {
  for (const paper of ['80mm', 'A4'] as const) {
    for (const lang of ['en', 'ar'] as const) {
      it(`${paper} ${lang}: the station, the day, the totals, every counter and agent, the wallet with whose line is unmatched`, async () => {
        const s = DAY_REPORT_STRINGS[lang];
        const { pdf } = await renderStationReport(report, { paper, lang, copy: false });
        rasterise(pdf, OUT, `station-report-${paper}-${lang}`, 110);
        const text = pdfText(pdf);
        const money = (minor: number) => formatMoney(minor, lang);
        const amount = (minor: number) => formatAmount(minor, lang);
        const count = (n: number) => formatNumber(n, lang);
        for (const needle of [
          'Luxor Station',
          'stn_luxor',
          'SANDBOX',
          '2026-07-01',
          s.station.title,
          s.station.byCounter,
          s.station.byAgent,
          s.wallet,
          // totals
          money(123_450),
          money(89_000),
          money(123_450 - 89_000),
          money(1_550),
          // the tables: each counter (its id's start) and agent with its figures
          A.slice(0, 12),
          B.slice(0, 12),
          amount(70_000),
          amount(48_000),
          amount(53_450),
          amount(41_000),
          'Mona Hassan',
          'هدى سالم',
          // the wallet: balances, what matched, what did not with why and whose
          money(5_000_000),
          money(4_869_500),
          'BK-CCCC33',
          'BK-DDDD44',
          s.why.reversal_missing,
          `${s.counter} ${B.slice(0, 12)}`,
          s.why.booked_outside,
        ]) {
          expect(has(text, needle), `"${needle}" in the ${paper} ${lang} PDF:\n${text}`).toBe(true);
        }
        expect(norm(lineOf(text, s.matchedDebits))).toContain(count(2));
        expect(norm(lineOf(text, s.matchedReversals))).toContain(count(0));
        expect(norm(lineOf(text, s.sales))).toContain(count(2));
        expect(norm(lineOf(text, s.failed))).toContain(count(1));
        expect(text).not.toContain('COPY');
      });
    }
  }

  it('A4: a station of 80 counters goes on to further A4 pages, the table head again on each, nothing cut off', async () => {
    const many = Array.from({ length: 80 }, (_, i) => ({ counterId: `ctr_${String(i).padStart(3, '0')}_window`, ...line({ sales: i + 1, retailMinor: 10_000 * (i + 1) }) }));
    const { pdf, heightMm } = await renderStationReport({ ...report, counters: many }, { paper: 'A4', lang: 'en', copy: false });
    expect(heightMm).toBe(297);
    const pages = pdfPages(pdf);
    expect(pages.length).toBeGreaterThan(1);
    const s = DAY_REPORT_STRINGS.en;
    for (const c of many) expect(pages.some((page) => page.includes(c.counterId.slice(0, 12))), c.counterId).toBe(true);
    // The counters' table runs over a page break: the next page starts with its head again (after
    // the SANDBOX marking every page carries).
    const continued = pages.findIndex((page, i) => i > 0 && page.includes('ctr_079'));
    expect(continued).toBeGreaterThan(0);
    const lines = pages[continued]!.split('\n').filter((l) => l.trim());
    expect(norm(lines[0]!)).toBe(norm('SANDBOX — NOT VALID FOR TRAVEL'));
    const firstLine = lines[2]!;
    expect(norm(firstLine)).toBe(norm(pages[0]!.split('\n').find((l) => has(l, 'Retail') && has(l, 'NET'))!));
    expect(has(pages.at(-1)!, s.wallet)).toBe(true);
    rasterise(pdf, OUT, 'station-report-A4-many', 60);
  });

  it('says COPY on a second print, in both languages on the Arabic one', async () => {
    const ar = pdfText((await renderStationReport(report, { paper: '80mm', lang: 'ar', copy: true })).pdf);
    expect(has(ar, 'نسخة')).toBe(true);
    expect(ar).toContain('COPY');
  });

  it('says REVISED with the time of the print it revises, under COPY on a copy of the revision', async () => {
    const earlier = '2026-07-01T16:05:00.000Z'; // 19:05 in Cairo (summer time)
    for (const lang of ['en', 'ar'] as const) {
      const { pdf } = await renderStationReport(report, { paper: '80mm', lang, copy: true, revises: earlier });
      rasterise(pdf, OUT, `station-report-80mm-${lang}-revised`, 90);
      const text = pdfText(pdf);
      // its words before the dash (a PDF's "fi" comes out as its ligature), and the earlier print's time
      expect(has(text, DAY_REPORT_STRINGS[lang].revises.split(' — ')[0]!)).toBe(true);
      // (pdftotext moves an Arabic comma about: each part of the time on its own)
      for (const part of formatCairo(earlier, lang, 'paper').split(/[\s,،]+/u)) expect(has(text, part)).toBe(true);
    }
    const unrevised = pdfText((await renderStationReport(report, { paper: '80mm', lang: 'en', copy: false, revises: null })).pdf);
    expect(has(unrevised, 'REVISED')).toBe(false);
  });
});
