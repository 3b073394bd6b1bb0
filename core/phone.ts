// Phone numbers as agents and travellers write them. One reading of where a number belongs:
// "010 1234 5678", "01012345678", "+20 10 1234 5678", "+20 (0)10…", "0020 10…", "2010…" and the
// same in Arabic-Indic digits (with or without direction marks) are all the Egyptian national
// number "1012345678" (no trunk 0); a number of another country keeps its country code
// ("+44 20…" → "4420…"). Finding a booking by phone compares these digits; the contact phone of
// a sale is checked on them (an Egyptian mobile, or an international number in E.164 form).
import { typedNumber } from './digits.ts';

const EGYPT = '20';

export interface PhoneDigits {
  /** 'eg': the national number without its trunk 0; 'intl': the digits from the country code on. */
  country: 'eg' | 'intl';
  digits: string;
}

/** Where a number (or the start of one being typed) belongs, and its digits there. */
export function phoneDigits(text: string): PhoneDigits {
  const latin = typedNumber(text);
  const plus = latin.startsWith('+');
  let digits = latin.replace(/\D/g, '');
  if (plus || digits.startsWith('00')) {
    if (!plus) digits = digits.slice(2);
    if (!digits.startsWith(EGYPT)) return { country: 'intl', digits };
    digits = digits.slice(EGYPT.length);
  } else if (/^201/.test(digits)) {
    // "201…" written without + is Egypt's code before a mobile number: national numbers that
    // start with 20 do not begin with 1 after it.
    digits = digits.slice(EGYPT.length);
  }
  return { country: 'eg', digits: digits.replace(/^0/, '') };
}

/**
 * The canonical digits of a phone number, or of the start of one being typed (so a prefix of a
 * number gives a prefix of its canonical form once past the country code). Empty when no digit.
 */
export function canonicalPhone(text: string): string {
  return phoneDigits(text).digits;
}

/** Text that reads as a phone number being typed: digits with the usual separators, at least 3 digits. */
export function looksLikePhone(text: string): boolean {
  const latin = typedNumber(text);
  return /^\+?[\d\s().-]+$/.test(latin) && latin.replace(/\D/g, '').length >= 3;
}

export type PhoneCheck =
  | { ok: true; kind: 'eg' | 'intl'; normalised: string }
  | { ok: false; reason: 'empty' | 'eg_mobile' | 'intl' | 'chars' };

const EGYPTIAN_MOBILE = /^1[0125]\d{8}$/; // 010, 011, 012, 015 + 8 digits
const E164 = /^[1-9]\d{7,14}$/;

/**
 * The contact phone of a booking: the operator finds the booking by name plus phone, so it must
 * be a number that rings: an Egyptian mobile ("01012345678") or an international one ("+44…").
 */
export function checkPhone(input: string): PhoneCheck {
  const latin = typedNumber(input);
  if (!latin) return { ok: false, reason: 'empty' };
  if (!/^\+?[0-9\s().-]+$/.test(latin)) return { ok: false, reason: 'chars' };
  const { country, digits } = phoneDigits(latin);
  if (country === 'intl') return E164.test(digits) ? { ok: true, kind: 'intl', normalised: '+' + digits } : { ok: false, reason: 'intl' };
  return EGYPTIAN_MOBILE.test(digits) ? { ok: true, kind: 'eg', normalised: '0' + digits } : { ok: false, reason: 'eg_mobile' };
}
