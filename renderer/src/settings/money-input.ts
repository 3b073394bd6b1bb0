// What a supervisor types into a money or percent field, read exactly. Money leaves here as an
// integer of piastres (the contract's unit); Arabic-Indic digits (٠–٩, and the Persian ۰–۹ a
// keyboard may give) and the Arabic decimal and thousands separators (٫ ٬) are accepted.

const ARABIC_INDIC_ZERO = 0x0660;
const PERSIAN_ZERO = 0x06f0;

/** "١٢٫٥٠" → "12.50": Arabic-Indic digits and separators to their ASCII forms. */
export function toLatinDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - ARABIC_INDIC_ZERO))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - PERSIAN_ZERO))
    .replace(/\u066b/g, '.')
    .replace(/\u066c/g, ',');
}

/** The largest amount the contract takes: 100,000,000.00 pounds. */
export const MAX_MINOR = 100_000_000_00;

// Whole part with optional correctly grouped thousands ("1,250"; never "12,50", which could be a
// European decimal), then at most two decimals.
const AMOUNT = /^(\d+|\d{1,3}(?:,\d{3})+)?(?:\.(\d{0,2}))?$/;

function normalise(text: string): string {
  return toLatinDigits(text).replace(/[\s\u00a0\u202f\u200e\u200f\u061c]/g, '');
}

/** "12.50" → 1250 piastres; null when it is not an amount in pounds with at most 2 decimals. */
export function parseMoneyInput(text: string): number | null {
  const s = normalise(text);
  const m = AMOUNT.exec(s);
  if (!m || s === '' || s === '.') return null;
  const whole = m[1] === undefined ? 0 : Number(m[1].replace(/,/g, ''));
  const fraction = (m[2] ?? '').padEnd(2, '0');
  const minor = whole * 100 + Number(fraction);
  return Number.isSafeInteger(minor) && minor <= MAX_MINOR ? minor : null;
}

/** "12.5" → 12.5; null unless a number from 0 to 100 with at most 2 decimals. */
export function parsePercentInput(text: string): number | null {
  const s = normalise(text).replace(/[%٪]$/, '');
  if (!/^(\d{1,3}(\.\d{0,2})?|\.\d{1,2})$/.test(s)) return null;
  const value = Number(s);
  return value >= 0 && value <= 100 ? value : null;
}

/** 1250 → "12.50", to put a stored amount back into an input. */
export function minorToInput(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
