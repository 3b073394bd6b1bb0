// Amounts of money as people type them and as files write them: integers of piastres everywhere
// else. One rule for every field that takes an amount (the payment step's cash, Settings' prices
// and fees, the cash count), so a string means the same figure wherever it is typed:
//
// - Digits may be Latin, Arabic-Indic (١٢) or Eastern Arabic-Indic (۱۲); direction marks and the
//   spaces around the amount are ignored.
// - The decimal point is "." or the Arabic decimal separator "٫"; at most two decimals (piastres).
// - "," "٬" and the Arabic comma "،" only group thousands, in groups of exactly three:
//   "1,250" is one thousand two hundred and fifty pounds.
// - A comma followed by one or two digits ("12,50", "12,5") is where a European decimal comma
//   and a mistyped thousands separator look alike: it is refused as ambiguous, never guessed.
//   So is a comma after the point ("1.250,50"). Any other use of a separator is not an amount.
// - No sign, no exponent, no currency; at most 100,000,000.00 pounds.
// Formatting for people is core/format.ts (Intl); plainPounds is the form files and inputs take.
import { typedNumber } from './digits.ts';

/** The largest amount the contract takes: 100,000,000.00 pounds. */
export const MAX_MINOR = 100_000_000_00;

export type AmountProblem = 'empty' | 'ambiguous' | 'not_amount' | 'too_large';
export type AmountReading = { ok: true; minor: number } | { ok: false; problem: AmountProblem };

const AMOUNT = /^(\d+|\d{1,3}(?:,\d{3})+)?(?:\.(\d{0,2}))?$/;
/** A decimal comma in either of its usual places: "12,50", "12,5", "1.250,50". */
const DECIMAL_COMMA = /^[\d.,]*,\d{1,2}$/;

/** What a typed amount says: its piastres, or why it is not read. */
export function readAmount(text: string): AmountReading {
  const s = typedNumber(text).replace(/\u060c/g, ',');
  if (s === '') return { ok: false, problem: 'empty' };
  if (DECIMAL_COMMA.test(s)) return { ok: false, problem: 'ambiguous' };
  const m = AMOUNT.exec(s);
  if (!m || s === '.') return { ok: false, problem: 'not_amount' };
  const whole = m[1] === undefined ? 0 : Number(m[1].replace(/,/g, ''));
  const minor = whole * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(minor) || minor > MAX_MINOR) return { ok: false, problem: 'too_large' };
  return { ok: true, minor };
}

/** A typed amount in piastres, or null when it is not read (see readAmount for why). */
export function parseAmount(text: string): number | null {
  const r = readAmount(text);
  return r.ok ? r.minor : null;
}

/** 125075 → "1250.75", -5 → "-0.05": pounds with two decimals, no grouping, Latin digits (CSV cells, input fields). */
export function plainPounds(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`money must be an integer of piastres, got ${minor}`);
  const abs = Math.abs(minor);
  return `${minor < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
