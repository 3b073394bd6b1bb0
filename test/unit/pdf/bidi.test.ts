import { describe, expect, it } from 'vitest';
import { lineRuns, resolveParagraph, visualRuns, visualString } from '../../../lib/pdf/bidi.ts';

const runs = (text: string, dir: 'ltr' | 'rtl' | 'auto') => visualRuns(text, dir).map((r) => [r.text, r.rtl ? 'R' : 'L']);

describe('visualRuns (bidi run ordering)', () => {
  it('puts an embedded PB- reference and numbers of an Arabic sentence in visual order', () => {
    // Logical: "booking number PB-12345 for 2 travellers"
    expect(runs('رقم الحجز PB-12345 لعدد 2 مسافر', 'rtl')).toEqual([
      [' مسافر', 'R'],
      ['2', 'L'],
      [' لعدد ', 'R'],
      ['PB-12345', 'L'],
      ['رقم الحجز ', 'R'],
    ]);
  });

  it('keeps Arabic words in reading order inside one RTL run (fontkit reverses the glyphs)', () => {
    const r = visualRuns('محطة القاهرة', 'rtl');
    expect(r).toHaveLength(1);
    expect(r[0]).toMatchObject({ text: 'محطة القاهرة', rtl: true, level: 1 });
  });

  it('places an Arabic phrase inside an English line', () => {
    expect(runs('From محطة القاهرة at 23:30', 'ltr')).toEqual([
      ['From ', 'L'],
      ['محطة القاهرة', 'R'],
      [' at 23:30', 'L'],
    ]);
  });

  it('mirrors brackets in RTL runs and keeps them paired around Latin text', () => {
    expect(runs('الموقف (رمسيس)', 'rtl')).toEqual([['الموقف )رمسيس(', 'R']]);
    // Brackets around Latin preceded by Arabic take the paragraph direction (rule N0),
    // so they stay mirrored outside the Latin run: seen as "هنا (ABC) الكود".
    expect(runs('الكود (ABC) هنا', 'rtl')).toEqual([
      ['( هنا', 'R'],
      ['ABC', 'L'],
      ['الكود )', 'R'],
    ]);
    // After Latin, they pair with the Latin text.
    expect(runs('Terminal (Old Market)', 'rtl')).toEqual([['Terminal (Old Market)', 'L']]);
  });

  it('keeps Arabic-Indic digits as a left-to-right number', () => {
    const r = visualRuns('المقعد ١٤', 'rtl');
    expect(r.map((x) => [x.text, x.level])).toEqual([
      ['١٤', 2],
      ['المقعد ', 1],
    ]);
  });

  it('a hyphenated date after Arabic is reordered unless isolated (UAX #9 rule W2)', () => {
    expect(visualString('بتاريخ 2026-07-01', 'rtl')).toBe('01-07-2026 خيراتب');
    const isolated = visualString('بتاريخ \u20662026-07-01\u2069', 'rtl');
    expect(isolated.replace(/[\u2066-\u2069]/gu, '')).toBe('2026-07-01 خيراتب');
  });

  it('auto direction takes the first strong letter', () => {
    expect(resolveParagraph('محطة Cairo', 'auto').dir).toBe('rtl');
    expect(resolveParagraph('12 Cairo محطة', 'auto').dir).toBe('ltr');
  });

  it('reorders one line of a paragraph on its own, trailing spaces at paragraph level', () => {
    const para = resolveParagraph('abc محطة رمسيس def', 'ltr');
    // Second "line" starting inside the Arabic phrase.
    const r = lineRuns(para, 9, 18);
    expect(r.map((x) => x.text)).toEqual(['رمسيس', ' def']);
    const trailing = lineRuns(resolveParagraph('محطة رمسيس  ', 'rtl'));
    expect(trailing.map((x) => [x.text, x.level])).toEqual([['محطة رمسيس  ', 1]]);
  });

  it('returns nothing for an empty line', () => {
    expect(visualRuns('', 'rtl')).toEqual([]);
  });
});
