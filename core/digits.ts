// Digits as agents type them: Arabic-Indic (٠–٩), the Eastern Arabic-Indic a Persian or Urdu
// keyboard gives (۰–۹), the Arabic decimal and thousands separators (٫ ٬), and the invisible
// direction marks an Arabic text field or a pasted amount carries. The one converter: every
// reader of typed numbers (amounts, phones, seats, PINs, counts, dates) goes through here.

const ARABIC_INDIC_ZERO = 0x0660;
const EASTERN_ARABIC_INDIC_ZERO = 0x06f0;

/** LRM, RLM, ALM, LRE…PDF, LRI…PDI: direction marks that show nothing. */
const BIDI_MARKS = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;

/** "١٢٫٥٠" → "12.50": every digit to Latin, the Arabic decimal and thousands separators to "." and ",". */
export function toLatinDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - ARABIC_INDIC_ZERO))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - EASTERN_ARABIC_INDIC_ZERO))
    .replace(/\u066b/g, '.')
    .replace(/\u066c/g, ',');
}

/** The text without its invisible direction marks. */
export function withoutBidiMarks(text: string): string {
  return text.replace(BIDI_MARKS, '');
}

/** "١٢٣٤" → "1234": Latin digits, no direction marks, trimmed; the form a typed number is read in. */
export function typedNumber(text: string): string {
  return withoutBidiMarks(toLatinDigits(text)).trim();
}

/**
 * A whole number as typed (a count of pieces, minutes, days): "١٤", "\u200f14", " 14 " → 14. Null
 * for anything else (empty, a sign, a point, a separator, more than `maxDigits` digits).
 */
export function readWholeNumber(text: string, maxDigits = 6): number | null {
  const s = typedNumber(text);
  return s.length <= maxDigits && /^\d+$/.test(s) ? Number(s) : null;
}

/** "1234" → "١٢٣٤": Latin digits to Arabic-Indic (text that is not a digit is kept). */
export function toArabicIndicDigits(text: string): string {
  return text.replace(/[0-9]/g, (d) => String.fromCharCode(ARABIC_INDIC_ZERO + Number(d)));
}
