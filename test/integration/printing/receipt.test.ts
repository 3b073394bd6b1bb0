// Renders real customer receipts (80 mm roll and A4, Arabic and English) and reads them back
// the way a person or a scanner would: text through pdftotext, pages through pdftoppm
// (test-results/receipts/*.png, to look at).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MM } from '../../../lib/pdf/index.ts';
import { formatCairo, formatMoney } from '../../../core/format.ts';
import { renderReceiptPdf, type ReceiptPaper } from '../../../main/printing/receipt-pdf.ts';
import { renderTestPagePdf } from '../../../main/printing/test-page.ts';
import type { ReceiptData } from '../../../main/selling/receipt.ts';
import { pdfPages, pdfText, pdfWords, rasterise, squash } from '../../unit/pdf/pdf-tools.ts';
import { CITY_AR, sampleReceipt } from './fixtures.ts';

const OUT = path.resolve(import.meta.dirname, '../../../test-results/receipts');
const cityNameAr = (id: string | null) => (id ? (CITY_AR[id] ?? null) : null);
const printedAt = new Date('2026-07-01T18:30:00Z');

/** Whitespace and the bidi marks of Intl's Arabic output removed, for comparing with pdftotext. */
const norm = (s: string) => squash(s).replace(/[\u061c\u200e\u200f]/gu, '');
const has = (text: string, needle: string) => norm(text).includes(norm(needle));
/**
 * A Cairo time as Intl writes it. pdftotext reads Arabic "١ يوليو ٢٠٢٦، ٢٠:٥٨" back with the
 * number runs in its own order (the page itself is right, see the PNGs), so the parts of an
 * Arabic date are looked for one by one.
 */
const hasTime = (text: string, at: Date | string, lang: 'ar' | 'en') =>
  (lang === 'ar' ? formatCairo(at, lang, 'paper').split(/[\s،]+/u) : [formatCairo(at, lang, 'paper')]).every((part) => has(text, part));
/** pdftotext -bbox gives Arabic words in visual order (letters reversed). */
const isWord = (text: string, word: string) => text === word || text === [...word].reverse().join('');

function render(data: ReceiptData, paper: ReceiptPaper, copy = false) {
  return renderReceiptPdf(data, { paper, lang: data.language, copy, printedAt, cityNameAr });
}

/** MediaBox of the first page, in points. */
function pageSize(pdf: Buffer): [number, number] {
  const m = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf.toString('latin1'));
  return [Number(m?.[1]), Number(m?.[2])];
}

const CASES = [
  { paper: '80mm', lang: 'en' },
  { paper: '80mm', lang: 'ar' },
  { paper: 'A4', lang: 'en' },
  { paper: 'A4', lang: 'ar' },
] as const;

describe.each(CASES)('customer receipt, $paper in $lang', ({ paper, lang }) => {
  const sale = sampleReceipt({ language: lang });
  const money = (minor: number) => formatMoney(minor, lang);

  it('has the station, agent, references, journey, travellers and the RETAIL money', async () => {
    const pdf = await render(sale, paper);
    const pages = pdfPages(pdf);
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    rasterise(pdf, OUT, `receipt-${paper}-${lang}`, 120);

    for (const needle of [
      'Cairo Gateway counter 1',
      'Agent 1',
      'PB-7KX2M9QD',
      'SBX-GOB-584213',
      '23:30',
      '2026',
      'Mona Abdel Rahman',
      'أحمد محمود السيد',
      money(94_000),
      money(100_000),
      money(6_000),
    ]) {
      expect(has(text, needle), `"${needle}" on the ${paper} ${lang} receipt:\n${text}`).toBe(true);
    }
    expect(hasTime(text, '2026-07-01T17:58:41Z', lang)).toBe(true);
    if (lang === 'en') {
      for (const w of ['Customer receipt', 'Cairo → Alexandria', 'Go Bus', 'Elite', 'Seat 14', 'Seat 15', 'Total', 'Cash received', 'Change']) {
        expect(text).toContain(w);
      }
      expect(text).toMatch(/Total\s+EGP 940\.00/);
      expect(text).toMatch(/Cash received\s+EGP 1,000\.00/);
      expect(text).toMatch(/Change\s+EGP 60\.00/);
      expect(text).toContain('Wed 1 Jul 2026');
      expect(text).toContain('1 Jul 2026, 20:58'); // 17:58 UTC is 20:58 in Cairo (summer time)
    } else {
      for (const w of ['إيصال العميل', 'القاهرة', 'الإسكندرية', 'جو باص', 'إيليت', 'الإجمالي', 'المبلغ المستلم نقدا', 'الباقي', 'الأربعاء', 'يوليو']) {
        expect(has(text, w), w).toBe(true);
      }
      // Arabic digits from Intl for money: ٩٤٠٫٠٠ ج.م.
      expect(has(text, '٩٤٠٫٠٠')).toBe(true);
      expect(has(text, '١٬٠٠٠٫٠٠')).toBe(true);
    }
  });

  it('never shows the NET price', async () => {
    const text = pdfText(await render(sale, paper), 'raw');
    expect(has(text, money(85_000))).toBe(false); // NET total
    expect(has(text, money(42_500))).toBe(false); // NET per seat
    expect(text).not.toMatch(/\bNET\b|صافي/iu);
  });

  it('carries the TRAINING banner in TRAINING, the SANDBOX one in SANDBOX, none in LIVE', async () => {
    const training = pdfText(await render(sale, paper));
    expect(training).toContain('TRAINING — NOT A REAL SALE');
    if (lang === 'ar') expect(has(training, 'تدريب — ليست عملية بيع حقيقية')).toBe(true);
    const sandbox = pdfText(await render({ ...sale, environment: 'SANDBOX' }, paper));
    expect(sandbox).toContain('SANDBOX — NOT A REAL SALE');
    expect(sandbox).not.toContain('TRAINING');
    const live = pdfText(await render({ ...sale, environment: 'LIVE' }, paper));
    expect(live).not.toMatch(/TRAINING|SANDBOX|NOT A REAL SALE/);
  });

  it('says COPY / نسخة on a reprint, and only then', async () => {
    const original = pdfText(await render(sale, paper));
    expect(original).not.toContain('COPY');
    expect(has(original, 'نسخة')).toBe(false);
    const pdf = await render(sale, paper, true);
    rasterise(pdf, OUT, `receipt-${paper}-${lang}-copy`, 120);
    const copy = pdfText(pdf);
    expect(copy).toContain('COPY');
    if (lang === 'ar') expect(has(copy, 'نسخة')).toBe(true);
    expect(hasTime(copy, printedAt, lang)).toBe(true);
  });
});

