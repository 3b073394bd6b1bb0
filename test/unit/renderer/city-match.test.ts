import { describe, expect, it } from 'vitest';
import { buildCities } from '../../../sandbox/inventory/cities.ts';
import {
  buildCityIndex,
  foldLatin,
  matchCities,
  normaliseArabic,
  normaliseLatin,
  skeleton,
} from '../../../renderer/src/search/city-match.ts';

// The same 121 cities the sandbox (and so the counter's cache in TRAINING) serves.
const cities = buildCities();
const index = buildCityIndex(cities);
const top = (q: string) => matchCities(index, q)[0]?.city.name;
const names = (q: string, n = 8) => matchCities(index, q, n).map((m) => m.city.name);

describe('normalising Arabic', () => {
  it('strips tashkeel and tatweel and unifies hamza, taa marbuta and alef maqsura', () => {
    expect(normaliseArabic('الإِسْكَنْدَرِيَّة')).toBe('اسكندريه');
    expect(normaliseArabic('اسكـــندرية')).toBe('اسكندريه');
    expect(normaliseArabic('مرسى')).toBe('مرسي');
    expect(normaliseArabic('أسوان')).toBe(normaliseArabic('اسوان'));
    expect(normaliseArabic('آسوان')).toBe('اسوان');
  });

  it('drops the article from each word, but not from short words', () => {
    expect(normaliseArabic('المحلة الكبرى')).toBe('محله كبري');
    expect(normaliseArabic('الطور')).toBe('طور');
    expect(normaliseArabic('الإسكندرية', true)).toBe('الاسكندريه');
  });
});

describe('normalising and folding Latin', () => {
  it('lower-cases, strips diacritics and punctuation and the article', () => {
    expect(normaliseLatin('El-Mansoura')).toBe('mansoura');
    expect(normaliseLatin('Sharm El-Sheikh')).toBe('sharm sheikh');
    expect(normaliseLatin('Bir al-Abd')).toBe('bir abd');
    expect(normaliseLatin('Fayyūm')).toBe('fayyum');
    expect(normaliseLatin('El Gouna', true)).toBe('el gouna');
  });

  it('folds the usual transliteration variants onto one spelling', () => {
    expect(foldLatin('assiut')).toBe(foldLatin('asiut'));
    expect(foldLatin('qena')).toBe(foldLatin('kena'));
    expect(foldLatin('sohag')).toBe(foldLatin('suhag'));
    expect(foldLatin('mansoura')).toBe(foldLatin('mansura'));
    expect(foldLatin('sheikh')).toBe(foldLatin('cheikh'));
    expect(skeleton(foldLatin('asyut'))).toBe(skeleton(foldLatin('assiut')));
  });
});

describe('matching cities as the agent types', () => {
  it('finds Alexandria from "alex", "اسكندرية", "الإسكندرية" and Arabic transliterations', () => {
    for (const q of ['alex', 'Alex', 'ALEXANDRIA', 'اسكندرية', 'الإسكندرية', 'الاسكندريه', 'إسكندرية', 'اسكن', 'iskandariya', 'Eskendereya']) {
      expect(top(q), q).toBe('Alexandria');
    }
  });

  it('tolerates vowel and consonant variants of Egyptian names', () => {
    expect(top('assiut')).toBe('Asyut');
    expect(top('Asiut')).toBe('Asyut');
    expect(top('suhag')).toBe('Sohag');
    expect(top('kena')).toBe('Qena');
    expect(top('el-minya')).toBe('Minya');
    expect(top('menia')).toBe('Minya');
    expect(top('zaqaziq')).toBe('Zagazig');
    expect(top('ghardaqa')).toBe('Hurghada');
    expect(top('mansura')).toBe('Mansoura');
    expect(top('faiyum')).toBe('Fayoum');
    expect(top('port saeed')).toBe('Port Said');
    expect(top('sharm el sheikh')).toBe('Sharm El Sheikh');
    expect(top('sharm al-shaykh')).toBe('Sharm El Sheikh');
    expect(top('luxor')).toBe('Luxor');
    expect(top('louxor')).toBe('Luxor');
  });

  it('matches any word of a name, and Arabic names with or without the article', () => {
    expect(names('kheima')).toContain('Shubra El Kheima');
    expect(names('october')).toContain('6th of October');
    expect(top('القاهرة')).toBe('Cairo');
    expect(top('قاهره')).toBe('Cairo');
    expect(names('القاهرة')).toEqual(expect.arrayContaining(['Cairo', 'New Cairo']));
    expect(top('الغردقة')).toBe('Hurghada');
    expect(top('غردقه')).toBe('Hurghada');
    expect(top('مرسى مطروح')).toBe('Marsa Matrouh');
    expect(top('مطروح')).toBe('Marsa Matrouh');
  });

  it('ranks an exact or prefix match above a looser one', () => {
    expect(names('cairo').slice(0, 2)).toEqual(['Cairo', 'New Cairo']);
    expect(top('siwa')).toBe('Siwa');
    expect(top('suez')).toBe('Suez');
    expect(top('el')).toMatch(/^El /);
    expect(names('ال').length).toBeGreaterThan(0);
  });

  it('finds nothing for nonsense and lists cities for an empty query', () => {
    expect(names('xqzv')).toEqual([]);
    expect(matchCities(index, '', 5)).toHaveLength(5);
    expect(matchCities(index, '', 3, 'ar').map((m) => m.city.name_ar)).toEqual(
      [...cities.map((c) => c.name_ar)].sort((a, b) => a.localeCompare(b, 'ar')).slice(0, 3),
    );
  });

  // How fast it answers a keystroke is measured by test/bench/city-match.bench.ts.
  it('keeps a list under the field at every keystroke, the city on top once it is typed', () => {
    for (const q of ['a', 'al', 'ale', 'alex', 'ا', 'اس', 'اسك', 'm', 'ma', 'man']) expect(matchCities(index, q).length, q).toBeGreaterThan(0);
    expect(top('alex')).toBe('Alexandria');
    expect(top('اسك')).toBe('Alexandria');
    expect(names('man')).toContain('Mansoura');
  });
});
