import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createPdf,
  labelValue,
  ltr,
  measureText,
  outlineText,
  pdfBuffer,
  text,
  textWidth,
  woffToSfnt,
  type Doc,
} from '../../../lib/pdf/index.ts';
import { pdfText, pdfWords, squash, type Word } from './pdf-tools.ts';

async function render(draw: (doc: Doc) => void): Promise<Buffer> {
  const doc = createPdf({ size: 'A5', margins: 20 });
  draw(doc);
  return pdfBuffer(doc);
}

const ARABIC_LETTER = /[\u0621-\u064a]/u;

/** Union box of the Arabic words on the line whose top is near `y` (bbox words are in visual order, maybe split). */
function arabicBox(words: Word[], y: number): { xMin: number; xMax: number } {
  const ws = words.filter((w) => ARABIC_LETTER.test(w.text) && Math.abs(w.yMin - y) < 8);
  if (ws.length === 0) throw new Error(`no Arabic word near y=${y}`);
  return { xMin: Math.min(...ws.map((w) => w.xMin)), xMax: Math.max(...ws.map((w) => w.xMax)) };
}

function find(words: Word[], needle: string): Word {
  const w = words.find((x) => x.text === needle);
  if (!w) throw new Error(`word ${needle} not found in ${words.map((x) => x.text).join(' ')}`);
  return w;
}

describe('fonts', () => {
  it('unpacks the WOFF font into a TrueType file with the same tables', () => {
    const woff = fs.readFileSync(path.resolve(import.meta.dirname, '../../../resources/fonts/IBMPlexSansArabic-Regular.woff'));
    const sfnt = woffToSfnt(woff);
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4)); // flavor
    expect(sfnt.readUInt16BE(4)).toBe(woff.readUInt16BE(12)); // numTables
    expect(sfnt.length).toBeGreaterThan(woff.length);
    const notWoff = Buffer.from('not a woff file at all, really not one, not at all......');
    expect(woffToSfnt(notWoff)).toBe(notWoff);
  });
});

