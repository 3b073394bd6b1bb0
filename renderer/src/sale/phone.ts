import { westernDigits } from './display.ts';

// The contact phone of a booking: the operator finds the booking by name plus phone, so it must
// be a number that rings. Egyptian mobiles (010, 011, 012, 015 + 8 digits, also written
// +20 / 0020) or an international number in E.164 form (+ and 8 to 15 digits). Pure.

export type PhoneCheck =
  | { ok: true; kind: 'eg' | 'intl'; normalised: string }
  | { ok: false; reason: 'empty' | 'eg_mobile' | 'intl' | 'chars' };

export function checkPhone(input: string): PhoneCheck {
  const text = westernDigits(input).trim();
  if (!text) return { ok: false, reason: 'empty' };
  if (!/^\+?[0-9\s().-]+$/.test(text)) return { ok: false, reason: 'chars' };
  const plus = text.startsWith('+');
  let digits = text.replace(/\D/g, '');
  if (!plus && digits.startsWith('00')) return checkInternational(digits.slice(2));
  if (plus) return checkInternational(digits);
  if (digits.startsWith('20') && digits.length === 12) digits = '0' + digits.slice(2);
  if (/^01[0125][0-9]{8}$/.test(digits)) return { ok: true, kind: 'eg', normalised: digits };
  return { ok: false, reason: 'eg_mobile' };
}

function checkInternational(digits: string): PhoneCheck {
  if (digits.startsWith('20')) {
    const local = '0' + digits.slice(2);
    return /^01[0125][0-9]{8}$/.test(local) ? { ok: true, kind: 'eg', normalised: local } : { ok: false, reason: 'eg_mobile' };
  }
  return /^[1-9][0-9]{7,14}$/.test(digits) ? { ok: true, kind: 'intl', normalised: '+' + digits } : { ok: false, reason: 'intl' };
}

/** A plain, permissive e-mail check (the API validates for real). */
export function checkEmail(input: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.trim()) && input.trim().length <= 254;
}

/** A name as printed on the ticket: trimmed, single spaces, 1 to 100 characters. */
export function cleanName(input: string): string {
  return input.trim().replace(/\s+/g, ' ');
}
