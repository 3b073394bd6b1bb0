// What a supervisor types into a percent field, read exactly (amounts: core/money.ts).
import { typedNumber } from '../../../core/digits.ts';

/** "12.5" → 12.5; null unless a number from 0 to 100 with at most 2 decimals. */
export function parsePercentInput(text: string): number | null {
  const s = typedNumber(text).replace(/\s/g, '').replace(/[%٪]$/, '');
  if (!/^(\d{1,3}(\.\d{0,2})?|\.\d{1,2})$/.test(s)) return null;
  const value = Number(s);
  return value >= 0 && value <= 100 ? value : null;
}
