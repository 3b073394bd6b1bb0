// Folding of names as people type them, in Arabic or Latin letters: one spelling for the
// variants (hamza forms, taa marbuta, alef maqsura, the article, tashkeel; ou/oo/u, ee/i, k/q/c,
// doubled letters). Used by the city type-ahead (renderer) and the booking lookup (main).

// ---------------------------------------------------------------------------------------------
// Arabic

const TASHKEEL = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED]/g;
const TATWEEL = /\u0640/g;
const ARABIC = /[\u0600-\u06FF]/;

/** One spelling for the forms people type interchangeably; the article dropped from each word. */
export function normaliseArabic(text: string, keepArticle = false): string {
  const words = text
    .replace(TASHKEEL, '')
    .replace(TATWEEL, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي')
    .replace(/[^\u0621-\u064A0-9\s]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return (keepArticle ? words : words.map((w) => (w.length > 3 && w.startsWith('ال') ? w.slice(2) : w))).join(' ');
}

export function isArabic(text: string): boolean {
  return ARABIC.test(text);
}

// ---------------------------------------------------------------------------------------------
// Latin

const ARTICLES = new Set(['el', 'al', 'el-', 'al-', 'the']);

/** Lower case, no diacritics, punctuation to spaces, the article dropped ("El-Mansoura" → "mansoura"). */
export function normaliseLatin(text: string, keepArticle = false): string {
  const lower = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  return (keepArticle ? lower : lower.replace(/\b(el|al)-(?=[a-z])/g, ''))
    .replace(/[^a-z0-9\s]/g, ' ')
    .split(/\s+/)
    .filter((w) => w && (keepArticle || !ARTICLES.has(w)))
    .join(' ');
}

/**
 * Folds the usual transliteration variants onto one spelling: sh/ch, ou/oo/u, ee/ie/ei/y/i,
 * k/q/c/ck, ph/f, doubled letters, and an 'a'/'e' that only marks a short vowel.
 */
export function foldLatin(normalised: string): string {
  return normalised
    .replace(/ch/g, 'sh')
    .replace(/ph/g, 'f')
    .replace(/ck|q|c/g, 'k')
    .replace(/ou|oo|w(?=[^aeiou]|$)/g, 'u')
    .replace(/ee|ie|ei|ey|iy|y/g, 'i')
    .replace(/ai|ay/g, 'a')
    .replace(/e/g, 'a')
    .replace(/o/g, 'u')
    .replace(/([a-z])\1+/g, '$1');
}

/** Consonants only (vowels and the half-vowels w/y dropped): "Asyut" and "Assiut" → "st". */
export function skeleton(folded: string): string {
  return folded.replace(/[aeiouwy\s]/g, '');
}
