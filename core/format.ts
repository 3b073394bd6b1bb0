// Money, numbers and service instants as the agent and the traveller read them, in Arabic and
// English: on screen, on receipts and on reports. Money is an integer of piastres up to here and
// is formatted only here, with Intl (ar-EG / en-EG, EGP). Service instants (UTC) are shown in
// Africa/Cairo. The wall-clock times written in the API's own strings are ./wall-clock.ts.

import { toArabicIndicDigits } from './digits.ts';

export type Language = 'ar' | 'en';

/**
 * The digits an Arabic screen and Arabic paper write numbers with: Arabic-Indic (١٢٣, the
 * default) or Latin (123), a counter setting (Settings → Counter). One choice for every number,
 * money, date, chart and count in Arabic; English always uses Latin digits.
 */
export type ArabicDigits = 'arab' | 'latn';
let arabicDigits: ArabicDigits = 'arab';

/** Sets the counter's choice (main at start and when a supervisor changes it; the renderer from the app info). */
export function setArabicDigits(style: ArabicDigits): void {
  if (style === arabicDigits) return;
  arabicDigits = style;
  numberFormats.clear();
  cairoFormats.clear();
}

export function currentArabicDigits(): ArabicDigits {
  return arabicDigits;
}

/** Numbers and money: Egyptian Arabic (its digits as chosen, ج.م.) or English as written in Egypt. */
export function numberLocale(lang: Language): string {
  return lang === 'ar' ? (arabicDigits === 'latn' ? 'ar-EG-u-nu-latn' : 'ar-EG') : 'en-EG';
}

/** Dates: en-GB for English, day before month and a 24-hour clock, as Egypt writes them. */
export function dateLocale(lang: Language): string {
  return lang === 'ar' ? (arabicDigits === 'latn' ? 'ar-EG-u-nu-latn' : 'ar-EG') : 'en-GB';
}

/** Latin digits written in a text (a time from the API, a count) in the language's digits. */
export function localDigits(text: string, lang: Language): string {
  return lang === 'ar' && arabicDigits === 'arab' ? toArabicIndicDigits(text) : text;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(lang: Language, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang}:${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(numberLocale(lang), options);
    numberFormats.set(key, f);
  }
  return f;
}

function pounds(minor: number): number {
  if (!Number.isInteger(minor)) throw new RangeError(`money must be an integer of piastres, got ${minor}`);
  return minor / 100;
}

/** "EGP 1,234.50" / "‏١٬٢٣٤٫٥٠ ج.م.‏". */
export function formatMoney(minor: number, lang: Language, currency = 'EGP'): string {
  return numberFormat(lang, { style: 'currency', currency }).format(pounds(minor));
}

/** An amount as a plain number of pounds with its piastres, for a table whose head names the currency: "1,234.50" / "١٬٢٣٤٫٥٠". */
export function formatAmount(minor: number, lang: Language): string {
  return numberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(pounds(minor));
}

/** A price on screen: "EGP 470" for whole pounds, "EGP 470.50" when there are piastres. */
export function formatPounds(minor: number, lang: Language): string {
  const whole = minor % 100 === 0;
  const digits = whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  return numberFormat(lang, { style: 'currency', currency: 'EGP', ...digits }).format(pounds(minor));
}

/** A statement amount with its sign always shown: "+EGP 470.00", "-EGP 470.00" (Intl places it per language). */
export function formatSignedMoney(minor: number, lang: Language): string {
  return numberFormat(lang, { style: 'currency', currency: 'EGP', signDisplay: 'exceptZero' }).format(pounds(minor));
}

/**
 * Between the parts of a line that holds a figure ("Go Bus · 1"): the Arabic comma in Arabic, where
 * a middle dot beside Arabic-Indic digits reads as the zero ("جو باص · ١" is seen as "١٠").
 */
export function partsSeparator(lang: Language): string {
  return lang === 'ar' ? '، ' : ' · ';
}

/** A number in the language's digits, grouped, up to two decimals: 1234 → "1,234" / "١٬٢٣٤". */
export function formatNumber(n: number, lang: Language): string {
  return numberFormat(lang, { maximumFractionDigits: 2 }).format(n);
}

/**
 * How a service instant is written: `screen` is the locale's medium date and short time ("1 Jul
 * 2026, 23:12" / "٠١‏/٠٧‏/٢٠٢٦، ١١:١٢ م"); `paper` names the month and keeps a 24-hour clock in
 * both languages ("1 Jul 2026, 23:12" / "١ يوليو ٢٠٢٦، ٢٣:١٢"), as receipts print it.
 */
export type CairoTimeStyle = 'screen' | 'paper';

const CAIRO_TIME_OPTIONS: Record<CairoTimeStyle, Intl.DateTimeFormatOptions> = {
  screen: { timeZone: 'Africa/Cairo', dateStyle: 'medium', timeStyle: 'short' },
  paper: { timeZone: 'Africa/Cairo', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
};

const cairoFormats = new Map<string, Intl.DateTimeFormat>();

/** A service instant (an ISO string, a Date or epoch milliseconds) in Cairo time. */
export function formatCairo(at: Date | string | number, lang: Language, style: CairoTimeStyle = 'screen'): string {
  const key = `${lang}:${style}`;
  let f = cairoFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(dateLocale(lang), CAIRO_TIME_OPTIONS[style]);
    cairoFormats.set(key, f);
  }
  return f.format(typeof at === 'string' ? new Date(at) : at);
}

/** A service instant in Cairo time as its date and its time apart (a narrow table puts them on two lines). */
export function cairoDateAndTime(at: Date | string | number, lang: Language): { date: string; time: string } {
  const when = typeof at === 'string' ? new Date(at) : at;
  const tag = dateLocale(lang);
  return {
    date: new Intl.DateTimeFormat(tag, { timeZone: 'Africa/Cairo', dateStyle: 'medium' }).format(when),
    time: new Intl.DateTimeFormat(tag, { timeZone: 'Africa/Cairo', timeStyle: 'short' }).format(when),
  };
}

/** An hour of the day on a clock face, in the language's digits: 7 → "07:00" / "٠٧:٠٠" (charts, tables by hour). */
export function formatClockHour(hour: number, lang: Language): string {
  const two = numberFormat(lang, { minimumIntegerDigits: 2, useGrouping: false });
  return `${two.format(hour)}:${two.format(0)}`;
}