describe('customer receipt layout', () => {
  it('fits an 80 mm roll: 80 mm wide, as long as its content, nothing outside the printable 72 mm', async () => {
    const short = await render(sampleReceipt({ language: 'en' }), '80mm');
    const [w, h] = pageSize(short);
    expect(w).toBeCloseTo(80 * MM, 1);
    expect(h).toBeGreaterThan(100 * MM);
    expect(h).toBeLessThan(200 * MM);
    for (const lang of ['en', 'ar'] as const) {
      const words = pdfWords(await render(sampleReceipt({ language: lang }), '80mm'));
      expect(words.length).toBeGreaterThan(30);
      for (const word of words) {
        expect(word.xMin, word.text).toBeGreaterThanOrEqual(4 * MM - 0.5);
        expect(word.xMax, word.text).toBeLessThanOrEqual(76 * MM + 0.5);
      }
    }
    // Ten travellers: a longer roll, still one page.
    const many = sampleReceipt({
      language: 'ar',
      passengers: Array.from({ length: 10 }, (_, i) => ({ fullName: `مسافر رقم ${i + 1} عبد الرحمن`, seat: String(i + 1) })),
      retailTotalMinor: 470_000,
      cashTenderedMinor: 500_000,
      changeMinor: 30_000,
    });
    const long = await render(many, '80mm');
    expect(pageSize(long)[1]).toBeGreaterThan(h + 9 * 8);
    expect(pdfPages(long)).toHaveLength(1);
    rasterise(long, OUT, 'receipt-80mm-ar-ten-travellers', 120);
  });

  it('puts Arabic labels on the right and amounts on the left, English the other way round', async () => {
    const ar = pdfWords(await render(sampleReceipt({ language: 'ar' }), '80mm'));
    const en = pdfWords(await render(sampleReceipt({ language: 'en' }), '80mm'));
    const mid = (80 * MM) / 2;
    const arTotal = ar.find((w) => isWord(w.text, 'الإجمالي'))!;
    const arAmount = ar.find((w) => w.text.includes('٩٤٠'))!;
    expect(arTotal.xMin).toBeGreaterThan(mid);
    expect(arAmount.xMax).toBeLessThan(mid);
    const enTotal = en.find((w) => w.text === 'Total')!;
    const enAmount = en.find((w) => w.text === '940.00')!;
    expect(enTotal.xMax).toBeLessThan(mid);
    expect(enAmount.xMin).toBeGreaterThan(mid);
  });

  it('shows a seat assigned at boarding, and leaves out the per-seat line when seats cost differently', async () => {
    const sale = sampleReceipt({
      language: 'en',
      passengers: [{ fullName: 'Karim Fawzy', seat: null }],
      booking: null,
      retailPerSeatMinor: 47_000,
      retailTotalMinor: 52_000,
      cashTenderedMinor: 52_000,
      changeMinor: 0,
    });
    const text = pdfText(await render(sale, 'A4'));
    expect(text).toContain('Seat at boarding');
    expect(text).not.toContain('×');
    expect(text).toMatch(/Total\s+EGP 520\.00/);
    expect(text).toMatch(/Change\s+EGP 0\.00/);
  });
});

describe('printer test page', () => {
  it('names the printer, time and environment in both languages, with a shaping check line', async () => {
    const at = new Date('2026-07-01T09:05:00Z');
    for (const paper of ['80mm', 'A4'] as const) {
      const pdf = await renderTestPagePdf(
        { printer: 'EPSON TM-T20III', at, environment: 'TRAINING', station: 'Cairo Gateway counter 1', agent: 'Agent 1', version: '0.1.0' },
        paper,
      );
      rasterise(pdf, OUT, `test-page-${paper}`, 120);
      const text = pdfText(pdf);
      expect(text).toContain('Shubbak printer test');
      expect(text).toContain('EPSON TM-T20III');
      expect(text).toContain(formatCairo(at, 'en', 'paper'));
      expect(text).toContain('TRAINING');
      expect(text).toContain('0123456789');
      expect(text).toContain('Cairo → Alexandria');
      for (const w of ['صفحة اختبار الطابعة', 'الطابعة', 'القاهرة', 'الإسكندرية', '٠١٢٣٤٥٦٧٨٩']) expect(has(text, w), w).toBe(true);
      expect(hasTime(text, at, 'ar')).toBe(true);
    }
  });
});
