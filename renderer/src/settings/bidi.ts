import { useT, type Translate } from '../i18n/index.ts';

// Values dropped into a sentence (money, printer names, masked ids, paths) are isolated from the
// text around them (Unicode FSI … PDI), so "TicketPDF" or "٣٥٠٫٠٠ ج.م." never reorders an Arabic
// sentence, nor the sentence them. The marks are invisible.

const FSI = '\u2068';
const PDI = '\u2069';

export function isolate(value: string | number): string {
  return `${FSI}${value}${PDI}`;
}

/** Text without the isolation marks (for comparisons and tests). */
export function stripIsolates(text: string): string {
  return text.replace(/[\u2066-\u2069]/g, '');
}

/** Like `useT()`, with every parameter isolated. */
export function useTi(): Translate {
  const t = useT();
  return (key, params) =>
    t(key, params && Object.fromEntries(Object.entries(params).map(([name, value]) => [name, isolate(value)])));
}
