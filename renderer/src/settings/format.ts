// Numbers the settings screens show besides money and time (those are in ../i18n/format.ts).
// Pure: Intl only, so it is tested under Node.

type Locale = 'ar' | 'en';

const tag = (locale: Locale) => (locale === 'ar' ? 'ar-EG' : 'en-EG');

/** 12.5 → "12.5%" / "١٢٫٥٪؜". */
export function formatPercent(percent: number, locale: Locale): string {
  return new Intl.NumberFormat(tag(locale), { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100);
}

/** A plain count, grouped: 1234 → "1,234" / "١٬٢٣٤". */
export function formatCount(n: number, locale: Locale): string {
  return new Intl.NumberFormat(tag(locale)).format(n);
}

/** 1_234_567 → "1.2 MB" (decimal units, as file managers show them). */
export function formatBytes(bytes: number, locale: Locale): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let i = 0;
  while (value >= 1000 && i < units.length - 1) {
    value /= 1000;
    i++;
  }
  return new Intl.NumberFormat(tag(locale), {
    style: 'unit',
    unit: units[i],
    unitDisplay: i === 0 ? 'long' : 'short',
    maximumFractionDigits: i === 0 ? 0 : 1,
  }).format(value);
}

/** A statement amount with its sign always shown: "+EGP 470.00", "-EGP 470.00" (Intl places it per language). */
export function formatSignedMoney(minor: number, locale: Locale): string {
  return new Intl.NumberFormat(tag(locale), { style: 'currency', currency: 'EGP', signDisplay: 'exceptZero' }).format(minor / 100);
}
