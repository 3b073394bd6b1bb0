// Numbers only the settings screens show: percentages and file sizes (money, counts and times are
// core/format.ts). Pure: Intl only, so it is tested under Node.
import { numberLocale, type Language } from '../../../core/format.ts';

/** 12.5 → "12.5%" / "١٢٫٥٪؜". */
export function formatPercent(percent: number, locale: Language): string {
  return new Intl.NumberFormat(numberLocale(locale), { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100);
}

/** 1_234_567 → "1.2 MB" (decimal units, as file managers show them). */
export function formatBytes(bytes: number, locale: Language): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let i = 0;
  while (value >= 1000 && i < units.length - 1) {
    value /= 1000;
    i++;
  }
  return new Intl.NumberFormat(numberLocale(locale), {
    style: 'unit',
    unit: units[i],
    unitDisplay: i === 0 ? 'long' : 'short',
    maximumFractionDigits: i === 0 ? 0 : 1,
  }).format(value);
}
