import { afterEach, describe, expect, it } from 'vitest';
import { formatCairo, formatClockHour, formatMoney, formatNumber, localDigits, setArabicDigits } from '../../../core/format.ts';

afterEach(() => setArabicDigits('arab'));

describe("the counter's digits in Arabic", () => {
  it('are Arabic-Indic by default, for money, counts, hours, instants and digits written in a text', () => {
    expect(formatNumber(1234, 'ar')).toBe('١٬٢٣٤');
    expect(formatMoney(123_450, 'ar')).toMatch(/١٬٢٣٤٫٥٠/);
    expect(formatClockHour(7, 'ar')).toBe('٠٧:٠٠');
    expect(formatCairo('2026-07-01T20:12:00Z', 'ar', 'paper')).toMatch(/٢٠٢٦/);
    expect(localDigits('23:30', 'ar')).toBe('٢٣:٣٠');
  });

  it('are Latin everywhere in Arabic once the counter chooses Latin, and English never changes', () => {
    setArabicDigits('latn');
    expect(formatNumber(1234, 'ar')).toBe('1,234');
    expect(formatMoney(123_450, 'ar')).toMatch(/1,234\.50/);
    expect(formatMoney(123_450, 'ar')).toMatch(/ج\.م\./);
    expect(formatClockHour(7, 'ar')).toBe('07:00');
    expect(formatCairo('2026-07-01T20:12:00Z', 'ar', 'paper')).toMatch(/2026/);
    expect(formatCairo('2026-07-01T20:12:00Z', 'ar', 'paper')).toMatch(/يوليو/);
    expect(localDigits('23:30', 'ar')).toBe('23:30');
    expect(formatMoney(123_450, 'en')).toMatch(/^EGP\s1,234\.50$/);
    setArabicDigits('arab');
    expect(formatNumber(1234, 'ar')).toBe('١٬٢٣٤');
  });
});
