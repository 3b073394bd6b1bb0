// Phone numbers as agents and travellers write them, to one form for finding a booking by phone:
// "010 1234 5678", "01012345678", "+20 10 1234 5678", "0020 10…", "2010…" and the same in
// Arabic-Indic digits all become the national number without its trunk 0 ("1012345678").
// A number of another country keeps its country code ("+44 20…" → "4420…").

/** Arabic-Indic and Eastern Arabic-Indic digits typed by the agent, back to Western. */
export function westernDigits(text: string): string {
  return text
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
}

const EGYPT = '20';

/**
 * The canonical digits of a phone number, or of the start of one being typed (so a prefix of a
 * number gives a prefix of its canonical form once past the country code). Empty when no digit.
 */
export function canonicalPhone(text: string): string {
  const western = westernDigits(text).trim();
  const plus = western.startsWith('+');
  let digits = western.replace(/\D/g, '');
  if (plus || digits.startsWith('00')) {
    if (!plus) digits = digits.slice(2);
    if (!digits.startsWith(EGYPT)) return digits;
    digits = digits.slice(EGYPT.length);
  } else if (/^201/.test(digits)) {
    // "201…" written without + is Egypt's code before a mobile number: national numbers that
    // start with 20 do not begin with 1 after it.
    digits = digits.slice(EGYPT.length);
  }
  return digits.replace(/^0/, '');
}

/** Text that reads as a phone number being typed: digits with the usual separators, at least 3 digits. */
export function looksLikePhone(text: string): boolean {
  const western = westernDigits(text).trim();
  return /^\+?[\d\s().-]+$/.test(western) && western.replace(/\D/g, '').length >= 3;
}
