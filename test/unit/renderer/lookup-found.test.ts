import { describe, expect, it } from 'vitest';
import { lookup } from '../../../renderer/src/i18n/messages/lookup.ts';
import { foundForm, foundText, type FoundKey } from '../../../renderer/src/lookup/found.ts';

// Find a booking says how many bookings were found: English has one and other, Arabic six forms
// (none, one, two, 3–10, 11–99, 100 and on), each a sentence of its own, in Arabic-Indic digits.

const say = (locale: 'ar' | 'en') => (key: FoundKey, params: { n: string }) => lookup[locale][key].replace('{n}', params.n);

describe('the number of bookings found', () => {
  it('takes the Arabic plural form of each count', () => {
    const forms = [0, 1, 2, 3, 10, 11, 99, 100, 101, 102, 103, 111].map((n) => [n, foundForm(n, 'ar')]);
    expect(forms).toEqual([
      [0, 'zero'],
      [1, 'one'],
      [2, 'two'],
      [3, 'few'],
      [10, 'few'],
      [11, 'many'],
      [99, 'many'],
      [100, 'other'],
      [101, 'other'],
      [102, 'other'],
      [103, 'few'],
      [111, 'many'],
    ]);
  });

  it('is said in Arabic with the right noun for each form, in Arabic-Indic digits', () => {
    expect([0, 1, 2, 3, 11, 100].map((n) => foundText(n, 'ar', say('ar')))).toEqual([
      'لم يُعثر على أي حجز',
      'تم العثور على حجز واحد',
      'تم العثور على حجزين',
      'تم العثور على ٣ حجوزات',
      'تم العثور على ١١ حجزًا',
      'تم العثور على ١٠٠ حجز',
    ]);
  });

  it('is said in English as one booking or n bookings, none in words', () => {
    expect([0, 1, 2, 3, 11].map((n) => foundText(n, 'en', say('en')))).toEqual(['No booking found', '1 booking found', '2 bookings found', '3 bookings found', '11 bookings found']);
  });
});
