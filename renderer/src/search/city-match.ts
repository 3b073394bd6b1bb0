// Type-ahead over the cached cities, in English or Arabic, tolerant of the many ways Egyptian
// place names are written in Latin letters ("Assiut", "Asyut", "El-Minya", "Menia") and of
// Arabic spelling variants (hamza forms, taa marbuta, alef maqsura, the article, tashkeel).
// Pure and DOM-free: unit-tested in test/unit/renderer/city-match.test.ts. The folding itself is
// core/text-fold.ts (the booking lookup folds names the same way).
import { foldLatin, isArabic, normaliseArabic, normaliseLatin, skeleton } from '../../../core/text-fold.ts';
// Re-exported for the tests of the folding with city names.
export { foldLatin, isArabic, normaliseArabic, normaliseLatin, skeleton };


export interface CityLike {
  id: string;
  name: string;
  name_ar: string | null;
}

export interface CityMatch<C extends CityLike = CityLike> {
  city: C;
  /** Lower is better: 0 exact, 1 name prefix, 2 word prefix, 3 folded, 4 skeleton, 5 subsequence. */
  tier: number;
}

function isSubsequence(needle: string, haystack: string): boolean {
  let i = 0;
  for (const ch of haystack) {
    if (ch === needle[i]) i++;
    if (i === needle.length) return true;
  }
  return needle.length === 0;
}

// ---------------------------------------------------------------------------------------------
// Other names a traveller or agent may use for a city (Arabic transliterations, old names).

const ALIASES: Record<string, readonly string[]> = {
  Alexandria: ['iskandariya', 'iskandaria', 'eskendereya', 'alex'],
  Cairo: ['qahira', 'kahera', 'masr', 'misr'],
  Giza: ['gizeh', 'geezah'],
  Hurghada: ['ghardaqa', 'ghardaka'],
  Damietta: ['dumyat', 'domyat'],
  Rosetta: ['rashid', 'rasheed'],
  'Port Said': ['bur said', 'bor saeed'],
  'Port Fouad': ['bur fuad'],
  Luxor: ['uqsur', 'louxor', 'al aqsur'],
  Asyut: ['assiut', 'assuit', 'siut'],
  Sohag: ['suhag', 'sohaj'],
  Qena: ['kena', 'qina'],
  Aswan: ['assuan', 'asswan'],
  Suez: ['suways', 'sewees'],
  Fayoum: ['faiyum', 'fayum', 'fayyum'],
  Minya: ['menia', 'minia', 'menya'],
  'Beni Suef': ['bani swaif', 'bani suwayf', 'beni sweif'],
  'Marsa Matrouh': ['matruh', 'mersa matruh', 'matrouh'],
  'Sharm El Sheikh': ['sharm', 'sharm al shaykh'],
  '6th of October': ['october', '6 october', 'sitta october', 'oktober'],
  '10th of Ramadan': ['ramadan', '10 ramadan', 'asher men ramadan'],
  'New Administrative Capital': ['nac', 'capital', 'asema'],
  Ismailia: ['ismailiya', 'ismaileya'],
  Zagazig: ['zaqaziq'],
  'El Mahalla El Kubra': ['mahalla', 'mahala kobra'],
  'Kafr El Sheikh': ['kafr sheikh', 'kafrelsheikh'],
  'Shebin El Kom': ['shibin al kawm', 'shebeen'],
  Arish: ['al arish', 'el arish'],
  Kharga: ['kharijah', 'kharga oasis'],
  Dakhla: ['dakhla oasis'],
  Siwa: ['siwa oasis', 'seewa'],
};

// ---------------------------------------------------------------------------------------------
// The index: precomputed once per list of cities.

interface Entry<C extends CityLike> {
  city: C;
  arabic: string; // normalised Arabic name
  arabicRaw: string; // the same with the article kept, for "ال…" typed as a start
  latinRaw: string; // English name with "El" kept, for "el…" typed as a start
  latin: string[]; // normalised English name and aliases
  folded: string[];
  skeletons: string[];
  compact: string[]; // folded without spaces, for subsequence matching
}

export interface CityIndex<C extends CityLike = CityLike> {
  entries: Entry<C>[];
}

