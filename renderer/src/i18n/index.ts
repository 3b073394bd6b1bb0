import { currentArabicDigits, setArabicDigits, type ArabicDigits } from '../../../core/format.ts';
import { create } from 'zustand';
import { areas } from './messages/index.ts';

export type Locale = 'ar' | 'en';
type KeysOf<T> = T extends unknown ? keyof T : never;
export type MessageKey = KeysOf<(typeof areas)[number]['en']>;

const dictionaries = {
  en: Object.assign({}, ...areas.map((a) => a.en)) as Record<MessageKey, string>,
  ar: Object.assign({}, ...areas.map((a) => a.ar)) as Record<MessageKey, string>,
};
const STORAGE_KEY = 'shubbak.locale';

function initialLocale(): Locale {
  const saved = localStorage.getItem(STORAGE_KEY);
  return saved === 'en' || saved === 'ar' ? saved : 'ar';
}

/** Sets `lang` and `dir` on the root so every logical CSS property mirrors with it. */
function applyToDocument(locale: Locale) {
  document.documentElement.lang = locale;
  document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
}

interface LocaleState {
  locale: Locale;
  /** The digits Arabic screens write numbers with (the counter's setting, from the app info). */
  digits: ArabicDigits;
  setLocale(locale: Locale): void;
  setDigits(digits: ArabicDigits): void;
  toggle(): void;
}

export const useLocale = create<LocaleState>((set, get) => ({
  locale: initialLocale(),
  setLocale(locale) {
    localStorage.setItem(STORAGE_KEY, locale);
    applyToDocument(locale);
    set({ locale });
  },
  digits: currentArabicDigits(),
  setDigits(digits) {
    setArabicDigits(digits);
    set({ digits });
  },
  toggle() {
    get().setLocale(get().locale === 'ar' ? 'en' : 'ar');
  },
}));
applyToDocument(useLocale.getState().locale);

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

export function translate(locale: Locale, key: MessageKey, params?: Record<string, string | number>): string {
  const text = dictionaries[locale][key];
  return params ? text.replace(/\{(\w+)\}/g, (m, name: string) => String(params[name] ?? m)) : text;
}

/** The translate function of the current locale; re-renders when the agent switches language. */
export function useT(): Translate {
  const locale = useLocale((s) => s.locale);
  // every screen that says something re-renders when the counter's digits change, and so does its numbers' formatting
  useLocale((s) => s.digits);
  return (key, params) => translate(locale, key, params);
}
