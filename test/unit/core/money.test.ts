import { describe, expect, it } from 'vitest';
import { MAX_MINOR, parseAmount, plainPounds, readAmount, type AmountReading } from '../../../core/money.ts';

// One table for every field that takes an amount: the payment step's cash, Settings' prices,
// the shift's float. Each row: what is typed, and what it is read as.
const READINGS: [string, AmountReading][] = [
  ['12.50', { ok: true, minor: 1250 }],
  ['12.5', { ok: true, minor: 1250 }],
  ['12', { ok: true, minor: 1200 }],
  ['12.', { ok: true, minor: 1200 }],
  ['.05', { ok: true, minor: 5 }],
  ['0', { ok: true, minor: 0 }],
  [' 7.25 ', { ok: true, minor: 725 }],
  ['1.15', { ok: true, minor: 115 }], // no floating-point error where × 100 would show one
  ['4.35', { ok: true, minor: 435 }],
  ['1,250', { ok: true, minor: 125_000 }], // a comma groups thousands
  ['1,250.75', { ok: true, minor: 125_075 }],
  ['12,345,678', { ok: true, minor: 1_234_567_800 }],
  ['١٢٫٥٠', { ok: true, minor: 1250 }], // Arabic-Indic digits, Arabic decimal separator
  ['١٢.٥٠', { ok: true, minor: 1250 }],
  ['٣٥٠', { ok: true, minor: 35_000 }],
  ['۱۲٫۵', { ok: true, minor: 1250 }], // Eastern Arabic-Indic (Persian keyboard)
  ['١٬٢٥٠٫٧٥', { ok: true, minor: 125_075 }], // Arabic thousands separator
  ['١،٢٥٠', { ok: true, minor: 125_000 }], // Arabic comma grouping thousands
  ['\u200f١٢٫٥٠\u200f', { ok: true, minor: 1250 }], // RLM around a pasted amount
  ['\u2067470.25\u2069', { ok: true, minor: 47_025 }], // isolates
  ['\u200e1,000\u200e', { ok: true, minor: 100_000 }],
  ['100000000', { ok: true, minor: MAX_MINOR }],
  // A decimal comma and a thousands comma look alike here: never guessed.
  ['12,50', { ok: false, problem: 'ambiguous' }],
  ['12,5', { ok: false, problem: 'ambiguous' }],
  ['١٢٬٥٠', { ok: false, problem: 'ambiguous' }],
  ['١٢،٥', { ok: false, problem: 'ambiguous' }],
  ['1.250,50', { ok: false, problem: 'ambiguous' }],
  ['\u200f١٢٫٥٠\u200f,5', { ok: false, problem: 'ambiguous' }],
  ['', { ok: false, problem: 'empty' }],
  [' ', { ok: false, problem: 'empty' }],
  ['\u200f', { ok: false, problem: 'empty' }],
  ['.', { ok: false, problem: 'not_amount' }],
  ['-1', { ok: false, problem: 'not_amount' }],
  ['+1', { ok: false, problem: 'not_amount' }],
  ['1.234', { ok: false, problem: 'not_amount' }],
  ['1,25,0', { ok: false, problem: 'ambiguous' }],
  ['1,2500', { ok: false, problem: 'not_amount' }],
  ['12 50', { ok: false, problem: 'not_amount' }],
  ['abc', { ok: false, problem: 'not_amount' }],
  ['12a', { ok: false, problem: 'not_amount' }],
  ['1e3', { ok: false, problem: 'not_amount' }],
  ['12.5.0', { ok: false, problem: 'not_amount' }],
  ['EGP 5', { ok: false, problem: 'not_amount' }],
  ['NaN', { ok: false, problem: 'not_amount' }],
  ['Infinity', { ok: false, problem: 'not_amount' }],
  ['100000000.01', { ok: false, problem: 'too_large' }],
  ['9'.repeat(30), { ok: false, problem: 'too_large' }],
];

describe('an amount typed anywhere, read by one rule', () => {
  it.each(READINGS)('%j', (typed, reading) => {
    expect(readAmount(typed)).toEqual(reading);
    expect(parseAmount(typed)).toBe(reading.ok ? reading.minor : null);
  });
});

describe('pounds as files and input fields write them', () => {
  it.each([
    [1250, '12.50'],
    [5, '0.05'],
    [0, '0.00'],
    [35_000, '350.00'],
    [125_075, '1250.75'],
    [-5, '-0.05'],
    [-125_075, '-1250.75'],
  ])('%i → %s', (minor, text) => expect(plainPounds(minor)).toBe(text));

  it('reads back what it writes', () => {
    for (const m of [0, 1, 99, 100, 12_345, 99_999_999, MAX_MINOR]) expect(parseAmount(plainPounds(m))).toBe(m);
  });

  it('refuses what is not piastres', () => {
    expect(() => plainPounds(1.5)).toThrow(RangeError);
  });
});
