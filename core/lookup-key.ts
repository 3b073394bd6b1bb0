// The keys a booking is found by at the counter, and the keys a typed query may be the start of.
// One rule for both sides, so whatever the booking was written with, the agent finds it by
// typing the start of any of: the booking reference, the operator's reference, a passenger's or
// the contact's name (Arabic or Latin, folded as city names are, and across the scripts by its
// consonant skeleton: "Mohamed" finds محمد), a phone number (any common
// Egyptian writing) or the travel date. Keys are plain strings compared by prefix, so an index
// ordered by key answers a query with a range scan.
import { toLatinDigits, typedNumber } from './digits.ts';
import { canonicalPhone, looksLikePhone } from './phone.ts';
import { foldLatin, isArabic, nameSkeleton, normaliseArabic, normaliseLatin } from './text-fold.ts';

export interface BookingKeys {
  bookingReference: string | null;
  operatorReference: string | null;
  names: readonly string[];
  phones: readonly (string | null | undefined)[];
  /** The travel date, YYYY-MM-DD (the departure's wall-clock date). */
  travelDate: string | null;
}

/** Letters and digits only, upper case: "pb-7f3a 21" → "PB7F3A21". */
const compactRef = (text: string) => toLatinDigits(text).toUpperCase().replace(/[^A-Z0-9]/g, '');

/** A name folded to the form both sides compare: Arabic normalised, Latin transliteration-folded. */
export function foldName(name: string): string {
  return isArabic(name) ? normaliseArabic(name) : foldLatin(normaliseLatin(name));
}

/** Every key of a booking (deduplicated): each word of a name starts a key, so "Ahmed" finds "Mona Ahmed". */
export function bookingKeys(b: BookingKeys): string[] {
  const keys = new Set<string>();
  for (const ref of [b.bookingReference, b.operatorReference]) {
    if (!ref) continue;
    const compact = compactRef(ref);
    keys.add(`r:${compact}`);
    // The letters before the first digit ("PB", "SBX") are often not typed.
    const tail = /^[A-Z]+(?=\d)/.exec(compact) ? compact.replace(/^[A-Z]+/, '') : '';
    if (tail) keys.add(`r:${tail}`);
  }
  for (const name of b.names) {
    for (const [kind, folded] of [['n', foldName(name)], ['s', nameSkeleton(name)]] as const) {
      const words = folded.split(' ').filter(Boolean);
      for (let i = 0; i < words.length; i++) keys.add(`${kind}:${words.slice(i).join(' ')}`);
    }
  }
  for (const phone of b.phones) {
    const digits = phone ? canonicalPhone(phone) : '';
    if (digits) keys.add(`p:${digits}`);
  }
  if (b.travelDate) keys.add(`d:${b.travelDate}`);
  return [...keys];
}

/** "2026-07-01", "2026-07", "1/7/2026", "01-07-2026" (day first, as written in Egypt) → an ISO date or its start. */
export function isoDateOf(text: string): string | null {
  const t = typedNumber(text);
  if (/^\d{4}-\d{2}(-\d{1,2})?$/.test(t)) return t;
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  if (!m) return null;
  const [, d, mo, y] = m;
  return `${y}-${mo!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
}

/** The key prefixes a query typed by the agent may match (none for a query too short to mean anything). */
export function queryPrefixes(query: string): string[] {
  const q = query.trim();
  const out = new Set<string>();
  const date = isoDateOf(q);
  if (date) out.add(`d:${date}`);
  if (looksLikePhone(q) && !date) {
    const digits = canonicalPhone(q);
    if (digits) out.add(`p:${digits}`);
  }
  if (!isArabic(q)) {
    const ref = compactRef(q);
    if (ref.length >= 2 && !date) out.add(`r:${ref}`);
  }
  if (/\p{L}/u.test(q)) {
    const name = foldName(q);
    if (name.length >= 2) out.add(`n:${name}`);
    // The other script: two consonants at least, or a short query would match every name.
    const bones = nameSkeleton(q);
    if (bones.replace(/ /g, '').length >= 2 && q.length >= 3) out.add(`s:${bones}`);
  }
  return [...out];
}

/** The first string after every string that starts with `prefix` (for a range scan: key >= prefix AND key < end). */
export function prefixEnd(prefix: string): string {
  return prefix + '\uffff';
}