describe('text()', () => {
  it('draws Arabic that extracts in logical order, ligatures included', async () => {
    const s = 'لا للإلغاء في محطة الإسكندرية';
    const pdf = await render((doc) => text(doc, s, { x: 20, y: 20, width: 380, dir: 'rtl', size: 14 }));
    const out = pdfText(pdf);
    // Words in reading order, and lam-alef and the "في" ligature not reversed inside.
    expect(squash(out)).toContain(squash(s));
    const words = out.split(/\s+/u);
    expect(words).toContain('لا');
    expect(words).toContain('في');
  });

  it('keeps every letter extractable across documents sharing the font', async () => {
    // The first document's subset decodes the body of "ع" as a component of "غ"; the font is
    // shared, so the second document must still map medial "ع" back to its character.
    await render((doc) => text(doc, 'للإلغاء', { x: 20, y: 20, width: 380, dir: 'rtl' }));
    const pdf = await render((doc) => text(doc, 'المقعد', { x: 20, y: 20, width: 380, dir: 'rtl' }));
    expect(squash(pdfText(pdf))).toBe('المقعد');
  });

  it('draws Arabic-Indic digits left to right', async () => {
    const pdf = await render((doc) => text(doc, 'المقعد ١٢٣', { x: 20, y: 20, width: 380, dir: 'rtl', size: 14 }));
    const words = pdfWords(pdf);
    const digits = find(words, '١٢٣');
    expect(digits.xMax).toBeLessThan(arabicBox(words, digits.yMin).xMin);
    expect(squash(pdfText(pdf))).toContain('المقعد١٢٣');
  });

  it('aligns start to the right edge in RTL and to the left edge in LTR', async () => {
    const pdf = await render((doc) => {
      text(doc, 'القاهرة', { x: 50, y: 20, width: 200, dir: 'rtl', size: 12 });
      text(doc, 'Cairo', { x: 50, y: 60, width: 200, dir: 'ltr', size: 12 });
      text(doc, 'أسوان', { x: 50, y: 100, width: 200, dir: 'rtl', align: 'end', size: 12 });
      text(doc, 'Aswan', { x: 50, y: 140, width: 200, dir: 'ltr', align: 'center', size: 12 });
    });
    const words = pdfWords(pdf);
    const cairo = find(words, 'Cairo');
    expect(arabicBox(words, cairo.yMin - 40).xMax).toBeCloseTo(250, 0);
    expect(cairo.xMin).toBeCloseTo(50, 0);
    expect(arabicBox(words, cairo.yMin + 40).xMin).toBeCloseTo(50, 0);
    const aswan = find(words, 'Aswan');
    expect((aswan.xMin + aswan.xMax) / 2).toBeCloseTo(150, 0);
  });

  it('orders a mixed line visually: a code inside Arabic sits between its neighbours', async () => {
    const pdf = await render((doc) => text(doc, 'رقم الحجز PB-12345 مؤكد', { x: 20, y: 20, width: 380, dir: 'rtl', size: 12 }));
    const words = pdfWords(pdf);
    const code = find(words, 'PB-12345');
    const arabic = words.filter((w) => ARABIC_LETTER.test(w.text));
    // "رقم الحجز" to the right of the code, "مؤكد" to its left.
    expect(arabic.filter((w) => w.xMin > code.xMax).length).toBeGreaterThanOrEqual(2);
    expect(arabic.filter((w) => w.xMax < code.xMin).length).toBeGreaterThanOrEqual(1);
    expect(squash(pdfText(pdf))).toContain('رقمالحجزPB-12345مؤكد');
  });

  it('keeps an isolated numeric code in one piece inside RTL text', async () => {
    const pdf = await render((doc) => text(doc, `رقم ${ltr('2026-07-01')} هنا`, { x: 20, y: 20, width: 380, dir: 'rtl', size: 12 }));
    expect(pdfWords(pdf).map((w) => w.text)).toContain('2026-07-01');
  });

  it('wraps inside the width, every RTL line flush right, and returns the height used', async () => {
    const s = 'هذه جملة عربية طويلة لاختبار التفاف الأسطر داخل عرض ضيق مع رمز SBX-12345 في وسطها';
    let height = 0;
    let lines = 0;
    const pdf = await render((doc) => {
      const m = measureText(doc, s, { width: 150, size: 12, dir: 'rtl' });
      lines = m.lines;
      expect(m.width).toBeLessThanOrEqual(150.01);
      height = text(doc, s, { x: 100, y: 20, width: 150, dir: 'rtl', size: 12 });
    });
    expect(lines).toBeGreaterThanOrEqual(3);
    expect(height).toBeCloseTo(lines * 12 * 1.45, 5);
    const words = pdfWords(pdf);
    for (const w of words) {
      expect(w.xMin).toBeGreaterThanOrEqual(99.5);
      expect(w.xMax).toBeLessThanOrEqual(250.5);
    }
    // The first word of each line (rightmost) touches the right edge.
    const lineTops = [...new Set(words.map((w) => Math.round(w.yMin)))];
    expect(lineTops.length).toBe(lines);
    for (const top of lineTops) {
      const right = Math.max(...words.filter((w) => Math.round(w.yMin) === top).map((w) => w.xMax));
      expect(right).toBeCloseTo(250, 0);
    }
  });

  it('cuts a word longer than the width', async () => {
    const pdf = await render((doc) => {
      const m = measureText(doc, 'https://www.google.com/maps?q=30.0566,31.2441', { width: 80, size: 10 });
      expect(m.lines).toBeGreaterThan(1);
      expect(m.width).toBeLessThanOrEqual(80.01);
    });
    expect(pdf.length).toBeGreaterThan(0);
  });

  it('measures the natural width of one line', async () => {
    await render((doc) => {
      const w = textWidth(doc, 'Cairo', { size: 10 });
      expect(w).toBeGreaterThan(20);
      expect(textWidth(doc, 'Cairo', { size: 20 })).toBeCloseTo(2 * w, 5);
    });
  });
});

describe('labelValue()', () => {
  it('mirrors the two columns between LTR and RTL', async () => {
    const pdf = await render((doc) => {
      labelValue(doc, 'Seat', '14', { x: 20, y: 20, width: 300, dir: 'ltr', labelWidth: 100 });
      labelValue(doc, 'المقعد', '15', { x: 20, y: 60, width: 300, dir: 'rtl', labelWidth: 100 });
    });
    const words = pdfWords(pdf);
    expect(find(words, 'Seat').xMin).toBeCloseTo(20, 0);
    expect(find(words, '14').xMin).toBeCloseTo(128, 0);
    const fifteen = find(words, '15');
    expect(arabicBox(words, fifteen.yMin).xMax).toBeCloseTo(320, 0);
    expect(fifteen.xMax).toBeCloseTo(212, 0);
  });
});

describe('outlineText()', () => {
  it('draws shapes, not extractable text', async () => {
    const pdf = await render((doc) => {
      const w = outlineText(doc, 'SANDBOX', { cx: 200, cy: 200, size: 60, bold: true, color: '#ccc' });
      expect(w).toBeGreaterThan(200);
    });
    expect(pdfText(pdf).trim()).toBe('');
  });
});
