import { describe, expect, it } from 'vitest';
import {
  addDays,
  cairoDate,
  cairoHour,
  cairoInstant,
  cairoOffsetMinutes,
  isLocalDate,
  localIso,
  toCairoIso,
  weekdayOf,
} from '../../../core/cairo-time.ts';

const HOUR_MS = 3_600_000;

/** Offset switches of a year found straight from Intl (not through the module under test). */
function switchesOf(year: number): { at: string; from: string; to: string }[] {
  const fmt = new Intl.DateTimeFormat('en-US', { timeZone: 'Africa/Cairo', timeZoneName: 'longOffset' });
  const offsetAt = (ms: number) => fmt.formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? '';
  const found: { at: string; from: string; to: string }[] = [];
  let previous = offsetAt(Date.UTC(year, 0, 1));
  for (let ms = Date.UTC(year, 0, 1); ms < Date.UTC(year + 1, 0, 1); ms += HOUR_MS) {
    const now = offsetAt(ms);
    if (now !== previous) found.push({ at: new Date(ms).toISOString(), from: previous, to: now });
    previous = now;
  }
  return found;
}

describe('Africa/Cairo time', () => {
  it('writes summer times with +03:00 and winter times with +02:00', () => {
    expect(localIso('2026-07-01', '23:30')).toBe('2026-07-01T23:30:00+03:00');
    expect(localIso('2026-12-01', '08:00')).toBe('2026-12-01T08:00:00+02:00');
    expect(localIso('2027-01-15', '00:00')).toBe('2027-01-15T00:00:00+02:00');
  });

  it('follows the 2026 switches that Intl reports: last Friday of April, last Thursday of October', () => {
    const switches = switchesOf(2026);
    expect(switches).toEqual([
      { at: '2026-04-23T22:00:00.000Z', from: 'GMT+02:00', to: 'GMT+03:00' },
      { at: '2026-10-29T21:00:00.000Z', from: 'GMT+03:00', to: 'GMT+02:00' },
    ]);
    // Local date of the first summer hour is a Friday, the last Friday of April.
    expect(weekdayOf('2026-04-24')).toBe('fri');
    expect(addDays('2026-04-24', 7).slice(5, 7)).toBe('05');
    // Summer time ends after the last Thursday of October.
    expect(weekdayOf('2026-10-29')).toBe('thu');
    expect(addDays('2026-10-29', 7).slice(5, 7)).toBe('11');
  });

  it('handles the spring-forward day: the missing hour moves forward by the gap', () => {
    expect(localIso('2026-04-23', '23:59')).toBe('2026-04-23T23:59:00+02:00');
    expect(localIso('2026-04-24', '00:00')).toBe('2026-04-24T01:00:00+03:00');
    expect(localIso('2026-04-24', '00:30')).toBe('2026-04-24T01:30:00+03:00');
    expect(localIso('2026-04-24', '01:00')).toBe('2026-04-24T01:00:00+03:00');
    expect(localIso('2026-04-24', '08:00')).toBe('2026-04-24T08:00:00+03:00');
  });

  it('handles the fall-back day: a repeated hour means its first occurrence', () => {
    expect(localIso('2026-10-29', '22:59')).toBe('2026-10-29T22:59:00+03:00');
    expect(localIso('2026-10-29', '23:30')).toBe('2026-10-29T23:30:00+03:00');
    expect(cairoInstant('2026-10-29', '23:30')).toBe(Date.parse('2026-10-29T20:30:00Z'));
    expect(localIso('2026-10-30', '00:00')).toBe('2026-10-30T00:00:00+02:00');
  });

  it('adds elapsed minutes and writes the arrival in the offset valid then', () => {
    expect(localIso('2026-10-29', '23:30', 60)).toBe('2026-10-29T23:30:00+02:00');
    expect(localIso('2026-10-29', '21:00', 600)).toBe('2026-10-30T06:00:00+02:00');
    expect(localIso('2026-04-23', '23:30', 60)).toBe('2026-04-24T01:30:00+03:00');
    expect(localIso('2026-12-03', '23:00', 180)).toBe('2026-12-04T02:00:00+02:00');
    expect(localIso('2026-12-31', '22:00', 240)).toBe('2027-01-01T02:00:00+02:00');
  });

  it('round-trips every half hour of 2026 against Intl', () => {
    const fmt = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Africa/Cairo', year: 'numeric', month: '2-digit', day: '2-digit',
      hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
    });
    const mismatches: string[] = [];
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += HOUR_MS / 2) {
      const iso = toCairoIso(ms);
      const parts = Object.fromEntries(fmt.formatToParts(ms).map((p) => [p.type, p.value]));
      const digits = `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
      if (Date.parse(iso) !== ms || iso.slice(0, 16) !== digits || cairoDate(ms) !== iso.slice(0, 10)) {
        mismatches.push(`${new Date(ms).toISOString()} -> ${iso} (Intl ${digits})`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('gives the offset in minutes', () => {
    expect(cairoOffsetMinutes(Date.parse('2026-07-01T12:00:00Z'))).toBe(180);
    expect(cairoOffsetMinutes(Date.parse('2026-12-01T12:00:00Z'))).toBe(120);
  });

  it('refuses what is not a date or a time', () => {
    expect(() => localIso('2026-02-30', '08:00')).toThrow(RangeError);
    expect(() => localIso('2026-2-3', '08:00')).toThrow(RangeError);
    expect(() => localIso('2026-07-01', '24:00')).toThrow(RangeError);
    expect(() => localIso('2026-07-01', '7:00')).toThrow(RangeError);
    expect(() => localIso('2026-07-01', '07:00', 1.5)).toThrow(RangeError);
  });
});

describe('the business day at the station', () => {
  it('is the Cairo date, not the UTC one and not the PC zone', () => {
    expect(cairoDate(new Date('2026-07-01T21:30:00Z'))).toBe('2026-07-02'); // 00:30 +03:00
    expect(cairoDate(new Date('2026-12-01T21:30:00Z'))).toBe('2026-12-01'); // 23:30 +02:00
    expect(cairoDate(Date.parse('2026-12-01T22:00:00Z'))).toBe('2026-12-02'); // 00:00 +02:00
  });

  it('turns at Cairo midnight on both switch days', () => {
    // Spring forward: 2026-04-23 23:59:59 +02:00 is followed by 2026-04-24 01:00 +03:00.
    expect(cairoDate(Date.parse('2026-04-23T21:59:59Z'))).toBe('2026-04-23');
    expect(cairoDate(Date.parse('2026-04-23T22:00:00Z'))).toBe('2026-04-24');
    // Fall back: 23:00-23:59 of 2026-10-29 happens twice (+03:00 then +02:00), both on the 29th.
    expect(cairoDate(Date.parse('2026-10-29T20:30:00Z'))).toBe('2026-10-29'); // 23:30 +03:00
    expect(cairoDate(Date.parse('2026-10-29T21:30:00Z'))).toBe('2026-10-29'); // 23:30 +02:00
    expect(cairoDate(Date.parse('2026-10-29T22:00:00Z'))).toBe('2026-10-30'); // 00:00 +02:00
  });

  it('agrees with Intl on every hour of 2025-2027', () => {
    const fmt = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo', year: 'numeric', month: '2-digit', day: '2-digit' });
    const off: string[] = [];
    for (let ms = Date.UTC(2025, 0, 1); ms < Date.UTC(2028, 0, 1); ms += HOUR_MS) {
      if (cairoDate(ms) !== fmt.format(ms)) off.push(new Date(ms).toISOString());
    }
    expect(off).toEqual([]);
  });

  it.each([
    ['2026-07-01T21:30:00Z', 0], // 00:30 +03:00, the next business day
    ['2026-07-01T20:59:59Z', 23],
    ['2026-12-01T21:30:00Z', 23], // 23:30 +02:00
    ['2026-04-23T21:59:59Z', 23], // just before the spring gap
    ['2026-04-23T22:00:00Z', 1], // 01:00 +03:00: there is no 00:xx that night
    ['2026-10-29T20:30:00Z', 23], // 23:30 +03:00, first time
    ['2026-10-29T21:30:00Z', 23], // 23:30 +02:00, second time
    ['2026-10-29T22:00:00Z', 0],
  ])('puts %s in the Cairo hour %i', (iso, hour) => {
    expect(cairoHour(new Date(iso))).toBe(hour);
    expect(cairoHour(Date.parse(iso))).toBe(hour);
  });

  it('agrees with Intl on the hour of every half hour of 2026', () => {
    const fmt = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Cairo', hour: '2-digit', hourCycle: 'h23' });
    const off: string[] = [];
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += HOUR_MS / 2) {
      if (cairoHour(ms) !== Number(fmt.format(ms))) off.push(new Date(ms).toISOString());
    }
    expect(off).toEqual([]);
  });

  it('counts calendar days and checks calendar dates', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(isLocalDate('2026-02-28')).toBe(true);
    expect(isLocalDate('2026-02-31')).toBe(false);
    expect(isLocalDate('tomorrow')).toBe(false);
  });
});
