import { localDigits } from '../../../core/format.ts';

/** The plural forms a count is said in: English uses one and other, Arabic all six. */
export type FoundForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** The message of each form (lookup.found.* in both languages). */
export type FoundKey = `lookup.found.${FoundForm}`;

/**
 * The form a number of bookings found is said in, by the language's own plural rules (Arabic:
 * ٣ حجوزات, ١١ حجزًا, ١٠٠ حجز); none found is said in words, in both languages.
 */
export function foundForm(n: number, locale: 'ar' | 'en'): FoundForm {
  return n === 0 ? 'zero' : (new Intl.PluralRules(locale).select(n) as FoundForm);
}

/** "3 bookings found" / "تم العثور على ٣ حجوزات" (digits as the counter writes them), through the screen's translate. */
export function foundText(n: number, locale: 'ar' | 'en', say: (key: FoundKey, params: { n: string }) => string): string {
  return say(`lookup.found.${foundForm(n, locale)}`, { n: localDigits(String(n), locale) });
}
