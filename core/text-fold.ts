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

// ---------------------------------------------------------------------------------------------
// Across the scripts: a name typed in Latin letters finds it written in Arabic, and back
// ("Mohamed", "Muhammad", "Mohammed" and محمد are all "mhmd"). Both sides are cut to the
// consonants a Latin transliteration of Egyptian Arabic writes; the letters Latin writes as a
// vowel or not at all (alef, waw, yaa, ain, hamza, taa marbuta) are dropped, as vowels are.

const ARABIC_CONSONANT: Readonly<Record<string, string>> = {
  ب: 'b', ت: 't', ث: 't', ج: 'g', ح: 'h', خ: 'k', د: 'd', ذ: 'z', ر: 'r', ز: 'z', س: 's', ش: 's',
  ص: 's', ض: 'd', ط: 't', ظ: 'z', غ: 'g', ف: 'f', ق: 'k', ك: 'k', ل: 'l', م: 'm', ن: 'n', ه: 'h',
};

function arabicWordSkeleton(word: string): string {
  return [...word].map((ch) => ARABIC_CONSONANT[ch] ?? '').join('');
}

function latinWordSkeleton(folded: string): string {
  return folded
    .replace(/sh|kh|gh|th|dh/g, (d) => d[0]!)
    .replace(/j/g, 'g')
    .replace(/v/g, 'f')
    .replace(/p/g, 'b')
    .replace(/[^bdfghklmnrstz]/g, '');
}

/**
 * The consonant skeleton of a name in either script, word by word ("Mohamed Ali" → "mhmd l",
 * "محمد علي" → "mhmd l"); doubled consonants count once, articles are dropped.
 */
export function nameSkeleton(name: string): string {
  const arabic = isArabic(name);
  const words = arabic ? normaliseArabic(name.replace(/ة/g, '')).split(' ') : foldLatin(normaliseLatin(name)).split(' ');
  return words
    .map((w) => (arabic ? arabicWordSkeleton(w) : latinWordSkeleton(w)).replace(/([a-z])\1+/g, '$1'))
    .filter(Boolean)
    .join(' ');
}