export function buildCityIndex<C extends CityLike>(cities: readonly C[]): CityIndex<C> {
  return {
    entries: cities.map((city) => {
      const latin = [city.name, ...(ALIASES[city.name] ?? [])].map((n) => normaliseLatin(n));
      const folded = latin.map(foldLatin);
      return {
        city,
        arabic: city.name_ar ? normaliseArabic(city.name_ar) : '',
        arabicRaw: city.name_ar ? normaliseArabic(city.name_ar, true) : '',
        latinRaw: normaliseLatin(city.name, true),
        latin,
        folded,
        skeletons: folded.map(skeleton),
        compact: folded.map((f) => f.replace(/\s/g, '')),
      };
    }),
  };
}

function wordPrefix(name: string, query: string): boolean {
  return name.split(' ').some((_, i, words) => words.slice(i).join(' ').startsWith(query));
}

interface Query {
  arabic: boolean;
  text: string;
  raw: string;
  folded: string;
  skeleton: string;
  compact: string;
}

function tierOf<C extends CityLike>(e: Entry<C>, q: Query): number | null {
  if (q.arabic) {
    if (!e.arabic) return null;
    if (e.arabic === q.text || e.arabicRaw === q.raw) return 0;
    if (q.text && e.arabic.startsWith(q.text)) return 1;
    if (e.arabicRaw.startsWith(q.raw)) return 1;
    if (q.text && wordPrefix(e.arabic, q.text)) return 2;
    if (wordPrefix(e.arabicRaw, q.raw)) return 2;
    if (!q.text) return null;
    const compact = e.arabic.replace(/\s/g, '');
    if (q.text.length >= 3 && isSubsequence(q.text.replace(/\s/g, ''), compact)) return 5;
    return null;
  }
  let best: number | null = null;
  const better = (t: number) => {
    if (best === null || t < best) best = t;
  };
  if (e.latinRaw === q.raw) better(0);
  else if (e.latinRaw.startsWith(q.raw) || wordPrefix(e.latinRaw, q.raw)) better(2);
  if (!q.text) return best;
  e.latin.forEach((name, i) => {
    const alias = i > 0 ? 1 : 0; // an alias ranks just below the same kind of match on the name
    if (name === q.text) better(0 + alias);
    else if (name.startsWith(q.text)) better(1 + alias);
    else if (wordPrefix(name, q.text)) better(2 + alias);
    const folded = e.folded[i] as string;
    if (folded.startsWith(q.folded) || wordPrefix(folded, q.folded)) better(3);
    if (q.skeleton.length >= 2 && (e.skeletons[i] as string).startsWith(q.skeleton)) better(4);
    if (q.compact.length >= 3 && isSubsequence(q.compact, e.compact[i] as string)) better(5);
  });
  return best;
}

/**
 * Cities matching what the agent typed, best first. An empty query lists every city in order
 * of the name in the UI language.
 */
export function matchCities<C extends CityLike>(index: CityIndex<C>, query: string, limit = 8, locale: 'ar' | 'en' = 'en'): CityMatch<C>[] {
  const byName = (a: CityMatch<C>, b: CityMatch<C>) =>
    locale === 'ar'
      ? (a.city.name_ar ?? a.city.name).localeCompare(b.city.name_ar ?? b.city.name, 'ar')
      : a.city.name.localeCompare(b.city.name, 'en');
  const trimmed = query.trim();
  if (!trimmed) {
    return index.entries.map((e) => ({ city: e.city, tier: 0 })).sort(byName).slice(0, limit);
  }
  const arabic = isArabic(trimmed);
  const text = arabic ? normaliseArabic(trimmed) : normaliseLatin(trimmed);
  const raw = arabic ? normaliseArabic(trimmed, true) : normaliseLatin(trimmed, true);
  if (!raw) return [];
  const folded = arabic || !text ? '' : foldLatin(text);
  const q: Query = { arabic, text, raw, folded, skeleton: folded ? skeleton(folded) : '', compact: folded.replace(/\s/g, '') };
  const out: CityMatch<C>[] = [];
  for (const e of index.entries) {
    const tier = tierOf(e, q);
    if (tier !== null) out.push({ city: e.city, tier });
  }
  out.sort((a, b) => a.tier - b.tier || a.city.name.length - b.city.name.length || byName(a, b));
  return out.slice(0, limit);
}
