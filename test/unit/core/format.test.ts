import { describe, expect, it } from 'vitest';
import { formatCairo, formatClockHour, formatMoney, formatNumber, formatPounds, formatSignedMoney } from '../../../core/format.ts';
import { formatDate, parseLocal, wallClockDate, wallClockTime } from '../../../core/wall-clock.ts';

// Spaces and bidi marks vary with the ICU version; the digits, separators and words do not.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ').replace(/[\u200e\u200f\u061c]/g, '');

describe('money', () => {
  it('writes integer piastres as Egyptian pounds in both languages', () => {
    expect(plain(formatMoney(47_050, 'en'))).toBe('EGP 470.50');
    expect(plain(formatMoney(123_456_789, 'en'))).toBe('EGP 1,234,567.89');
    expect(plain(formatMoney(0, 'en'))).toBe('EGP 0.00');
    expect(plain(formatMoney(47_050, 'ar'))).toBe('٤٧٠٫٥٠ ج.م.');
    expect(plain(formatMoney(123_456_789, 'ar'))).toBe('١٬٢٣٤٬٥٦٧٫٨٩ ج.م.');
    expect(plain(formatMoney(1_000, 'en', 'USD'))).toBe('$10.00');
  });

  it('shows prices on screen without ".00", and piastres only when there are some', () => {
    expect(plain(formatPounds(47_000, 'en'))).toBe('EGP 470');
    expect(plain(formatPounds(47_050, 'en'))).toBe('EGP 470.50');
    expect(plain(formatPounds(47_005, 'en'))).toBe('EGP 470.05');
    expect(plain(formatPounds(47_000, 'ar'))).toBe('٤٧٠ ج.م.');
  });

  it('shows the sign of statement amounts, except on zero', () => {
    expect(plain(formatSignedMoney(-47_000, 'en'))).toBe('-EGP 470.00');
    expect(plain(formatSignedMoney(47_000, 'en'))).toBe('+EGP 470.00');
    expect(plain(formatSignedMoney(0, 'en'))).toBe('EGP 0.00');
    expect(formatSignedMoney(-47_000, 'ar')).toMatch(/-.*٤٧٠٫٠٠/);
    expect(formatSignedMoney(47_000, 'ar')).toMatch(/\+.*٤٧٠٫٠٠/);
  });

  it('refuses an amount that is not whole piastres', () => {
    expect(() => formatMoney(470.5, 'en')).toThrow(RangeError);
    expect(() => formatPounds(Number.NaN, 'ar')).toThrow(RangeError);
    expect(() => formatSignedMoney(0.1, 'en')).toThrow(RangeError);
  });
});

describe('numbers', () => {
  it('groups and writes the language digits, up to two decimals', () => {
    expect(formatNumber(1234, 'en')).toBe('1,234');
    expect(formatNumber(1234, 'ar')).toBe('١٬٢٣٤');
    expect(formatNumber(500.5, 'en')).toBe('500.5');
    expect(formatNumber(4.756, 'en')).toBe('4.76');
  });
});

describe('service instants in Cairo time', () => {
  const summer = '2026-07-01T20:12:00Z'; // 23:12 +03:00
  const winter = '2026-12-01T20:12:00Z'; // 22:12 +02:00

  it('on screen: the medium date and short time of the language', () => {
    expect(plain(formatCairo(summer, 'en'))).toBe('1 Jul 2026, 23:12');
    expect(plain(formatCairo(winter, 'en'))).toBe('1 Dec 2026, 22:12');
    expect(plain(formatCairo(summer, 'ar'))).toBe('٠١/٠٧/٢٠٢٦، ١١:١٢ م');
  });

  it('on paper: the month by name and a 24-hour clock in both languages', () => {
    expect(plain(formatCairo(summer, 'en', 'paper'))).toBe('1 Jul 2026, 23:12');
    expect(plain(formatCairo(summer, 'ar', 'paper'))).toBe('١ يوليو ٢٠٢٦، ٢٣:١٢');
    expect(plain(formatCairo(new Date(winter), 'ar', 'paper'))).toBe('١ ديسمبر ٢٠٢٦، ٢٢:١٢');
    expect(formatCairo(Date.parse(winter), 'en', 'paper')).toBe(formatCairo(winter, 'en', 'paper'));
  });

  it('turns the date at Cairo midnight across both switches of summer time', () => {
    expect(plain(formatCairo('2026-04-23T21:59:00Z', 'en', 'paper'))).toBe('23 Apr 2026, 23:59'); // +02:00
    expect(plain(formatCairo('2026-04-23T22:00:00Z', 'en', 'paper'))).toBe('24 Apr 2026, 01:00'); // +03:00: 00:00-00:59 does not exist
    expect(plain(formatCairo('2026-10-29T20:30:00Z', 'en', 'paper'))).toBe('29 Oct 2026, 23:30'); // first 23:30, +03:00
    expect(plain(formatCairo('2026-10-29T21:30:00Z', 'en', 'paper'))).toBe('29 Oct 2026, 23:30'); // again, +02:00
    expect(plain(formatCairo('2026-10-29T22:00:00Z', 'en', 'paper'))).toBe('30 Oct 2026, 00:00');
  });
});

describe('wall-clock times of the API', () => {
  it('reads the digits written in the string, never through a zone', () => {
    expect(wallClockTime('2026-07-01T23:30:00+03:00')).toBe('23:30');
    expect(wallClockDate('2026-07-01T23:30:00+03:00')).toBe('2026-07-01');
    expect(wallClockTime('2026-07-01T23:30:00-05:00')).toBe('23:30');
    expect(parseLocal('2026-07-01T23:30:00+03:00')).toEqual({ year: 2026, month: 7, day: 1, hour: 23, minute: 30, time: '23:30' });
    expect(parseLocal('tomorrow')).toBeNull();
    expect(formatDate({ year: 2026, month: 7, day: 1 }, 'en', { short: true })).toBe('Wed 1 Jul 2026');
    expect(formatDate({ year: 2026, month: 7, day: 1 }, 'ar', { year: false })).toBe('الأربعاء 1 يوليو');
  });
});

describe('an hour of the day in the language digits', () => {
  it.each([
    [7, 'en', '07:00'],
    [23, 'en', '23:00'],
    [7, 'ar', '٠٧:٠٠'],
    [0, 'ar', '٠٠:٠٠'],
  ] as const)('%i in %s is %s', (hour, lang, shown) => {
    expect(formatClockHour(hour, lang)).toBe(shown);
  });
});
