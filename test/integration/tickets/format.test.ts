import { describe, expect, it } from 'vitest';
import { formatClass, formatClock12, formatDate, mapLink, nightHint, parseLocal } from '../../../sandbox/tickets/format.ts';

describe('ticket formatting', () => {
  it('reads the wall clock from the ISO string, never through a time zone', () => {
    expect(parseLocal('2026-07-01T23:30:00+03:00')).toEqual({ year: 2026, month: 7, day: 1, hour: 23, minute: 30, time: '23:30' });
    expect(parseLocal('2026-01-05T06:05:00+02:00')?.time).toBe('06:05');
    expect(parseLocal('2026-01-05T06:05:00Z')?.time).toBe('06:05');
    expect(parseLocal('tomorrow')).toBeNull();
  });

  it('formats dates in English and Arabic with Western digits', () => {
    const t = parseLocal('2026-07-01T23:30:00+03:00')!;
    expect(formatDate(t, 'en')).toBe('Wednesday 1 July 2026');
    expect(formatDate(t, 'ar')).toBe('الأربعاء 1 يوليو 2026');
    expect(formatClock12(t, 'en')).toBe('11:30 PM');
    expect(formatClock12(t, 'ar')).toBe('11:30 مساء');
    expect(formatClock12(parseLocal('2026-07-01T00:05:00+03:00')!, 'en')).toBe('12:05 AM');
    expect(formatClock12(parseLocal('2026-07-01T12:00:00+03:00')!, 'en')).toBe('12:00 PM');
  });

  it('names the night of a departure after midnight', () => {
    const spaces = (s: string | null) => s?.replace(/\u00a0/g, ' ');
    expect(spaces(nightHint(parseLocal('2026-03-01T00:30:00+02:00')!, 'en'))).toBe(
      'After midnight: the night of Saturday 28 February to Sunday 1 March',
    );
    expect(spaces(nightHint(parseLocal('2026-01-01T04:59:00+02:00')!, 'ar'))).toBe(
      'بعد منتصف الليل: ليلة الأربعاء 31 ديسمبر على الخميس 1 يناير',
    );
    // The dates in it never break across lines.
    expect(nightHint(parseLocal('2026-03-01T00:30:00+02:00')!, 'en')).toContain('Sunday\u00a01\u00a0March');
    expect(nightHint(parseLocal('2026-01-01T05:00:00+02:00')!, 'en')).toBeNull();
  });

  it('links the map only for verified coordinates', () => {
    expect(mapLink(30.0566, 31.2441)).toBe('https://www.google.com/maps?q=30.0566,31.2441');
    expect(mapLink(30.12345678, 31.5)).toBe('https://www.google.com/maps?q=30.123457,31.5');
    expect(mapLink(null, 31.2)).toBeNull();
    expect(mapLink(30.1, null)).toBeNull();
  });

  it('translates the operators\u2019 class names', () => {
    expect(formatClass('Business', 'ar')).toBe('بيزنس');
    expect(formatClass('Economy', 'ar')).toBe('اقتصادية');
    expect(formatClass('Sleeper', 'ar')).toBe('Sleeper');
    expect(formatClass('Elite', 'en')).toBe('Elite');
    expect(formatClass(null, 'en')).toBeNull();
  });
});
