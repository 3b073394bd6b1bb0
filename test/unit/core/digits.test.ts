import { describe, expect, it } from 'vitest';
import { readWholeNumber, toArabicIndicDigits, toLatinDigits, typedNumber, withoutBidiMarks } from '../../../core/digits.ts';

describe('digits as typed, to Latin', () => {
  it.each([
    ['٠١٢٣٤٥٦٧٨٩', '0123456789'],
    ['۰۱۲۳۴۵۶۷۸۹', '0123456789'],
    ['١٢٫٥٠', '12.50'],
    ['١٬٢٥٠', '1,250'],
    ['PB-٧F٣A', 'PB-7F3A'],
    ['12 14', '12 14'],
    ['\u200f١٢\u200f', '\u200f12\u200f'], // marks kept: only typedNumber drops them
  ])('%j → %j', (typed, latin) => expect(toLatinDigits(typed)).toBe(latin));

  it.each([
    ['\u200f١٢٣\u200f', '123'],
    [' \u2067٠١٠ ١٢٣٤\u2069 ', '010 1234'],
    ['\u202b٥\u202c', '5'],
    ['\u061c٧', '7'],
    ['\u200e42', '42'],
  ])('typed number %j → %j', (typed, latin) => expect(typedNumber(typed)).toBe(latin));

  it('drops only the invisible direction marks', () => {
    expect(withoutBidiMarks('\u200fمحمد\u200e 12')).toBe('محمد 12');
  });

  it('writes Latin digits back in Arabic-Indic', () => {
    expect(toArabicIndicDigits('2026-07-01 23:30')).toBe('٢٠٢٦-٠٧-٠١ ٢٣:٣٠');
    expect(toLatinDigits(toArabicIndicDigits('0123456789'))).toBe('0123456789');
  });
});

describe('a typed whole number (a count of pieces, minutes, days): one reading, like an amount', () => {
  it.each([
    ['14', 14],
    ['١٤', 14],
    ['۱۴', 14],
    ['\u200f١٤\u200f', 14],
    ['\u2067٣\u2069', 3],
    [' 3 ', 3],
    ['0', 0],
    ['999999', 999999],
    ['', null],
    ['\u200f', null],
    ['1.5', null],
    ['١٫٥', null],
    ['1,000', null],
    ['-1', null],
    ['+1', null],
    ['1e3', null],
    ['1 2', null],
    ['1234567', null],
  ])('%j → %j', (typed, n) => expect(readWholeNumber(typed)).toBe(n));

  it('takes at most the digits asked for', () => {
    expect(readWholeNumber('240', 3)).toBe(240);
    expect(readWholeNumber('1000', 3)).toBeNull();
  });
});
